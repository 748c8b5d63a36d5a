import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { CommandOutcome } from '../../src/services/bridge-link';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { describeOnRuntimesWithBridge, waitUntil } from '../helpers/runtimes';
import { addDevice, awaitJson } from '../helpers/bridge-devices';

const LAMP = '0x0017880102a3b4c5';

/**
 * Bridge outcomes the real stack cannot produce on demand: `not_supported` for an item the planner
 * let through, and `superseded` (a newer write replaced an older one in the bridge's queue before
 * it went out; the real queue behaviour is tested in bridge/test/bridge-requests.test.ts). The
 * scripted bridge holds every command until the test answers it.
 */
const ACKED: CommandOutcome = { status: 'ok', data: { acknowledged: true, sent: ['bri'] } };
const SUPERSEDED: CommandOutcome = { status: 'error', code: 'superseded', message: 'set bri=10 replaced by set bri=20' };

describeOnRuntimesWithBridge('light state outcomes', (gw, bridge) => {
  let key: string;
  /** The commands held since the test began. */
  let held: () => { answer(outcome: CommandOutcome): Promise<void> }[];
  const put = (body: unknown) => gw().request(`/api/${key}/lights/1/state`, { method: 'PUT', body: JSON.stringify(body) });
  const light = async () => ((await (await gw().request(`/api/${key}/lights/1`)).json()) as { state: Record<string, unknown> }).state;

  beforeAll(async () => {
    key = await gw().createKey();
    await addDevice(gw(), bridge(), key, colorLamp(), 11, LAMP_STATE);
    bridge().holdCommands = true;
  });

  // Every test starts from the lamp as the bridge first reported it.
  beforeEach(async () => {
    await bridge().setState(LAMP, 11, LAMP_STATE);
    await awaitJson(gw(), key, '/lights/1', (lamp) => lamp.state.on === false && lamp.state.bri === 100);
    const mark = bridge().held.length;
    held = () => bridge().held.slice(mark);
  });

  it('should answer an item the device cannot carry as error 6 naming it, with 200, and change nothing', async () => {
    const pending = put({ on: true, xy: [0.3, 0.3] });
    await waitUntil(() => held().length === 1);
    await held()[0]!.answer({ status: 'error', code: 'not_supported', message: 'xy: not supported by Dimmable light' });
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ error: { type: 6, address: '/lights/1/state/xy', description: 'parameter, xy, not available' } }]);
    expect(await light()).toMatchObject({ on: false, xy: [0.3, 0.3] });
  });

  it('should name the item from the field the bridge blames, whatever its message says', async () => {
    const pending = put({ on: true, xy: [0.3, 0.3] });
    await waitUntil(() => held().length === 1);
    await held()[0]!.answer({ status: 'error', code: 'not_supported', message: 'set 0x0017880102a3b4c5 ep 11: no colour on this light', field: 'xy' });
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ error: { type: 6, address: '/lights/1/state/xy', description: 'parameter, xy, not available' } }]);
  });

  it('should answer a superseded write as the newest write did, and show the newest value', async () => {
    const older = put({ bri: 10 });
    await waitUntil(() => held().length === 1);
    const newer = put({ bri: 20 });
    await waitUntil(() => held().length === 2);
    await held()[0]!.answer(SUPERSEDED);
    // The older request waits for the newer one's outcome instead of failing.
    await new Promise((r) => setTimeout(r, 50));
    await bridge().setState(LAMP, 11, { bri: 20 });
    await held()[1]!.answer(ACKED);
    const [a, b] = await Promise.all([older, newer]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual([{ success: { '/lights/1/state/bri': 10 } }]);
    expect(await b.json()).toEqual([{ success: { '/lights/1/state/bri': 20 } }]);
    expect((await light()).bri).toBe(20);
  });

  it('should follow a chain of superseded writes to the newest, and report its failure', async () => {
    const first = put({ bri: 10 });
    await waitUntil(() => held().length === 1);
    const second = put({ bri: 20 });
    await waitUntil(() => held().length === 2);
    const third = put({ bri: 30 });
    await waitUntil(() => held().length === 3);
    await held()[0]!.answer(SUPERSEDED);
    await held()[1]!.answer(SUPERSEDED);
    await held()[2]!.answer({ status: 'error', code: 'no_ack', message: 'no ACK from 0x1a2b after 3 tries' });
    const answers = await Promise.all([first, second, third].map(async (p) => (await p).json()));
    const unreachable = [{ error: { type: 202, address: '/lights/1/state', description: 'resource, /lights/1/state, is not modifiable. Device is not reachable.' } }];
    expect(answers).toEqual([unreachable, unreachable, unreachable]);
  });

  it('should answer success when another MQTT client replaced the value (no newer write through the api)', async () => {
    const pending = put({ bri: 10 });
    await waitUntil(() => held().length === 1);
    await held()[0]!.answer(SUPERSEDED);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: { '/lights/1/state/bri': 10 } }]);
    // Its value was replaced, so it is not shown as the lamp's state.
    expect((await light()).bri).toBe(100);
  });
});
