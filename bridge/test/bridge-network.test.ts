import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startJoinedBridge, type JoinedBridge } from './support/joined-bridge';

/**
 * Whole-network operations over the MQTT contract, on one real bridge and its virtual radio: the
 * options the api pushes, radio off/on, a simulated firmware update. Each leaves the network up and
 * proves it by switching the lamp (its real attribute in the simulated device).
 */
const LAMP = { model: 'LCT015', ieee: '0x0017880100000a01' };

describe('bridge network operations', () => {
  let net: JoinedBridge;
  beforeAll(async () => {
    net = await startJoinedBridge([LAMP]);
  }, 90_000);
  afterAll(async () => {
    await net?.close();
  });

  const info = () => net.probe.messages.filter((m) => m.topic === net.bt('info')).at(-1)!.json();
  const lampOn = async () => (await net.real(LAMP.ieee)).endpoints['11'].genOnOff.onOff;
  const switchLamp = async (on: boolean) => {
    const result = await net.set(LAMP.ieee, 11, { on });
    expect(result.status).toBe('ok');
    expect(await lampOn()).toBe(on ? 1 : 0);
  };

  it('should apply options and report them in its info', async () => {
    const ok = await net.request('options', { group_delay_ms: 300, ota: true });
    expect(ok).toMatchObject({ status: 'ok', data: { group_delay_ms: 300, ota: true } });
    await eventually(async () => info(), (i) => i.options?.group_delay_ms === 300 && i.options.ota === true, 5_000, 'options in info');
    const bad = await net.request('options', { group_delay_ms: 5001 });
    expect(bad).toMatchObject({ status: 'error', error: { code: 'invalid_payload', field: 'group_delay_ms' } });
    await net.request('options', { group_delay_ms: 50, ota: false });
  });

  it('should take the network down and bring it back on the same network', async () => {
    const down = await net.request('network/connect', { connected: false }, 30_000);
    expect(down).toMatchObject({ status: 'ok', data: { connected: false } });
    await eventually(async () => info(), (i) => i.rfconnected === false && i.network_state === 'down', 5_000, 'rfconnected false');
    expect((await net.radio('/health')).hostConnected).toBe(false);
    const refused = await net.set(LAMP.ieee, 11, { on: true });
    expect(refused).toMatchObject({ status: 'error', error: { code: 'not_connected' } });
    expect(await net.request('permit_join', { time: 30 })).toMatchObject({ status: 'error', error: { code: 'not_connected' } });
    expect(await net.request('network/channel', { channel: 20 })).toMatchObject({ status: 'error', error: { code: 'not_connected' } });

    const up = await net.request('network/connect', { connected: true }, 60_000);
    expect(up).toMatchObject({ status: 'ok', data: { connected: true } });
    await eventually(async () => info(), (i) => i.rfconnected === true && i.network_state === 'up', 5_000, 'rfconnected true');
    await switchLamp(true);
    await switchLamp(false);
    expect(await net.request('network/connect', { connected: 'yes' })).toMatchObject({ status: 'error', error: { code: 'invalid_payload' } });
  }, 120_000);

  it('should update the virtual radio firmware and resume the network', async () => {
    const before = info().coordinator.firmware;
    const done = await net.request('firmware/update', {}, 60_000);
    expect(done.status).toBe('ok');
    expect(done.data.updated).toBe(true);
    expect(done.data.firmware).not.toBe(before);
    expect((await net.radio('/health')).firmware).toBe(done.data.firmware);
    await eventually(async () => info(), (i) => i.coordinator.firmware === done.data.firmware && i.rfconnected === true, 5_000, 'new firmware in info');
    const stages = net.probe.messages.filter((m) => m.topic === net.bt('event') && m.json().type === 'network').map((m) => m.json().data);
    expect(stages.filter((s) => s.operation === 'firmware').map((s) => s.stage)).toEqual(['started', 'flashing', 'restarting', 'done']);
    await switchLamp(true);
  }, 120_000);
});
