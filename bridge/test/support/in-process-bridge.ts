import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config';
import { startBridge, type RunningBridge } from '../../src/controller';
import { createLogger, type LogRing } from '../../src/logger';
import type { ZigbeeDevice } from '../../src/zigbee/index';
import { createFakeRadio, type FakeRadio } from './fake-radio';
import { connectMqtt, type MqttProbe } from '../../../test/helpers/clients';

/**
 * The whole bridge (controller, features, command queue, the embedded Aedes broker on a loopback
 * ephemeral port) in the test process on a fake radio: what its features do, seen over real MQTT,
 * in milliseconds instead of a child process and a pairing. `env` takes the bridge's settings.
 */
export interface InProcessBridge {
  bridge: RunningBridge;
  radio: FakeRadio;
  probe: MqttProbe;
  /** The api's broker account the probe logs in with. */
  account: { username: string; password: string };
  /** `herdgate/bridge/<id>/<leaf>`. */
  bt(leaf: string): string;
  /** `herdgate/devices/<ieee>[/<rest>]`. */
  dt(ieee: string, rest?: string): string;
  request(name: string, body: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  set(ieee: string, endpoint: number, body: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  groupSet(group: number, body: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * `setup` prepares the fake radio before the bridge starts (its devices' OTA clients, say); `logs`:
 * the root logger keeps its warnings there and the bridge relays them (the log view).
 */
export async function startInProcessBridge(
  devices: ZigbeeDevice[],
  env: Record<string, string> = {},
  setup?: (radio: FakeRadio) => void,
  logs?: LogRing,
): Promise<InProcessBridge> {
  const dataDir = mkdtempSync(join(tmpdir(), 'herdgate-bridge-'));
  const account = { username: 'test-api', password: randomBytes(12).toString('hex') };
  const loaded = loadConfig(
    {
      DATA_DIR: dataDir,
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: '0',
      PERMIT_JOIN_ON_START: '0',
      GROUP_DELAY_MS: '0',
      MQTT_USER: account.username,
      MQTT_PASSWORD: account.password,
      ...env,
    },
    '',
  );
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const radio = createFakeRadio(devices);
  setup?.(radio);
  const fatal: string[] = [];
  const level = process.env.TEST_LOG_LEVEL ?? 'silent';
  const bridge = await startBridge(loaded.config, logs ? createLogger(level, 'bridge', undefined, logs) : pino({ level }), (reason) => fatal.push(reason), {
    radio,
    logs,
  });
  const probe = await connectMqtt(bridge.mqttUrl, ['herdgate/#'], account).catch(async (err: unknown) => {
    await bridge.stop();
    throw err;
  });
  const bt = (leaf: string) => `herdgate/bridge/${bridge.bridgeId}/${leaf}`;
  const dt = (ieee: string, rest?: string) => `herdgate/devices/${ieee}${rest === undefined ? '' : `/${rest}`}`;
  const answered = async (topic: string, resultTopic: string, body: Record<string, unknown>, timeoutMs: number, what: string) => {
    const transaction = `t${(counter += 1)}`;
    await probe.publish(topic, { ...body, transaction });
    return (await probe.waitFor((m) => m.topic === resultTopic && m.json().transaction === transaction, timeoutMs, what)).json();
  };
  return {
    bridge,
    radio,
    probe,
    account,
    bt,
    dt,
    request: (name, body, timeoutMs = 3_000) => answered(bt(`request/${name}`), bt(`response/${name}`), body, timeoutMs, `response to ${name}`),
    set: (ieee, endpoint, body, timeoutMs = 3_000) =>
      answered(dt(ieee, `${endpoint}/set`), dt(ieee, `${endpoint}/set/result`), body, timeoutMs, `result of a set to ${ieee}/${endpoint}`),
    groupSet: (group, body, timeoutMs = 3_000) =>
      answered(bt(`groups/${group}/set`), bt(`groups/${group}/set/result`), body, timeoutMs, `result of a set to group ${group}`),
    async close() {
      await probe.close();
      await bridge.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (fatal.length > 0) throw new Error(`the bridge stopped on its own: ${fatal.join('; ')}`);
    },
  };
}
