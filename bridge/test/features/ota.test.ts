import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIMATE, COLOR_LAMP, PLUG } from '../support/fake-devices';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

/** Device firmware updates on the contract (`device/ota`, the retained ota topic) on the fake radio's OTA clients. */
describe('ota', () => {
  let b: InProcessBridge;
  const otaOf = (ieee: string, match: (ota: Record<string, any>) => boolean, what: string) =>
    b.probe.waitFor((m) => m.topic === b.dt(ieee, 'ota') && match(m.json()), 3_000, what).then((m) => m.json());

  beforeAll(async () => {
    b = await startInProcessBridge([COLOR_LAMP, PLUG, CLIMATE], {}, (radio) => {
      radio.ota.clients.set(COLOR_LAMP.ieee, { installed: 100, image: { fileVersion: 200, size: 4000 } });
      radio.ota.clients.set(CLIMATE.ieee, { installed: 5, image: { fileVersion: 6, size: 1000 } });
    });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should publish a retained ota state for each device with an OTA client only', async () => {
    expect(await otaOf(COLOR_LAMP.ieee, () => true, 'lamp ota')).toEqual({ state: 'idle', installed: null, available: null, sleepy: false });
    expect((await otaOf(CLIMATE.ieee, () => true, 'sensor ota')).sleepy).toBe(true);
    expect(b.probe.messages.some((m) => m.topic === b.dt(PLUG.ieee, 'ota'))).toBe(false);
  });

  it('should check a bulb, update it with progress and end idle on the new version', async () => {
    const check = await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'check' });
    expect(check).toMatchObject({
      status: 'ok',
      data: { ieee: COLOR_LAMP.ieee, action: 'check', ota: { state: 'available', installed: 100, available: 200 } },
    });
    const lamp = b.radio.ota.clients.get(COLOR_LAMP.ieee)!;
    lamp.manual = true;
    const update = await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'update' });
    expect(update).toMatchObject({ status: 'ok', data: { ota: { state: 'updating', progress: 0, size: 4000 } } });
    expect(await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'update' })).toMatchObject({ status: 'error', error: { code: 'busy' } });
    b.radio.ota.step();
    expect(await otaOf(COLOR_LAMP.ieee, (o) => o.progress === 25, '25 %')).toMatchObject({ state: 'updating', sent: 1000 });
    for (let i = 0; i < 4; i += 1) b.radio.ota.step();
    const done = await otaOf(COLOR_LAMP.ieee, (o) => o.result !== undefined, 'result');
    expect(done).toMatchObject({ state: 'idle', installed: 200, result: { ok: true, from: 100, to: 200 } });
    expect(done.progress).toBeUndefined();
    expect(await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'update' })).toMatchObject({ status: 'error', error: { code: 'no_image' } });
  });

  it('should abort a running transfer and say so in the result', async () => {
    const lamp = b.radio.ota.clients.get(COLOR_LAMP.ieee)!;
    lamp.image = { fileVersion: 300, size: 4000 };
    await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'update' });
    expect(await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'abort' })).toMatchObject({ status: 'ok' });
    const ended = await otaOf(COLOR_LAMP.ieee, (o) => o.result?.error?.code === 'aborted', 'aborted result');
    expect(ended).toMatchObject({ installed: 200, available: 300, state: 'available', result: { ok: false } });
    expect(await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'abort' })).toMatchObject({ status: 'error', error: { code: 'not_supported' } });
  });

  it('should end each fault cleanly with its code', async () => {
    const lamp = b.radio.ota.clients.get(COLOR_LAMP.ieee)!;
    lamp.manual = false;
    lamp.behaviour = 'refuse';
    expect(await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'update' })).toMatchObject({ status: 'error', error: { code: 'refused' } });
    lamp.behaviour = 'silent';
    expect(await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'update' })).toMatchObject({ status: 'error', error: { code: 'no_ack' } });
    lamp.behaviour = 'stall';
    expect(await b.request('device/ota', { ieee: COLOR_LAMP.ieee, action: 'update' })).toMatchObject({ status: 'ok' });
    expect(await otaOf(COLOR_LAMP.ieee, (o) => o.result?.error?.code === 'transfer_failed', 'stalled')).toMatchObject({ state: 'available', installed: 200 });
    expect(b.radio.ota.busy(COLOR_LAMP.ieee)).toBe(false);
  });

  it("should schedule a sleepy sensor's update and run it at its next query", async () => {
    const scheduled = await b.request('device/ota', { ieee: CLIMATE.ieee, action: 'update' });
    expect(scheduled).toMatchObject({ status: 'ok', data: { ota: { state: 'scheduled', sleepy: true } } });
    b.radio.ota.query(CLIMATE.ieee);
    expect(await otaOf(CLIMATE.ieee, (o) => o.result?.ok === true, 'sensor updated')).toMatchObject({ state: 'idle', installed: 6 });
    expect(b.radio.ota.scheduled(CLIMATE.ieee)).toBe(false);
  });

  it('should refuse a device without an OTA client, an unknown one and a bad action', async () => {
    expect(await b.request('device/ota', { ieee: PLUG.ieee, action: 'check' })).toMatchObject({ status: 'error', error: { code: 'not_supported' } });
    expect(await b.request('device/ota', { ieee: '0x00000000000000aa', action: 'check' })).toMatchObject({ status: 'error', error: { code: 'not_supported' } });
    expect(await b.request('device/ota', { ieee: PLUG.ieee, action: 'flash' })).toMatchObject({ status: 'error', error: { code: 'invalid_payload' } });
  });
});
