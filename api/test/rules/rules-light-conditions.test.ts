import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { expectDeconzError } from '../helpers/conformance';
import { colorLamp, FakeLink } from '../lights/fake-link';
import { startLightingGateway, waitFor } from '../lights/harness';

/** A lamp fresh from pairing that has not reported on/off yet (as the real bridge shows one). */
const FRESH = { reachable: true, lastupdated: 'none' } as never;

describe('rule conditions on lights', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const rule = (address: string) => ({
    name: 'light rule',
    conditions: [{ address, operator: 'eq', value: 'true' }],
    actions: [{ address: '/groups/0/action', method: 'PUT', body: { on: false } }],
  });
  const post = (body: unknown) => gw.request(`/api/${key}/rules`, { method: 'POST', body: JSON.stringify(body) });

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, FRESH);
    ({ gw, key } = await startLightingGateway(link));
  });
  afterEach(async () => { await gw.close(); });

  it('should accept a condition on a light state item the lamp has not reported yet, and fire once it does', async () => {
    const light = (await (await gw.request(`/api/${key}/lights/1`)).json()) as { state: Record<string, unknown> };
    expect(light.state.on).toBeUndefined();
    const res = await post(rule('/lights/1/state/on'));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
    link.setState('0x0017880102a3b4c5', 11, { on: true });
    await waitFor(() => link.groupSets.length === 1);
    expect(link.groupSets[0]!.command).toEqual({ on: false });
    await gw.gateway.services.automation.idle();
    const fired = (await (await gw.request(`/api/${key}/rules/${id}`)).json()) as { timestriggered: number };
    expect(fired.timestriggered).toBe(1);
  });

  it('should refuse an item lights do not have, and a light that does not exist, with 607', async () => {
    await expectDeconzError(await post(rule('/lights/1/state/buttonevent')), 400, 607, '/lights/1/state/buttonevent');
    await expectDeconzError(await post(rule('/lights/1/config/on')), 400, 607, '/lights/1/config/on');
    await expectDeconzError(await post(rule('/lights/99/state/on')), 400, 607, '/lights/99/state/on');
  });
});
