import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { listen, startLightingGateway, waitFor } from '../lights/harness';

const A = '0x0017880102a3b4c5';
const B = '0x0017880102a3b4c6';

describe('groups', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(A, 'Lamp A'), 11, LAMP_STATE);
    link.addDevice(colorLamp(B, 'Lamp B'), 11, { ...LAMP_STATE, on: true });
    ({ gw, key } = await startLightingGateway(link));
    // What the start itself asked of the bridge (the alarm systems' key and state) is not under test here.
    link.requests.length = 0;
  });
  afterEach(async () => { await gw.close(); });

  itConformsToDeconz({
    context: () => ({ request: gw.request, key }),
    collection: '/groups',
    unknownId: '/groups/999',
    write: { method: 'POST', path: '/groups' },
    wrongMethod: 'DELETE',
  });

  it('should create a group, write its membership to the devices and keep all_on/any_on current', async () => {
    const res = await call('POST', '/groups', { name: 'Living', type: 'Room', class: 'Living room' });
    expect(await res.json()).toEqual([{ success: { id: '1' } }]);
    const put = await call('PUT', '/groups/1', { lights: ['1', '2'], hidden: true });
    expect(await put.json()).toEqual([{ success: { '/groups/1/lights': ['1', '2'] } }, { success: { '/groups/1/hidden': 'true' } }]);
    expect(link.requests.map((r) => r.name)).toEqual(['group/add_member', 'group/add_member']);
    expect(link.requests[0]!.data).toEqual({ group: 1, ieee: A, endpoint: 11 });
    const group = (await (await call('GET', '/groups/1')).json()) as Record<string, any>;
    expect(group).toMatchObject({ id: '1', name: 'Living', type: 'Room', class: 'Living room', hidden: true, lights: ['1', '2'], state: { all_on: false, any_on: true } });
    link.setState(A, 11, { on: true });
    await waitFor(() => gw.gateway.services.groups.get('1')!.state.all_on);
    const light = (await (await call('GET', '/lights/1')).json()) as Record<string, any>;
    expect(light.config.groups).toEqual(['1']);
  });

  it('should answer an existing name with the existing id and never reuse a deleted id', async () => {
    await call('POST', '/groups', { name: 'One' });
    expect(await (await call('POST', '/groups', { name: 'One' })).json()).toEqual([{ success: { id: '1' } }]);
    expect(await (await call('DELETE', '/groups/1')).json()).toEqual([{ success: { id: '1' } }]);
    expect((await call('GET', '/groups/1')).status).toBe(404);
    expect(await (await call('POST', '/groups', { name: 'Two' })).json()).toEqual([{ success: { id: '2' } }]);
  });

  it('should hide All from the list and serve it at /groups/0 with every light', async () => {
    const list = (await (await call('GET', '/groups')).json()) as Record<string, unknown>;
    expect(list).toEqual({});
    const all = (await (await call('GET', '/groups/0')).json()) as Record<string, any>;
    expect(all).toMatchObject({ id: '65520', name: 'All', lights: ['1', '2'], state: { all_on: false, any_on: true } });
    await expectDeconzError(await call('DELETE', '/groups/0'), 404, 3);
  });

  it('should send a group action as one groupcast, toggle on any_on, and remember it', async () => {
    await call('POST', '/groups', { name: 'G', lights: ['1', '2'] });
    const res = await call('PUT', '/groups/1/action', { toggle: true, bri: 255, transitiontime: 4, nonsense: 1 });
    expect(await res.json()).toEqual([{ success: { '/groups/1/action/toggle': true } }, { success: { '/groups/1/action/bri': 255 } }]);
    expect(link.groupSets).toEqual([{ group: 1, command: { on: false, bri: 254, transitiontime: 4 } }]);
    const group = (await (await call('GET', '/groups/1')).json()) as Record<string, any>;
    expect(group.action).toMatchObject({ on: false, bri: 254 });
  });

  it('should stop at the first bad action parameter with 400 and the earlier successes', async () => {
    await call('POST', '/groups', { name: 'G' });
    // As deCONZ: the successes collected before the bad parameter, then its error.
    const res = await call('PUT', '/groups/1/action', { on: true, ct: 600 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, any>[];
    expect(body[0]).toEqual({ success: { '/groups/1/action/on': true } });
    expect(body[1]!.error).toMatchObject({ type: 7, address: '/groups/1/action/ct' });
    await expectDeconzError(await call('PUT', '/groups/1/action', { ct: 300, ct_inc: 5 }), 400, 8);
    expect(link.groupSets).toHaveLength(0);
    link.script.push({ status: 'error', code: 'busy', message: 'queue full' });
    await expectDeconzError(await call('PUT', '/groups/1/action', { on: true }), 503, 951);
    // The bridge names the item it cannot groupcast in `field`; the message need not start with it.
    link.script.push({ status: 'error', code: 'not_supported', message: 'groupcast to group 1: no such command', field: 'effect' });
    const refused = await call('PUT', '/groups/1/action', { on: true, effect: 'colorloop' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Record<string, any>[])[0]!.error).toMatchObject({ type: 6, address: '/groups/1/action/effect' });
    link.online = false;
    await expectDeconzError(await call('PUT', '/groups/1/action', { on: true }), 503, 950);
  });

  it('should refuse bad input and leave the group as it was', async () => {
    await call('POST', '/groups', { name: 'Keep' });
    await expectDeconzError(await call('POST', '/groups', { name: '' }), 400, 7);
    await expectDeconzError(await call('POST', '/groups', {}), 400, 5);
    await expectDeconzError(await call('PUT', '/groups/1', { lights: ['77'] }), 400, 7, '/groups/1/lights');
    await expectDeconzError(await call('PUT', '/groups/1', { name: 'x'.repeat(33) }), 400, 7);
    await expectDeconzError(await call('PUT', '/groups/1', { colour: 'red' }), 400, 6);
    const group = (await (await call('GET', '/groups/1')).json()) as Record<string, any>;
    expect(group).toMatchObject({ name: 'Keep', lights: [] });
    expect(link.requests).toHaveLength(0);
  });

  it('should keep a membership the device refused out of the group and say why', async () => {
    await call('POST', '/groups', { name: 'G' });
    link.requestScript.push({ status: 'error', code: 'no_ack', message: 'no ACK from 0x... after 3 tries' });
    const body = (await (await call('PUT', '/groups/1', { lights: ['1', '2'] })).json()) as Record<string, any>[];
    expect(body[0]!.error.type).toBe(202);
    expect(gw.gateway.services.groups.get('1')!.record.lights).toEqual(['2']);
  });

  it('should keep groups across a restart and push added, changed and deleted events', async () => {
    const ws = await listen(gw);
    try {
      await call('POST', '/groups', { name: 'Kitchen' });
      await call('PUT', '/groups/1', { name: 'Cooking' });
      await call('DELETE', '/groups/1');
      await ws.next(3);
      expect(ws.events.map((e) => [e.e, e.r, e.id])).toEqual([['added', 'groups', '1'], ['changed', 'groups', '1'], ['deleted', 'groups', '1']]);
      expect(ws.events[1]).toMatchObject({ name: 'Cooking' });
    } finally {
      ws.close();
    }
    await call('POST', '/groups', { name: 'Stays', lights: ['1'] });
    gw = await gw.restart();
    const list = (await (await call('GET', '/groups')).json()) as Record<string, any>;
    expect(Object.keys(list)).toEqual(['2']);
    expect(list['2']).toMatchObject({ name: 'Stays', lights: ['1'] });
  });
});
