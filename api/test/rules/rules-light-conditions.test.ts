import { beforeAll, expect, it } from 'vitest';
import { addDevice, getJson, WAIT_MS } from '../helpers/bridge-devices';
import { expectDeconzError } from '../helpers/conformance';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp } from '../helpers/devices';
import { waitFor } from '../../../test/helpers/wait';

const LAMP = '0x0017880102a3b4c5';
/** A lamp fresh from pairing that has not reported on/off yet (as the real bridge shows one). */
const FRESH = { reachable: true, lastupdated: 'none' } as never;

describeOnRuntimesWithBridge('rule conditions on lights', (gw, bridge) => {
  let key: string;
  let lamp: string;
  const rule = (address: string) => ({
    name: 'light rule',
    conditions: [{ address, operator: 'eq', value: 'true' }],
    actions: [{ address: '/groups/0/action', method: 'PUT', body: { on: false } }],
  });
  const post = (body: unknown) => gw().request(`/api/${key}/rules`, { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    key = await gw().createKey();
    lamp = await addDevice(gw(), bridge(), key, colorLamp(LAMP), 11, FRESH);
  });

  it('should accept a condition on a light state item the lamp has not reported yet, and fire once it does', async () => {
    // Listed from the start at deCONZ's default (off) until the lamp reports it.
    expect((await getJson(gw(), key, `/lights/${lamp}`)).state).toMatchObject({ on: false, bri: 0, effect: 'none', colormode: '', xy: null });
    const res = await post(rule(`/lights/${lamp}/state/on`));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
    await bridge().setState(LAMP, 11, { on: true });
    await waitFor(() => bridge().groupSets.length === 1, 'bridge().groupSets.length === 1', WAIT_MS);
    expect(bridge().groupSets[0]!.command).toEqual({ on: false });
    await gw().idle();
    expect((await getJson(gw(), key, `/rules/${id}`)).timestriggered).toBe(1);
  });

  it('should refuse an item lights do not have, and a light that does not exist, with 607', async () => {
    await expectDeconzError(await post(rule(`/lights/${lamp}/state/buttonevent`)), 400, 607, `/lights/${lamp}/state/buttonevent`);
    await expectDeconzError(await post(rule(`/lights/${lamp}/config/on`)), 400, 607, `/lights/${lamp}/config/on`);
    await expectDeconzError(await post(rule('/lights/4077/state/on')), 400, 607, '/lights/4077/state/on');
  });
});
