import { beforeAll, expect, it } from 'vitest';
import { jsonInit } from './helpers/gateway';
import { describeOnRuntimes } from './helpers/runtimes';
import { clipBody, createClip, getJson } from './sensors/helpers';

type Json = Record<string, any>;

/**
 * `GET /sensors`, `/sensors/<id>`, `/groups` and `/lights` serve cached encoded bodies; every
 * change (a store write or a memory-only one) must show on the next read, and a client's ETag must
 * still get its 304 until then.
 */
describeOnRuntimes('collection body cache', (gw) => {
  let key: string;
  const read = (path: string) => getJson<Json>(gw(), `/api/${key}${path}`);

  beforeAll(async () => {
    key = await gw().createKey('cache');
  });

  it('should show a CLIP sensor write in the collection and the single read at once', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPPresence'));
    expect((await read('/sensors'))[id].state.presence).toBe(false);
    expect((await read(`/sensors/${id}`)).state.presence).toBe(false);
    expect((await gw().request(`/api/${key}/sensors/${id}/state`, jsonInit('PUT', { presence: true }))).status).toBe(200);
    expect((await read('/sensors'))[id].state.presence).toBe(true);
    expect((await read(`/sensors/${id}`)).state.presence).toBe(true);
    expect((await gw().request(`/api/${key}/sensors/${id}`, jsonInit('PUT', { name: 'hall' }))).status).toBe(200);
    expect((await read('/sensors'))[id].name).toBe('hall');
    expect((await read(`/sensors/${id}`)).name).toBe('hall');
    expect((await gw().request(`/api/${key}/sensors/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await read('/sensors')).not.toHaveProperty(id);
  });

  it('should show a memory-only change (the Daylight sensor following the clock)', async () => {
    const daylight = Object.entries(await read('/sensors')).find(([, s]) => s.type === 'Daylight')![0];
    expect((await gw().request(`/api/${key}/sensors/${daylight}/config`, jsonInit('PUT', { lat: 51.5074, long: '-0.1278' }))).status).toBe(200);
    expect((await read('/sensors'))[daylight].state.daylight).toBe(true);
    // The schedules' ETag is the store's alone: unchanged, nothing was written.
    const storeTag = (await gw().request(`/api/${key}/schedules`)).headers.get('ETag');
    await gw().clock.advance(6 * 3600_000);
    await gw().settle();
    expect((await gw().request(`/api/${key}/schedules`)).headers.get('ETag')).toBe(storeTag);
    expect((await read('/sensors'))[daylight].state.daylight).toBe(false);
    expect((await read(`/sensors/${daylight}`)).state.daylight).toBe(false);
  });

  it('should answer 304 to the current ETag and the new body after a change', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPSwitch'));
    for (const path of ['/sensors', `/sensors/${id}`]) {
      const first = await gw().request(`/api/${key}${path}`);
      const etag = first.headers.get('ETag')!;
      await first.arrayBuffer();
      expect((await gw().request(`/api/${key}${path}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    }
    const etag = (await gw().request(`/api/${key}/sensors`)).headers.get('ETag')!;
    expect((await gw().request(`/api/${key}/sensors/${id}/state`, jsonInit('PUT', { buttonevent: 1002 }))).status).toBe(200);
    const after = await gw().request(`/api/${key}/sensors`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as Json)[id].state.buttonevent).toBe(1002);
  });

  it("should answer a config write with the sensor's new ETag, which a later read honours", async () => {
    const id = await createClip(gw(), key, clipBody('CLIPTemperature'));
    const before = (await gw().request(`/api/${key}/sensors/${id}`)).headers.get('ETag');
    const res = await gw().request(`/api/${key}/sensors/${id}/config`, jsonInit('PUT', { offset: 50 }));
    expect(res.status).toBe(200);
    const etag = res.headers.get('ETag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(etag).not.toBe(before);
    expect((await gw().request(`/api/${key}/sensors/${id}`, { headers: { 'If-None-Match': etag! } })).status).toBe(304);
  });

  it('should show a new, renamed and deleted group in GET /groups', async () => {
    const before = await read('/groups');
    const res = await gw().request(`/api/${key}/groups`, jsonInit('POST', { name: 'cached room' }));
    const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
    expect((await read('/groups'))[id].name).toBe('cached room');
    expect((await gw().request(`/api/${key}/groups/${id}`, jsonInit('PUT', { name: 'renamed room' }))).status).toBe(200);
    expect((await read('/groups'))[id].name).toBe('renamed room');
    expect((await gw().request(`/api/${key}/groups/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await read('/groups')).toEqual(before);
  });
});
