import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { expectDeconzError } from '../helpers/conformance';
import { colorLamp, cover, FakeLink, LAMP_STATE } from './fake-link';
import { startLightingGateway } from './harness';

const LAMP = '0x0017880102a3b4c5';

describe('DELETE /lights/<id> and the window covering parameters', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(LAMP), 11, { ...LAMP_STATE, on: true });
    link.addDevice(cover(), 1, { lift: 0, open: true, tilt: 0, reachable: true, lastupdated: 'none' } as never);
    ({ gw, key } = await startLightingGateway(link));
    await call('POST', '/groups', { name: 'Desk' });
    await call('PUT', '/groups/1', { lights: ['1'] });
    await call('POST', '/groups/1/scenes', { name: 'Work' });
    link.requests.length = 0;
  });
  afterEach(async () => { await gw.close(); });

  it('should remove the light, its group memberships and its scene entries, and keep its id unused', async () => {
    expect(await call('DELETE', '/lights/1')).toEqual({ status: 200, body: [{ success: { id: '1' } }] });
    expect(link.requests.map((r) => r.name)).toEqual(['group/remove_member', 'scene/remove']);
    await expectDeconzError(await gw.request(`/api/${key}/lights/1`), 404, 3, '/lights/1');
    expect((await call('GET', '/groups/1')).body.lights).toEqual([]);
    expect((await call('GET', '/groups/1/scenes/1')).body.lights).toEqual([]);
    expect(Object.keys((await call('GET', '/lights')).body)).toEqual(['2']);
  });

  it('should ask the device to leave with reset true, and refuse a bad body without deleting', async () => {
    await expectDeconzError(await gw.request(`/api/${key}/lights/1`, { method: 'DELETE', body: JSON.stringify({ reset: 'yes' }) }), 400, 7);
    expect((await call('GET', '/lights/1')).status).toBe(200);
    expect(await call('DELETE', '/lights/1', { reset: true })).toEqual({ status: 200, body: [{ success: { id: '1' } }] });
    expect(link.requests.find((r) => r.name === 'device/remove')?.data).toMatchObject({ ieee: LAMP, leave: true });
  });

  /** One row per field of the spec's window covering table that is not covered in lights-state.test.ts. */
  const COVER = [
    { row: 'ep.cover.stop', body: { stop: true }, sent: { stop: true } },
    { row: 'ep.cover.open', body: { open: true }, sent: { open: true } },
    { row: 'ep.cover.lift', body: { lift: 'stop' }, sent: { lift: 'stop' } },
  ];
  it.each(COVER)('should take $row on a covering and send it to the device', async ({ body, sent }) => {
    const res = await call('PUT', '/lights/2/state', body);
    expect(res.status).toBe(200);
    expect(res.body.every((item: Record<string, unknown>) => 'success' in item)).toBe(true);
    expect(link.sets.at(-1)?.command).toEqual(sent);
  });
});
