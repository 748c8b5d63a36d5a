import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOR_LAMP, PLUG, REMOTE } from '../support/fake-devices';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

/** The request topics on a fake radio: each answers with what the radio did, and frames go through the queue. */
describe('requests', () => {
  let b: InProcessBridge;
  const ops = (from: number) => b.radio.calls.slice(from).map((c) => c.op);

  beforeAll(async () => {
    b = await startInProcessBridge([COLOR_LAMP, PLUG, REMOTE]);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should rename a device and keep the name in its retained description', async () => {
    expect(await b.request('device/rename', { ieee: PLUG.ieee, name: 'Kettle' })).toMatchObject({ status: 'ok', data: { ieee: PLUG.ieee, name: 'Kettle' } });
    await b.probe.waitFor((m) => m.topic === b.dt(PLUG.ieee) && m.json().name === 'Kettle', 3_000, 'renamed description');
  });

  it('should give a device back its default name for an empty one', async () => {
    expect(await b.request('device/rename', { ieee: PLUG.ieee, name: 'Toaster' })).toMatchObject({ status: 'ok' });
    await b.probe.waitFor((m) => m.topic === b.dt(PLUG.ieee) && m.json().name === 'Toaster', 3_000, 'renamed description');
    const answer = await b.request('device/rename', { ieee: PLUG.ieee, name: '' });
    expect(answer).toMatchObject({ status: 'ok', data: { ieee: PLUG.ieee, name: expect.stringMatching(/./) } });
    const named = (answer as { data: { name: string } }).data.name;
    expect(named).not.toBe('Toaster');
    await b.probe.waitFor((m) => m.topic === b.dt(PLUG.ieee) && m.json().name === named, 3_000, 'the default name');
  });

  it('should read attributes and refresh a device through the radio', async () => {
    const from = b.radio.calls.length;
    expect(await b.request('device/read', { ieee: COLOR_LAMP.ieee, cluster: 'genOnOff', attributes: ['onOff'] })).toMatchObject({
      status: 'ok',
      data: { endpoint: 11, values: { onOff: 0 } },
    });
    expect(await b.request('device/refresh', { ieee: COLOR_LAMP.ieee })).toMatchObject({ status: 'ok', data: { endpoints: [11] } });
    expect(ops(from)).toEqual(['read', 'refresh']);
  });

  it("should answer the radio's failure with its code, and an unknown device as unsupported", async () => {
    b.radio.fail(COLOR_LAMP.ieee, 'timeout');
    expect(await b.request('device/read', { ieee: COLOR_LAMP.ieee, cluster: 'genOnOff', attributes: ['onOff'] })).toMatchObject({
      status: 'error',
      error: { code: 'timeout' },
    });
    expect(await b.request('device/read', { ieee: '0x00000000000000aa', cluster: 'genOnOff', attributes: ['onOff'] })).toMatchObject({
      status: 'error',
      error: { code: 'not_supported' },
    });
  });

  it('should bind a remote to a group with the group clusters it sends, and refuse one that sends none', async () => {
    expect(await b.request('device/bind', { ieee: REMOTE.ieee, group: 9 })).toMatchObject({
      status: 'ok',
      data: { ieee: REMOTE.ieee, endpoint: 1, group: 9, clusters: ['genOnOff', 'genLevelCtrl', 'genScenes'] },
    });
    expect(await b.request('device/bind', { ieee: PLUG.ieee, group: 9 })).toMatchObject({ status: 'error', error: { code: 'not_supported' } });
  });

  it('should store and recall a scene as group frames, and page the device list', async () => {
    const from = b.radio.calls.length;
    expect(await b.request('scene/store', { group: 9, scene: 2 })).toMatchObject({ status: 'ok', data: { group: 9, scene: 2 } });
    expect(await b.request('scene/recall', { group: 9, scene: 2 })).toMatchObject({ status: 'ok' });
    expect(
      b.radio.calls
        .slice(from)
        .filter((c) => c.op === 'scene')
        .map((c) => c.args.slice(0, 3)),
    ).toEqual([
      ['store', 9, 2],
      ['recall', 9, 2],
    ]);
    const page = await b.request('devices', { limit: 2 });
    expect(page).toMatchObject({ status: 'ok', data: { total: 3, next: 2 } });
    expect(page.data.devices.map((d: { ieee: string }) => d.ieee)).toEqual([PLUG.ieee, REMOTE.ieee, COLOR_LAMP.ieee].sort().slice(0, 2));
  });

  it('should remove a device: gone from the radio, its retained topic cleared, its commands not_found', async () => {
    expect(await b.request('device/remove', { ieee: PLUG.ieee })).toMatchObject({ status: 'ok', data: { ieee: PLUG.ieee, left: true } });
    expect(b.radio.device(PLUG.ieee)).toBeUndefined();
    await b.probe.waitFor((m) => m.topic === b.dt(PLUG.ieee) && m.payload === '', 3_000, 'retained description cleared');
    await b.probe.waitFor(
      (m) => m.topic === b.bt('removed') && m.json().devices.some((d: { ieee: string }) => d.ieee === PLUG.ieee),
      3_000,
      'listed as removed',
    );
    expect(await b.set(PLUG.ieee, 1, { on: true })).toMatchObject({ status: 'error', error: { code: 'not_found' } });
  });

  it('should answer a malformed request with an error naming the problem', async () => {
    expect(await b.request('device/rename', { ieee: PLUG.ieee })).toMatchObject({ status: 'error', error: { code: 'invalid_payload' } });
    await b.probe.publish(b.bt('request/permit_join'), '{"time":');
    const answer = await b.probe.waitFor((m) => m.topic === b.bt('response/permit_join'), 3_000, 'an answer to broken JSON');
    expect(answer.json()).toMatchObject({ status: 'error', error: { code: 'invalid_json' } });
  });
});
