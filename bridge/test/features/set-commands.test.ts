import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOR_LAMP, PLUG } from '../support/fake-devices';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

/** `.../set` and `.../groups/<g>/set` through the bridge's features on a fake radio. */
describe('set commands', () => {
  let b: InProcessBridge;
  const lastSet = () => b.radio.calls.filter((c) => c.op === 'set').at(-1)?.args;

  beforeAll(async () => {
    b = await startInProcessBridge([COLOR_LAMP, PLUG]);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should send the converter keys of a REST state, answer what was sent and shows, and publish the state', async () => {
    expect(await b.set(COLOR_LAMP.ieee, 11, { on: true, bri: 100 })).toEqual({
      transaction: expect.any(String),
      status: 'ok',
      data: { acknowledged: true, sent: ['on', 'bri'], state: { on: true, bri: 100 } },
    });
    expect(lastSet()).toEqual([COLOR_LAMP.ieee, 11, expect.objectContaining({ state: 'ON', brightness: 100 })]);
    const state = await b.probe.waitFor((m) => m.topic === b.dt(COLOR_LAMP.ieee, '11/state') && m.json().state.bri === 100, 3_000, 'the predicted state');
    expect(state.json().state).toMatchObject({ on: true, bri: 100, reachable: true });
  });

  it('should answer the colour a light shows in deCONZ items, from what the converters predicted', async () => {
    // The fake radio predicts the values it was given (the real converters add the colour mode:
    // test/lights-stack.test.ts); the answer is their deCONZ reading.
    const answer = (await b.set(COLOR_LAMP.ieee, 11, { xy: [0.3, 0.3] })) as { data: { state: Record<string, unknown> } };
    expect((answer.data.state.xy as number[]).map((v) => Math.round(v * 100) / 100)).toEqual([0.3, 0.3]);
    const ct = (await b.set(COLOR_LAMP.ieee, 11, { ct: 300 })) as { data: { state: Record<string, unknown> } };
    expect(ct.data.state).toMatchObject({ ct: 300 });
  });

  it('should refuse an item the light cannot take, naming it, and send nothing', async () => {
    const frames = b.radio.calls.length;
    const answer = await b.set(PLUG.ieee, 1, { bri: 10 });
    expect(answer).toMatchObject({ status: 'error', error: { code: 'not_supported', field: 'bri' } });
    expect(b.radio.calls.slice(frames)).toEqual([]);
  });

  it('should answer a command past its expiry expired and never send it', async () => {
    const frames = b.radio.calls.length;
    const answer = await b.set(COLOR_LAMP.ieee, 11, { on: false, expires: Date.now() - 60_000 });
    expect(answer).toMatchObject({ status: 'error', error: { code: 'expired' } });
    expect(b.radio.calls.slice(frames)).toEqual([]);
  });

  it('should answer not_found for an endpoint the device does not present', async () => {
    expect(await b.set(COLOR_LAMP.ieee, 3, { on: true })).toMatchObject({ status: 'error', error: { code: 'not_found' } });
  });

  it('should answer what the radio reports when a device does not acknowledge', async () => {
    b.radio.fail(PLUG.ieee, 'no_ack');
    expect(await b.set(PLUG.ieee, 1, { on: true })).toMatchObject({ status: 'error', error: { code: 'no_ack' } });
    expect(await b.set(PLUG.ieee, 1, { on: true })).toMatchObject({ status: 'ok', data: { acknowledged: true, sent: ['on'] } });
  });

  it('should send a group command as one groupcast and refuse an unknown item', async () => {
    const frames = b.radio.calls.length;
    expect(await b.groupSet(5, { on: true, bri: 50 })).toMatchObject({ status: 'ok', data: { sent: ['on', 'bri'], state: { on: true, bri: 50 } } });
    expect(b.radio.calls.slice(frames)).toEqual([{ op: 'setGroup', args: [5, expect.objectContaining({ state: 'ON', brightness: 50 })] }]);
    expect(await b.groupSet(5, { brightness: 50 })).toMatchObject({ status: 'error', error: { code: 'invalid_payload' } });
  });
});
