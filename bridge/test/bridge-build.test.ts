import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBridge, type BuildResult } from '../scripts/build';
import { startBridgeProcess, tempDataDir, type BridgeProcess } from './support/bridge-process';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';

/**
 * The bundle `npm start` and `npm run start:bridge` run (plain JavaScript, no tsx in the process):
 * built like they build it, then started for real on its own virtual radio, paired and switched.
 */
const LAMP = '0x0017880100a1b2c3';

describe('bridge build', () => {
  let built: BuildResult;
  let bridge: BridgeProcess | undefined;
  let probe: MqttProbe | undefined;
  const dataDir = tempDataDir();
  const bt = (leaf: string) => `herdgate/bridge/${bridge!.bridgeId}/${leaf}`;

  beforeAll(async () => {
    built = await buildBridge();
  }, 30_000);
  afterAll(async () => {
    await probe?.close();
    await bridge?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should bundle the bridge and @herdgate/shared sources and leave npm packages to node_modules', () => {
    expect(built.inputs).toContain('bridge/src/main.ts');
    expect(built.inputs.some((file) => file.startsWith('shared/src/mqtt/'))).toBe(true);
    expect(built.inputs.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(built.external).toEqual(expect.arrayContaining(['aedes', 'pino', 'zigbee-herdsman', 'zigbee-herdsman-converters']));
    const code = readFileSync(built.bundle, 'utf8');
    expect(code).not.toMatch(/from ["']@herdgate\//);
    expect(code).toContain('//# sourceMappingURL=main.mjs.map');
  });

  it('should run with plain node: pair a lamp and switch it at the radio', async () => {
    const network = join(dataDir, 'network-def.json');
    writeFileSync(network, JSON.stringify({ devices: [{ model: 'LCT015', ieee: LAMP.slice(2), name: 'Lamp' }] }));
    bridge = await startBridgeProcess({ dataDir, entry: built.bundle, env: { VIRTUAL_RADIO_NETWORK: network } });
    probe = await connectMqtt(bridge.mqttUrl, ['herdgate/#']);
    await probe.waitFor((m) => m.topic === bt('state') && m.json().state === 'online', 10_000, 'bridge online');
    await probe.publish(bt('request/permit_join'), { time: 60, transaction: 'join' });
    await probe.waitFor((m) => m.topic === bt('event') && m.json().type === 'interview_succeeded' && m.json().ieee === LAMP, 40_000, 'lamp interview');

    await probe.publish(`herdgate/devices/${LAMP}/11/set`, { on: true, bri: 120, transaction: 'on' });
    const result = await probe.waitFor((m) => m.topic === `herdgate/devices/${LAMP}/11/set/result` && m.json().transaction === 'on', 15_000, 'set result');
    expect(result.json()).toMatchObject({ transaction: 'on', status: 'ok', data: { acknowledged: true } });
    const real = (await (await fetch(`${bridge.radioControl}/devices/${LAMP.slice(2)}`)).json()) as { state: { endpoints: Record<string, any> } };
    expect(real.state.endpoints['11'].genOnOff.onOff).toBe(1);
    expect(real.state.endpoints['11'].genLevelCtrl.currentLevel).toBe(120);
    expect(await bridge.stop()).toBe(0);
  }, 90_000);
});
