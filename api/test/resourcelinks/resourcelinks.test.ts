import { beforeAll, expect, it } from 'vitest';
import { expectDeconzError, itConformsToDeconz, type WireError } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';

describeOnRuntimes('resourcelinks', (gw) => {
  let key: string;

  beforeAll(async () => {
    key = await gw().createKey();
  });

  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const good = {
    name: 'Wake up',
    description: 'morning routine',
    classid: 10010,
    links: ['/lights/1', '/groups/2', '/sensors/3', '/rules/4', '/schedules/5', '/scenes/abc'],
  };
  async function create(body: Record<string, unknown> = good): Promise<string> {
    const res = await api('/resourcelinks', jsonInit('POST', body));
    const answer = (await res.json()) as [{ success: { id: string } }];
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer[0].success.id;
  }
  const get = async (id: string) => (await (await api(`/resourcelinks/${id}`)).json()) as Record<string, unknown>;
  const all = async () => (await (await api('/resourcelinks')).json()) as Record<string, unknown>;
  const errors = async (res: Response, status = 400) => {
    expect(res.status).toBe(status);
    return ((await res.json()) as WireError[]).map((e) => [e.error.type, e.error.address]);
  };

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/resourcelinks',
    unknownId: '/resourcelinks/9999',
    write: { method: 'POST', path: '/resourcelinks' },
    wrongMethod: 'PUT',
  });

  it('should create a resourcelink owned by the asking key and show it in the list and the full state', async () => {
    const id = await create();
    expect(id).toMatch(/^\d+$/);
    const link = await get(id);
    expect(link).toEqual({ ...good, owner: key, recycle: false, type: 'Link' });
    expect(Object.keys(link)).toEqual(['classid', 'description', 'links', 'name', 'owner', 'recycle', 'type']);
    expect((await all())[id]).toEqual(link);
    const full = (await (await api('')).json()) as { resourcelinks: Record<string, unknown> };
    expect(full.resourcelinks[id]).toEqual(link);
  });

  it('should default description and recycle and store the type as Link', async () => {
    const id = await create({ name: 'Bare', classid: 1, links: [], type: 'Link', recycle: true });
    expect(await get(id)).toEqual({ name: 'Bare', description: '', classid: 1, links: [], owner: key, recycle: true, type: 'Link' });
  });

  it('should answer every missing required parameter with type 5 and store nothing', async () => {
    const before = await all();
    expect(await errors(await api('/resourcelinks', jsonInit('POST', { name: 'x' })))).toEqual([
      [5, '/resourcelinks/classid'],
      [5, '/resourcelinks/links'],
    ]);
    expect(await errors(await api('/resourcelinks', jsonInit('POST', { name: 'x', links: [] })))).toEqual([[5, '/resourcelinks/classid']]);
    expect(await errors(await api('/resourcelinks', jsonInit('POST', { classid: 1, name: 'x' })))).toEqual([[5, '/resourcelinks/links']]);
    expect(await errors(await api('/resourcelinks', jsonInit('POST', {})))).toEqual([
      [5, '/resourcelinks/name'],
      [5, '/resourcelinks/classid'],
      [5, '/resourcelinks/links'],
    ]);
    expect(await all()).toEqual(before);
  });

  it.each([
    ['a name longer than 32 characters', { name: 'x'.repeat(33) }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a name that is not a string', { name: 5 }, 'name'],
    ['a description longer than 64 characters', { description: 'd'.repeat(65) }, 'description'],
    ['a classid that is a string', { classid: '1' }, 'classid'],
    ['a classid of 0', { classid: 0 }, 'classid'],
    ['a classid above 65535', { classid: 65536 }, 'classid'],
    ['a classid with a fraction', { classid: 1.5 }, 'classid'],
    ['links that are not an array', { links: '/lights/1' }, 'links'],
    ['links with a number', { links: [1] }, 'links'],
    ['links with something not an address', { links: ['lights/1'] }, 'links'],
    ['links with an unknown kind of resource', { links: ['/things/1'] }, 'links'],
    ['more than 64 links', { links: Array.from({ length: 65 }, (_, i) => `/lights/${i + 1}`) }, 'links'],
    ['a recycle that is not a bool', { recycle: 'yes' }, 'recycle'],
    ['a null name', { name: null }, 'name'],
  ])('should refuse %s with type 7 and store nothing', async (_what, change, field) => {
    const before = await all();
    const res = await api('/resourcelinks', jsonInit('POST', { ...good, ...change }));
    const body = await expectDeconzError(res, 400, 7, `/resourcelinks/${field}`);
    expect(body[0]!.error.description).toMatch(new RegExp(`^invalid value, .*, for parameter, ${field}$`));
    expect(await all()).toEqual(before);
  });

  it('should refuse an unknown parameter with type 6 and report every problem at once', async () => {
    const before = await all();
    expect(await errors(await api('/resourcelinks', jsonInit('POST', { ...good, colour: 'red', classid: 'x' })))).toEqual([
      [7, '/resourcelinks/classid'],
      [6, '/resourcelinks/colour'],
    ]);
    expect(await errors(await api('/resourcelinks', jsonInit('POST', [good])), 400)).toEqual([[2, '/resourcelinks']]);
    expect(await all()).toEqual(before);
  });

  it('should update the given fields and answer one success entry per field', async () => {
    const id = await create();
    const change = { name: 'Renamed', description: '', classid: 20, links: ['/groups/2/scenes/1'], recycle: true };
    const res = await api(`/resourcelinks/${id}`, jsonInit('PUT', change));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(Object.entries(change).map(([k, v]) => ({ success: { [`/resourcelinks/${id}/${k}`]: v } })));
    expect(await get(id)).toEqual({ ...change, owner: key, type: 'Link' });
    const patch = await api(`/resourcelinks/${id}`, jsonInit('PATCH', { name: 'Once more' }));
    expect(await patch.json()).toEqual([{ success: { [`/resourcelinks/${id}/name`]: 'Once more' } }]);
    const empty = await api(`/resourcelinks/${id}`, jsonInit('PUT', {}));
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
    expect(await get(id)).toMatchObject({ name: 'Once more', classid: 20 });
  });

  it('should refuse a bad update as a whole and change nothing', async () => {
    const id = await create();
    const before = await get(id);
    const put = (body: unknown) => api(`/resourcelinks/${id}`, jsonInit('PUT', body));
    expect(await errors(await put({ name: 'ok', links: 'x' }))).toEqual([[7, '/resourcelinks/links']]);
    expect(await errors(await put({ name: 'y'.repeat(33) }))).toEqual([[7, '/resourcelinks/name']]);
    expect(await errors(await put({ classid: true }))).toEqual([[7, '/resourcelinks/classid']]);
    expect(await errors(await put({ type: 'Link', owner: 'me' }))).toEqual([
      [6, '/resourcelinks/type'],
      [6, '/resourcelinks/owner'],
    ]);
    expect(await errors(await put('{"name":'))).toEqual([[2, '/resourcelinks']]);
    expect(await errors(await api('/resourcelinks/9999', jsonInit('PUT', { name: 'x' })), 404)).toEqual([[3, '/resourcelinks/9999']]);
    expect(await get(id)).toEqual(before);
  });

  it('should delete a resourcelink at once and never reuse its id', async () => {
    const id = await create();
    const res = await api(`/resourcelinks/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: `/resourcelinks/${id} deleted.` }]);
    await expectDeconzError(await api(`/resourcelinks/${id}`), 404, 3, `/resourcelinks/${id}`);
    await expectDeconzError(await api(`/resourcelinks/${id}`, { method: 'DELETE' }), 404, 3, `/resourcelinks/${id}`);
    expect(id in (await all())).toBe(false);
    expect(Number(await create())).toBeGreaterThan(Number(id));
  });

  it('should keep resourcelinks, their changes and deletes across a gateway restart', async () => {
    const kept = await create({ ...good, name: 'Kept' });
    await api(`/resourcelinks/${kept}`, jsonInit('PUT', { links: ['/sensors/9'], recycle: true }));
    const gone = await create({ ...good, name: 'Gone' });
    await api(`/resourcelinks/${gone}`, { method: 'DELETE' });
    const before = await all();
    await gw().restart();
    expect(await all()).toEqual(before);
    expect(await get(kept)).toEqual({ ...good, name: 'Kept', links: ['/sensors/9'], recycle: true, owner: key, type: 'Link' });
    await expectDeconzError(await api(`/resourcelinks/${gone}`), 404, 3);
    expect(Number(await create())).toBeGreaterThan(Number(gone));
  });
});
