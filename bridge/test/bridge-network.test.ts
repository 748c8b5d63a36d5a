import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startJoinedBridge, type JoinedBridge } from './support/joined-bridge';

/**
 * Whole-network operations over the MQTT contract, on one real bridge and its virtual radio: the
 * options the api pushes, radio off/on, a simulated firmware update, a channel change and a new
 * network. Each leaves the network up and proves it by switching the lamp (its real attribute in the
 * simulated device); after the channel change the sleepy door sensor must rejoin and report again.
 */
const LAMP = { model: 'LCT015', ieee: '0x0017880100000a01' };
/** A sleepy end device: it misses the channel broadcast (sent to rx-on-when-idle devices) and rejoins. */
const DOOR = { model: 'DS01', ieee: '0x00124b0022a10a02' };

describe('bridge network operations', () => {
  let net: JoinedBridge;
  beforeAll(async () => {
    net = await startJoinedBridge([LAMP, DOOR]);
  }, 90_000);
  afterAll(async () => {
    await net?.close();
  });

  const info = () =>
    net.probe.messages
      .filter((m) => m.topic === net.bt('info'))
      .at(-1)!
      .json();
  const lampOn = async () => (await net.real(LAMP.ieee)).endpoints['11'].genOnOff.onOff;
  const switchLamp = async (on: boolean) => {
    const result = await net.set(LAMP.ieee, 11, { on });
    expect(result.status).toBe('ok');
    expect(await lampOn()).toBe(on ? 1 : 0);
  };

  it('should apply options and report them in its info', async () => {
    const ok = await net.request('options', { group_delay_ms: 300, ota: true });
    expect(ok).toMatchObject({ status: 'ok', data: { group_delay_ms: 300, ota: true } });
    await eventually(
      async () => info(),
      (i) => i.options?.group_delay_ms === 300 && i.options.ota === true,
      5_000,
      'options in info',
    );
    const bad = await net.request('options', { group_delay_ms: 5001 });
    expect(bad).toMatchObject({ status: 'error', error: { code: 'invalid_payload', field: 'group_delay_ms' } });
    await net.request('options', { group_delay_ms: 50, ota: false });
  });

  it('should take the network down and bring it back on the same network', async () => {
    const down = await net.request('network/connect', { connected: false }, 30_000);
    expect(down).toMatchObject({ status: 'ok', data: { connected: false } });
    await eventually(
      async () => info(),
      (i) => i.rfconnected === false && i.network_state === 'down',
      5_000,
      'rfconnected false',
    );
    expect((await net.radio('/health')).hostConnected).toBe(false);
    const refused = await net.set(LAMP.ieee, 11, { on: true });
    expect(refused).toMatchObject({ status: 'error', error: { code: 'not_connected' } });
    expect(await net.request('permit_join', { time: 30 })).toMatchObject({ status: 'error', error: { code: 'not_connected' } });
    expect(await net.request('network/channel', { channel: 20 })).toMatchObject({ status: 'error', error: { code: 'not_connected' } });

    const up = await net.request('network/connect', { connected: true }, 60_000);
    expect(up).toMatchObject({ status: 'ok', data: { connected: true } });
    await eventually(
      async () => info(),
      (i) => i.rfconnected === true && i.network_state === 'up',
      5_000,
      'rfconnected true',
    );
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
    await eventually(
      async () => info(),
      (i) => i.coordinator.firmware === done.data.firmware && i.rfconnected === true,
      5_000,
      'new firmware in info',
    );
    const stages = net.probe.messages.filter((m) => m.topic === net.bt('event') && m.json().type === 'network').map((m) => m.json().data);
    expect(stages.filter((s) => s.operation === 'firmware').map((s) => s.stage)).toEqual(['started', 'flashing', 'restarting', 'done']);
    await switchLamp(true);
  }, 120_000);

  it('should move the network to another channel with the lamp and the sleepy sensor still working', async () => {
    const from = info().network.channel;
    expect(await net.request('network/channel', { channel: 27 })).toMatchObject({ status: 'error', error: { code: 'invalid_payload', field: 'channel' } });
    const moved = await net.request('network/channel', { channel: 20 }, 90_000);
    expect(moved).toMatchObject({ status: 'ok', data: { channel: 20 } });
    expect(from).not.toBe(20);
    expect((await net.radio('/health')).channel).toBe(20);
    await eventually(
      async () => info(),
      (i) => i.network.channel === 20 && i.network_state === 'up',
      5_000,
      'channel 20 in info',
    );
    await switchLamp(false);
    await switchLamp(true);
    // The door slept through the broadcast: it rejoins at its next poll (a Device_annce) ...
    await net.probe.waitFor(
      (m) => m.topic === net.bt('event') && m.json().type === 'announce' && m.json().ieee === DOOR.ieee,
      15_000,
      'the door sensor rejoining',
    );
    const devices = (await net.radio('/devices')).joined as { ieee: string; strandedOn?: number }[];
    expect(devices.every((d) => d.strandedOn === undefined)).toBe(true);
    // ... and is heard again on the new channel.
    const seen = net.probe.messages.length;
    await net.act(DOOR.ieee, 'open');
    await net.probe.waitFor(
      (m) => net.probe.messages.indexOf(m) >= seen && m.topic === net.dt(DOOR.ieee, '1/state') && m.json().state.open === true,
      10_000,
      'door open after the move',
    );
    const stages = net.probe.messages
      .filter((m) => m.topic === net.bt('event') && m.json().type === 'network' && m.json().data.operation === 'channel')
      .map((m) => m.json().data.stage);
    expect(stages).toEqual(['started', 'done']);
  }, 150_000);

  it('should form a new network on reset and forget every device', async () => {
    const before = info().network;
    const reset = await net.request('network/reset', {}, 90_000);
    expect(reset.status).toBe('ok');
    expect(reset.data.panid).not.toBe(before.panid);
    expect(reset.data.extpanid).not.toBe(before.extpanid);
    expect(reset.data.channel).toBe(before.channel);
    // Each device's retained description is cleared, and the bridge no longer lists it.
    await net.probe.waitFor((m) => m.topic === net.dt(LAMP.ieee) && m.payload === '', 5_000, 'the lamp description cleared');
    const listed = await net.request('devices', {});
    expect(listed.data.total).toBe(0);
    expect((await net.request('network/info', {})).data).toMatchObject({ panid: reset.data.panid, extpanid: reset.data.extpanid });
  }, 150_000);
});
