import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIMATE, COLOR_LAMP, PLUG } from '../support/fake-devices';
import { waitFor } from '../../../test/helpers/wait';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

/** Reachability on a fake radio: a failed command, a silent router's failed ping, being heard again. */
describe('availability', () => {
  let b: InProcessBridge;
  const reachable = (ieee: string, endpoint: number, value: boolean) => (m: { topic: string; json(): any }) =>
    m.topic === b.dt(ieee, `${endpoint}/state`) && m.json().state.reachable === value;
  const described = (ieee: string, availability: string) => (m: { topic: string; payload: string; json(): any }) =>
    m.topic === b.dt(ieee) && m.payload !== '' && m.json().availability === availability;

  beforeAll(async () => {
    // Routers quiet for a second are pinged; end devices are judged after a day of silence.
    b = await startInProcessBridge([COLOR_LAMP, PLUG, CLIMATE], { AVAILABILITY_ROUTER_SECONDS: '1' });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should mark a device unreachable when a command gets no ACK and reachable when it is heard', async () => {
    const from = b.probe.messages.length;
    b.radio.fail(COLOR_LAMP.ieee, 'no_ack', 100);
    expect(await b.set(COLOR_LAMP.ieee, 11, { on: true })).toMatchObject({ status: 'error', error: { code: 'no_ack' } });
    await b.probe.waitFor((m) => b.probe.messages.indexOf(m as never) >= from && reachable(COLOR_LAMP.ieee, 11, false)(m), 3_000, 'unreachable state');
    await b.probe.waitFor(described(COLOR_LAMP.ieee, 'offline'), 3_000, 'offline description');
    b.radio.fail(COLOR_LAMP.ieee, 'no_ack', 0);
    b.radio.emit('deviceSeen', { ieee: COLOR_LAMP.ieee, at: Date.now() });
    await b.probe.waitFor((m) => b.probe.messages.indexOf(m as never) >= from && reachable(COLOR_LAMP.ieee, 11, true)(m), 3_000, 'reachable again');
  });

  it('should ping a silent router, mark it offline when the ping fails, and keep one that answers online', async () => {
    b.radio.fail(PLUG.ieee, 'timeout', 1_000);
    await b.probe.waitFor(described(PLUG.ieee, 'offline'), 5_000, 'the plug offline');
    expect(b.radio.calls.some((c) => c.op === 'ping' && c.args[0] === PLUG.ieee)).toBe(true);
    // The lamp answers its pings meanwhile: still online.
    await waitFor(() => b.radio.calls.some((c) => c.op === 'ping' && c.args[0] === COLOR_LAMP.ieee), 'a ping to the lamp', 5_000);
    expect(
      b.probe.messages
        .filter((m) => m.topic === b.dt(COLOR_LAMP.ieee))
        .at(-1)
        ?.json().availability,
    ).toBe('online');
    // An end device is never pinged (it sleeps).
    expect(b.radio.calls.some((c) => c.op === 'ping' && c.args[0] === CLIMATE.ieee)).toBe(false);
  });
});
