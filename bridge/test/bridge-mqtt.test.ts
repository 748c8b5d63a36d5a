import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeProcess, tempDataDir, type BridgeProcess } from './support/bridge-process';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';

/** The real bridge process on the virtual radio, driven over MQTT only. */
describe('bridge over mqtt', () => {
  let bridge: BridgeProcess;
  let probe: MqttProbe;
  const dataDir = tempDataDir();
  let env: Record<string, string> = {};
  const t = (leaf: string) => `herdgate/bridge/${bridge.bridgeId}/${leaf}`;
  const responseTo = (name: string, transaction: string) =>
    probe.waitFor((m) => m.topic === t(`response/${name}`) && m.json().transaction === transaction, 10_000, `response ${transaction}`);

  beforeAll(async () => {
    // An empty network: no interview traffic, so the radio's frame counters show only our commands.
    const network = join(dataDir, 'empty-network.json');
    writeFileSync(network, JSON.stringify({ devices: [] }));
    env = { VIRTUAL_RADIO_NETWORK: network };
    bridge = await startBridgeProcess({ dataDir, env });
    probe = await connectMqtt(bridge.mqttUrl, ['herdgate/#']);
  });
  afterAll(async () => {
    await probe?.close();
    await bridge?.stop();
  });

  it('should publish a retained online state and bridge info with the network parameters', async () => {
    const state = await probe.waitFor((m) => m.topic === t('state'));
    expect(state.retain).toBe(true);
    expect(state.json()).toEqual({ state: 'online' });
    const info = (await probe.waitFor((m) => m.topic === t('info'))).json();
    expect(info).toMatchObject({
      bridge: bridge.bridgeId,
      coordinator: { ieee: `0x${bridge.bridgeId.toLowerCase()}`, type: 'deconz', devicename: 'ConBee II' },
      network: { channel: 15 },
      rfconnected: true,
      queue_depth: 0,
      versions: { herdsman: '11.1.1', converters: '26.112.0' },
    });
    expect(info.network.extpanid).toMatch(/^0x[0-9a-f]{16}$/);
  });

  it('should answer bad payloads with an error naming the problem and keep working', async () => {
    await probe.publish(t('request/permit_join'), 'not json');
    const bad = await probe.waitFor((m) => m.topic === t('response/permit_join') && m.json().status === 'error');
    expect(bad.json().error.code).toBe('invalid_json');

    await probe.publish(t('request/permit_join'), { time: 'soon', transaction: 'bad-1' });
    const wrongType = (await responseTo('permit_join', 'bad-1')).json();
    expect(wrongType).toMatchObject({ status: 'error', error: { code: 'invalid_payload', field: 'time' } });

    await probe.publish(t('request/device/remove'), { ieee: '0x00124b0000000999', transaction: 'bad-2' });
    expect((await responseTo('device/remove', 'bad-2')).json()).toMatchObject({ status: 'error', error: { code: 'not_supported' } });

    await probe.publish(t('request/network/info'), { transaction: 'after-bad' });
    const ok = (await responseTo('network/info', 'after-bad')).json();
    expect(ok).toMatchObject({ status: 'ok', data: { bridge: bridge.bridgeId, channel: 15 } });
  });

  it('should open the network on permit_join and count down in bridge info', async () => {
    await probe.publish(t('request/permit_join'), { time: 30, transaction: 'pj' });
    expect((await responseTo('permit_join', 'pj')).json()).toEqual({ transaction: 'pj', status: 'ok', data: { time: 30, open: true } });
    const open = await probe.waitFor((m) => m.topic === t('info') && m.json().permit_join.open === true, 5_000, 'open info');
    const first = open.json().permit_join.remaining as number;
    expect(first).toBeGreaterThan(25);
    await probe.waitFor((m) => m.topic === t('info') && m.json().permit_join.remaining < first, 5_000, 'countdown');
    await probe.publish(t('request/permit_join'), { time: 0, transaction: 'pj-close' });
    await responseTo('permit_join', 'pj-close');
    await probe.waitFor((m) => m.topic === t('info') && m.json().permit_join.open === false, 5_000, 'closed info');
  });

  it('should send a group command as exactly one groupcast frame', async () => {
    await fetch(`${bridge.radioControl}/counters`, { method: 'DELETE' });
    await probe.publish(t('groups/5/set'), { on: true, bri: 120, transaction: 'g5' });
    const result = (await probe.waitFor((m) => m.topic === t('groups/5/set/result') && m.json().transaction === 'g5')).json();
    expect(result).toEqual({ transaction: 'g5', status: 'ok', data: { acknowledged: false, sent: ['on', 'bri'], state: { on: true, bri: 120 } } });
    const counters = (await (await fetch(`${bridge.radioControl}/counters`)).json()) as { group: Record<string, number>; nwk: Record<string, number> };
    expect(counters.group).toEqual({ 5: 1 });
    expect(counters.nwk).toEqual({});
  });

  it('should reject a group command with an unknown item and name it', async () => {
    await probe.publish(t('groups/5/set'), { on: true, bogus: 1, transaction: 'g-bad' });
    const result = (await probe.waitFor((m) => m.topic === t('groups/5/set/result') && m.json().transaction === 'g-bad')).json();
    expect(result).toMatchObject({ status: 'error', error: { code: 'invalid_payload', field: 'bogus' } });
  });

  it('should resume the same network after a restart', async () => {
    const id = bridge.bridgeId;
    await probe.close();
    expect(await bridge.stop()).toBe(0);
    bridge = await startBridgeProcess({ dataDir, env });
    expect(bridge.bridgeId).toBe(id);
    probe = await connectMqtt(bridge.mqttUrl, ['herdgate/#']);
    const info = (await probe.waitFor((m) => m.topic === t('info'))).json();
    expect(info.network.channel).toBe(15);
  });
});
