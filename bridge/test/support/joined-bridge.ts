import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBridgeProcess, tempDataDir, type BridgeProcess } from './bridge-process';
import { connectMqtt, type MqttProbe } from '../../../test/helpers/clients';
import { waitFor } from '../../../test/helpers/wait';

/**
 * A real bridge on a virtual radio holding exactly `devices`, all joined and interviewed, with a
 * probe subscribed to everything. Plus the small helpers every device test needs.
 */
export interface NetworkDevice {
  model: string;
  /** herdsman form, 0x + 16 hex. */
  ieee: string;
}

export interface JoinedBridge {
  bridge: BridgeProcess;
  probe: MqttProbe;
  dataDir: string;
  /** `herdgate/bridge/<id>/<leaf>`. */
  bt(leaf: string): string;
  /** `herdgate/devices/<ieee>[/<rest>]`. */
  dt(ieee: string, rest?: string): string;
  /** Control API of the virtual radio (JSON in, JSON out). */
  radio(path: string, init?: { method?: string; body?: unknown }): Promise<any>;
  act(ieee: string, action: string, body?: unknown): Promise<any>;
  /** The simulated device's real internal state (`state.endpoints[ep][cluster][attribute]`). */
  real(ieee: string): Promise<any>;
  /** Publish a request and wait for its response (by transaction). */
  request(name: string, body: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  /** Publish a set to a device endpoint and wait for its result (by transaction). */
  set(ieee: string, endpoint: number, body: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

let counter = 0;

export async function startJoinedBridge(devices: NetworkDevice[], env: Record<string, string> = {}): Promise<JoinedBridge> {
  const dataDir = tempDataDir();
  const network = join(dataDir, 'network-def.json');
  writeFileSync(network, JSON.stringify({ devices: devices.map((d) => ({ model: d.model, ieee: d.ieee.slice(2) })) }));
  // The probe logs in as the api does: administrative requests (backup, alarm) need that account.
  const account = { username: 'test-api', password: randomBytes(12).toString('hex') };
  const bridge = await startBridgeProcess({
    dataDir,
    env: { VIRTUAL_RADIO_NETWORK: network, MQTT_USER: account.username, MQTT_PASSWORD: account.password, ...env },
  });
  let probe: MqttProbe | undefined;
  try {
    probe = await connectMqtt(bridge.mqttUrl, ['herdgate/#'], account);
    const p = probe;
    const bt = (leaf: string) => `herdgate/bridge/${bridge.bridgeId}/${leaf}`;
    const dt = (ieee: string, rest?: string) => `herdgate/devices/${ieee}${rest === undefined ? '' : `/${rest}`}`;
    const radio = async (path: string, init?: { method?: string; body?: unknown }) => {
      const res = await fetch(`${bridge.radioControl}${path}`, {
        method: init?.method ?? 'GET',
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(5_000),
      });
      const text = await res.text();
      return text ? JSON.parse(text) : {};
    };
    const joined: JoinedBridge = {
      bridge,
      probe: p,
      dataDir,
      bt,
      dt,
      radio,
      act: (ieee, action, body = {}) => radio(`/devices/${ieee.slice(2)}/actions/${action}`, { method: 'POST', body }),
      real: async (ieee) => (await radio(`/devices/${ieee.slice(2)}`)).state,
      async request(name, body, timeoutMs = 10_000) {
        const transaction = `r${(counter += 1)}`;
        await p.publish(bt(`request/${name}`), { ...body, transaction });
        return (await p.waitFor((m) => m.topic === bt(`response/${name}`) && m.json().transaction === transaction, timeoutMs, `response to ${name}`)).json();
      },
      async set(ieee, endpoint, body, timeoutMs = 10_000) {
        const transaction = `s${(counter += 1)}`;
        await p.publish(dt(ieee, `${endpoint}/set`), { ...body, transaction });
        return (
          await p.waitFor(
            (m) => m.topic === dt(ieee, `${endpoint}/set/result`) && m.json().transaction === transaction,
            timeoutMs,
            `result of set ${transaction}`,
          )
        ).json();
      },
      async close() {
        await p.close();
        await bridge.stop();
      },
    };
    await joined.request('permit_join', { time: 120 });
    for (const { ieee } of devices) {
      await p.waitFor((m) => m.topic === dt(ieee) && m.json().interview === 'successful' && m.json().subdevices.length > 0, 60_000, `interview of ${ieee}`);
    }
    await joined.request('permit_join', { time: 0 });
    return joined;
  } catch (err) {
    await probe?.close();
    await bridge.stop();
    throw err;
  }
}

/** Bounded polling of something that settles over time (a blind travelling, a report arriving). */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  let last: T | undefined;
  const found = await waitFor(
    async () => {
      last = await read();
      return ok(last) ? { value: last } : undefined;
    },
    () => `${what}; last: ${JSON.stringify(last)}`,
    timeoutMs,
    100,
  );
  return found.value;
}
