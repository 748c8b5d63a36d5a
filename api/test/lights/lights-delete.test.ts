import { beforeAll, expect, it } from 'vitest';
import { colorLamp, cover, LAMP_STATE } from '../helpers/devices';
import { expectDeconzError } from '../helpers/conformance';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { addDevice } from '../helpers/bridge-devices';

const DESK = '0x0017880102a3b4c5';
const SHELF = '0x0017880102a3b4c7';

describeOnRuntimesWithBridge('DELETE /lights/<id> and the window covering parameters', (gw, bridge) => {
  let key: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await gw().request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };
  const requestsFrom = (mark: number) => bridge().requests.slice(mark);

  beforeAll(async () => {
    key = await gw().createKey();
    // Lamps 1 and 3 in a group with a scene; the blind is light 2.
    await addDevice(gw(), bridge(), key, colorLamp(DESK), 11, { ...LAMP_STATE, on: true });
    await addDevice(gw(), bridge(), key, cover(), 1, { lift: 0, open: true, tilt: 0, reachable: true, lastupdated: 'none' } as never);
    await addDevice(gw(), bridge(), key, colorLamp(SHELF, 'Shelf'), 11, { ...LAMP_STATE, on: true });
    await call('POST', '/groups', { name: 'Desk' });
    await call('PUT', '/groups/1', { lights: ['1', '3'] });
    await call('POST', '/groups/1/scenes', { name: 'Work' });
  });

  it('should remove the light, its group memberships and its scene entries, and keep its id unused', async () => {
    const mark = bridge().requests.length;
    expect(await call('DELETE', '/lights/1')).toEqual({ status: 200, body: [{ success: { id: '1' } }] });
    expect(requestsFrom(mark).map((r) => r.name)).toEqual(['group/remove_member', 'scene/remove']);
    await expectDeconzError(await gw().request(`/api/${key}/lights/1`), 404, 3, '/lights/1');
    expect((await call('GET', '/groups/1')).body.lights).toEqual(['3']);
    expect((await call('GET', '/groups/1/scenes/1')).body.lights.map((light: { id: string }) => light.id)).toEqual(['3']);
    expect(Object.keys((await call('GET', '/lights')).body)).toEqual(['2', '3']);
  });

  it('should ask the device to leave with reset true, and refuse a bad body without deleting', async () => {
    await expectDeconzError(await gw().request(`/api/${key}/lights/3`, { method: 'DELETE', body: JSON.stringify({ reset: 'yes' }) }), 400, 7);
    expect((await call('GET', '/lights/3')).status).toBe(200);
    const mark = bridge().requests.length;
    expect(await call('DELETE', '/lights/3', { reset: true })).toEqual({ status: 200, body: [{ success: { id: '3' } }] });
    expect(requestsFrom(mark).find((r) => r.name === 'device/remove')?.data).toMatchObject({ ieee: SHELF, leave: true });
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
    expect(bridge().sets.at(-1)?.command).toEqual(sent);
  });
});
