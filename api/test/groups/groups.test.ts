import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDevice, awaitJson, getJson, restartFollowing, setBridgeOnline } from '../helpers/bridge-devices';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { listenEvents } from '../helpers/events';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';

const A = '0x0017880102a3b4c5';
const B = '0x0017880102a3b4c6';

describeOnRuntimesWithBridge('groups', (gw, bridge) => {
  let key: string;
  let a: string;
  let b: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw().request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const create = async (body: Record<string, unknown>) => ((await (await call('POST', '/groups', body)).json()) as [{ success: { id: string } }])[0].success.id;
  const memberRequests = () => bridge().requests.filter((r) => r.name.startsWith('group/'));

  beforeAll(async () => {
    key = await gw().createKey();
    a = await addDevice(gw(), bridge(), key, colorLamp(A, 'Lamp A'), 11, LAMP_STATE);
    b = await addDevice(gw(), bridge(), key, colorLamp(B, 'Lamp B'), 11, { ...LAMP_STATE, on: true });
  });
  beforeEach(async () => {
    await bridge().setState(A, 11, { on: false });
    await bridge().setState(B, 11, { on: true });
    await awaitJson(gw(), key, '/lights', (lights) => lights[a].state.on === false && lights[b].state.on === true);
    bridge().requests.length = 0;
    bridge().groupSets.length = 0;
  });

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/groups',
    unknownId: '/groups/999',
    write: { method: 'POST', path: '/groups' },
    wrongMethod: 'DELETE',
  });

  it('should create a group, write its membership to the devices and keep all_on/any_on current', async () => {
    const res = await call('POST', '/groups', { name: 'Living', type: 'Room', class: 'Living room' });
    const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
    const put = await call('PUT', `/groups/${id}`, { lights: [a, b], hidden: true });
    expect(await put.json()).toEqual([{ success: { [`/groups/${id}/lights`]: [a, b] } }, { success: { [`/groups/${id}/hidden`]: 'true' } }]);
    expect(memberRequests().map((r) => r.name)).toEqual(['group/add_member', 'group/add_member']);
    expect(memberRequests()[0]!.data).toEqual({ group: Number(id), ieee: A, endpoint: 11 });
    const group = await getJson(gw(), key, `/groups/${id}`);
    expect(group).toMatchObject({ id, name: 'Living', type: 'Room', class: 'Living room', hidden: true, lights: [a, b], state: { all_on: false, any_on: true } });
    await bridge().setState(A, 11, { on: true });
    await awaitJson(gw(), key, `/groups/${id}`, (g) => g.state.all_on === true);
    expect((await getJson(gw(), key, `/lights/${a}`)).config.groups).toEqual([id]);
  });

  it('should answer an existing name with the existing id and never reuse a deleted id', async () => {
    const one = await create({ name: 'One' });
    expect(await (await call('POST', '/groups', { name: 'One' })).json()).toEqual([{ success: { id: one } }]);
    expect(await (await call('DELETE', `/groups/${one}`)).json()).toEqual([{ success: { id: one } }]);
    expect((await call('GET', `/groups/${one}`)).status).toBe(404);
    expect(Number(await create({ name: 'Two' }))).toBeGreaterThan(Number(one));
  });

  it('should hide All from the list and serve it at /groups/0 with every light', async () => {
    const shown = await create({ name: 'Shown' });
    const list = await getJson<Record<string, { name: string }>>(gw(), key, '/groups');
    expect(list[shown]).toMatchObject({ name: 'Shown' });
    expect(Object.values(list).map((g) => g.name)).not.toContain('All');
    expect(Object.keys(list)).not.toContain('65520');
    const all = await getJson(gw(), key, '/groups/0');
    expect(all).toMatchObject({ id: '65520', name: 'All', lights: [a, b], state: { all_on: false, any_on: true } });
    await expectDeconzError(await call('DELETE', '/groups/0'), 404, 3);
  });

  it('should send a group action as one groupcast, toggle on any_on, and remember it', async () => {
    const id = await create({ name: 'G', lights: [a, b] });
    const res = await call('PUT', `/groups/${id}/action`, { toggle: true, bri: 255, transitiontime: 4, nonsense: 1 });
    expect(await res.json()).toEqual([{ success: { [`/groups/${id}/action/toggle`]: true } }, { success: { [`/groups/${id}/action/bri`]: 255 } }]);
    expect(bridge().groupSets).toEqual([{ group: Number(id), command: { on: false, bri: 254, transitiontime: 4 } }]);
    expect((await getJson(gw(), key, `/groups/${id}`)).action).toMatchObject({ on: false, bri: 254 });
  });

  it('should stop at the first bad action parameter with 400 and the earlier successes', async () => {
    const id = await create({ name: 'Bad action' });
    const action = `/groups/${id}/action`;
    // As deCONZ: the successes collected before the bad parameter, then its error.
    const res = await call('PUT', action, { on: true, ct: 600 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, any>[];
    expect(body[0]).toEqual({ success: { [`${action}/on`]: true } });
    expect(body[1]!.error).toMatchObject({ type: 7, address: `${action}/ct` });
    await expectDeconzError(await call('PUT', action, { ct: 300, ct_inc: 5 }), 400, 8);
    expect(bridge().groupSets).toHaveLength(0);
    bridge().script.push({ status: 'error', code: 'busy', message: 'queue full' });
    await expectDeconzError(await call('PUT', action, { on: true }), 503, 951);
    // The bridge names the item it cannot groupcast in `field`; the message need not start with it.
    bridge().script.push({ status: 'error', code: 'not_supported', message: `groupcast to group ${id}: no such command`, field: 'effect' });
    const refused = await call('PUT', action, { on: true, effect: 'colorloop' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Record<string, any>[])[0]!.error).toMatchObject({ type: 6, address: `${action}/effect` });
    await setBridgeOnline(gw(), bridge(), key, false);
    try {
      await expectDeconzError(await call('PUT', action, { on: true }), 503, 950);
    } finally {
      await setBridgeOnline(gw(), bridge(), key, true);
    }
  });

  it('should refuse bad input and leave the group as it was', async () => {
    const id = await create({ name: 'Keep' });
    await expectDeconzError(await call('POST', '/groups', { name: '' }), 400, 7);
    await expectDeconzError(await call('POST', '/groups', {}), 400, 5);
    await expectDeconzError(await call('PUT', `/groups/${id}`, { lights: ['77'] }), 400, 7, `/groups/${id}/lights`);
    await expectDeconzError(await call('PUT', `/groups/${id}`, { name: 'x'.repeat(33) }), 400, 7);
    await expectDeconzError(await call('PUT', `/groups/${id}`, { colour: 'red' }), 400, 6);
    expect(await getJson(gw(), key, `/groups/${id}`)).toMatchObject({ name: 'Keep', lights: [] });
    expect(memberRequests()).toHaveLength(0);
  });

  it('should keep a membership the device refused out of the group and say why', async () => {
    const id = await create({ name: 'Refused' });
    bridge().requestScript.push({ status: 'error', code: 'no_ack', message: 'no ACK from 0x... after 3 tries' });
    const body = (await (await call('PUT', `/groups/${id}`, { lights: [a, b] })).json()) as Record<string, any>[];
    expect(body[0]!.error.type).toBe(202);
    expect((await getJson(gw(), key, `/groups/${id}`)).lights).toEqual([b]);
  });

  describe('group membership limits', () => {
    it('should count a repeated light id once, on the radio and in the group', async () => {
      const created = await call('POST', '/groups', { name: 'Repeated', lights: Array(5000).fill(a) });
      expect(created.status).toBe(200);
      const id = ((await created.json()) as [{ success: { id: string } }])[0].success.id;
      expect(memberRequests()).toHaveLength(1);
      expect((await getJson(gw(), key, `/groups/${id}`)).lights).toEqual([a]);
      expect((await call('PUT', `/groups/${id}`, { lights: [a, a, a] })).status).toBe(200);
      expect(memberRequests()).toHaveLength(1);
    });

    it('should refuse a member list longer than a group can hold, before asking the radio', async () => {
      const many = Array.from({ length: 300 }, (_, i) => String(i + 1));
      await expectDeconzError(await call('POST', '/groups', { name: 'Huge', lights: many }), 400, 7);
      await expectDeconzError(await call('PUT', '/groups/0', { lightsequence: many }), 400, 7);
      expect(memberRequests()).toEqual([]);
    });
  });

  // Last: the restart.
  it('should keep groups across a restart and push added, changed and deleted events', async () => {
    const ws = await listenEvents(gw());
    let kitchen: string;
    try {
      kitchen = await create({ name: 'Kitchen' });
      await call('PUT', `/groups/${kitchen}`, { name: 'Cooking' });
      await call('DELETE', `/groups/${kitchen}`);
      const mine = () => ws.events.filter((e) => e.r === 'groups' && e.id === kitchen);
      await ws.until(() => mine().length >= 3);
      expect(mine().map((e) => [e.e, e.r, e.id])).toEqual([['added', 'groups', kitchen], ['changed', 'groups', kitchen], ['deleted', 'groups', kitchen]]);
      expect(mine()[1]).toMatchObject({ name: 'Cooking' });
    } finally {
      ws.close();
    }
    const stays = await create({ name: 'Stays', lights: [a] });
    const before = await getJson<Record<string, unknown>>(gw(), key, '/groups');
    await restartFollowing(gw(), key);
    const list = await getJson<Record<string, unknown>>(gw(), key, '/groups');
    expect(Object.keys(list)).toEqual(Object.keys(before));
    expect(list).not.toHaveProperty(kitchen);
    expect(list[stays]).toMatchObject({ name: 'Stays', lights: [a] });
  });
});
