import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { addDevice, awaitId, awaitJson, getJson, restartFollowing, setBridgeOnline } from '../helpers/bridge-devices';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { listenEvents } from '../helpers/events';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';

const A = '0x0017880102a3b4c5';
const B = '0x0017880102a3b4c6';

type Bindings = DeviceDescription['bindings'];
const macOf = (ieee: string) => ieee.slice(2).match(/../g)!.join(':');

/** A two-button remote (ZHASwitch on endpoints 1 and 2) whose description lists its group bindings. */
function remote(ieee: string, bindings: Bindings): DeviceDescription {
  const switchOn = (endpoint: number) => ({
    type: 'ZHASwitch',
    resource: 'sensors',
    uniqueid: `${macOf(ieee)}-0${endpoint}-0006`,
    endpoint,
    state: ['buttonevent'],
    config: ['battery', 'reachable', 'on'],
    buttonevents: [1002],
  });
  return {
    ...colorLamp(ieee, 'Hall remote'),
    manufacturername: 'eWeLink',
    modelid: 'WB02',
    powersource: 'battery',
    subdevices: [switchOn(1), switchOn(2)] as DeviceDescription['subdevices'],
    endpoints: [
      { id: 1, profile: 0x0104, device: 0, in: [0, 1, 3], out: [3, 6] },
      { id: 2, profile: 0x0104, device: 0, in: [0], out: [6] },
    ],
    bindings,
  };
}
const bind = (endpoint: number, cluster: number, group: string) => ({ endpoint, cluster, group: Number(group), reporting: [] });

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
    await bridge().setState(A, 11, { on: false, reachable: true });
    await bridge().setState(B, 11, { on: true, bri: 180, reachable: true });
    await awaitJson(
      gw(),
      key,
      '/lights',
      (lights) =>
        lights[a].state.on === false &&
        lights[a].state.reachable === true &&
        lights[b].state.on === true &&
        lights[b].state.bri === 180 &&
        lights[b].state.reachable === true,
    );
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
    expect(group).toMatchObject({
      id,
      name: 'Living',
      type: 'Room',
      class: 'Living room',
      hidden: true,
      lights: [a, b],
      state: { all_on: false, any_on: true },
    });
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

  /**
   * The spec's 503 on `PUT /groups/<id>` and `DELETE /groups/<id>`: membership lives on the lamps,
   * so a change needs them reachable and the bridge there; refused as a whole, nothing stored.
   */
  describe('groups: membership needs reachable lights', () => {
    let hall: string;
    const group = () => getJson<{ lights: string[]; name: string }>(gw(), key, `/groups/${hall}`);
    const unreachable = async (ieee: string, id: string) => {
      await bridge().setState(ieee, 11, { reachable: false });
      await awaitJson(gw(), key, `/lights/${id}`, (light) => light.state.reachable === false);
    };

    beforeEach(async () => {
      hall = await create({ name: `Hall ${Date.now()}` });
      expect((await call('PUT', `/groups/${hall}`, { lights: [a] })).status).toBe(200);
      bridge().requests.length = 0;
    });

    it('should refuse to add or remove an unreachable light with 503 type 202 and change nothing', async () => {
      const { name } = await group();
      await unreachable(B, b);
      const add = await expectDeconzError(await call('PUT', `/groups/${hall}`, { lights: [a, b], name: 'Renamed' }), 503, 202, `/lights/${b}/state`);
      expect(add).toHaveLength(1);
      await unreachable(A, a);
      await expectDeconzError(await call('PUT', `/groups/${hall}`, { lights: [] }), 503, 202, `/lights/${a}/state`);
      await expectDeconzError(await call('DELETE', `/groups/${hall}`), 503, 202, `/lights/${a}/state`);
      expect(bridge().requests).toEqual([]);
      expect(await group()).toMatchObject({ lights: [a], name });
      // A body that leaves the members alone does not need them.
      expect((await call('PUT', `/groups/${hall}`, { name: 'Renamed', lights: [a] })).status).toBe(200);
    });

    it('should refuse membership changes and deletes with 503 type 950 while the bridge is away', async () => {
      await setBridgeOnline(gw(), bridge(), key, false);
      try {
        await expectDeconzError(await call('PUT', `/groups/${hall}`, { lights: [a, b] }), 503, 950, `/groups/${hall}/lights`);
        await expectDeconzError(await call('DELETE', `/groups/${hall}`), 503, 950, `/groups/${hall}/lights`);
        expect((await call('PUT', `/groups/${hall}`, { name: 'Still renamable' })).status).toBe(200);
        expect(await group()).toMatchObject({ lights: [a], name: 'Still renamable' });
      } finally {
        await setBridgeOnline(gw(), bridge(), key, true);
      }
      expect(await (await call('DELETE', `/groups/${hall}`)).json()).toEqual([{ success: { id: hall } }]);
    });

    it('should let a lamp that is gone for good leave its groups, after which the group can go', async () => {
      await unreachable(A, a);
      expect(await (await call('DELETE', `/lights/${a}/groups`)).json()).toEqual([{ success: { id: a } }]);
      expect((await group()).lights).toEqual([]);
      expect(await (await call('DELETE', `/groups/${hall}`)).json()).toEqual([{ success: { id: hall } }]);
      expect((await call('GET', `/groups/${hall}`)).status).toBe(404);
    });
  });

  /** `devicemembership` of a group: the sensors of the devices bound to it, following the bindings the bridge reports. */
  describe('groups: device membership', () => {
    const group = (id: string) => getJson<{ devicemembership: string[]; etag: string }>(gw(), key, `/groups/${id}`);
    const members = (id: string, count: number) => awaitJson(gw(), key, `/groups/${id}`, (g) => g.devicemembership.length === count);
    /** Publishes the remote and waits until the gateway lists its buttons; their sensor ids. */
    const addRemote = async (ieee: string, bindings: Bindings) => {
      await bridge().addDevice(remote(ieee, bindings), 1, { buttonevent: 1002, lastupdated: 'none' });
      return [await awaitId(gw(), key, 'sensors', `${macOf(ieee)}-01-0006`), await awaitId(gw(), key, 'sensors', `${macOf(ieee)}-02-0006`)] as const;
    };

    it('should list the sensors of a bound remote and follow its bindings as they change', async () => {
      const ieee = '0x00124b0022a1300c';
      const [hall, porch] = [await create({ name: 'Remote hall' }), await create({ name: 'Porch' })];
      const [first, second] = await addRemote(ieee, [bind(1, 6, hall), bind(1, 8, hall), bind(2, 6, porch)]);
      await members(porch, 1);
      const before = await group(hall);
      expect(before.devicemembership).toEqual([first]);
      expect((await group(porch)).devicemembership).toEqual([second]);
      const list = await getJson<Record<string, { devicemembership: string[] }>>(gw(), key, '/groups');
      expect(list[hall]!.devicemembership).toEqual([first]);

      // Unbound from the hall, both buttons now on the porch.
      await bridge().describeDevice(remote(ieee, [bind(1, 6, porch), bind(2, 6, porch)]));
      await members(hall, 0);
      const after = await group(hall);
      expect(after.devicemembership).toEqual([]);
      expect(after.etag).not.toBe(before.etag);
      expect((await group(porch)).devicemembership).toEqual([first, second]);
    });

    it('should keep the membership across a restart and drop it when the remote leaves', async () => {
      const ieee = '0x00124b0022a1300d';
      const hall = await create({ name: 'Kept hall' });
      await addRemote(ieee, [bind(1, 6, hall)]);
      const kept = (await members(hall, 1)).devicemembership;
      // Read at once: until the bridge has described the remote again, the stored membership stands.
      await gw().restart();
      expect((await group(hall)).devicemembership).toEqual(kept);
      await awaitJson(gw(), key, '/config', (config) => config.rfconnected === true, 30_000);
      expect((await group(hall)).devicemembership).toEqual(kept);
      await bridge().removeDevice(ieee);
      await members(hall, 0);
      expect((await group(hall)).devicemembership).toEqual([]);
    });

    it('should stay empty for a group no device is bound to (group.devicemembership)', async () => {
      const lonely = await create({ name: 'Lonely' });
      await addRemote('0x00124b0022a1300e', [{ endpoint: 1, cluster: 1, reporting: [{ attribute: 0x21, min: 3600, max: 7200, change: 2 }] }]);
      expect((await group(lonely)).devicemembership).toEqual([]);
    });
  });

  /**
   * A remote's group commands as the bridge reports them (`group_command`). The real stack covers
   * toggle and step (test/lights-remote.test.ts); no simulated remote sends a plain scene recall, so
   * the recall path is driven here by the scripted bridge with the event shape the bridge publishes.
   */
  describe('remote group commands', () => {
    let hall: string;
    let evening: string;
    const groupCommand = (data: Record<string, unknown>) => bridge().emitEvent({ type: 'group_command', ieee: '0x000b57fffe1a2b3c', data });
    const sceneCalled = { t: 'event', e: 'scene-called', r: 'scenes' };

    beforeEach(async () => {
      // Lamp B is on at 180 (the file's beforeEach): the scene captures that.
      hall = await create({ name: `Remote ${Date.now()}`, lights: [b] });
      evening = ((await (await call('POST', `/groups/${hall}/scenes`, { name: 'Evening' })).json()) as [{ success: { id: string } }])[0].success.id;
    });

    it('should show a recalled scene and emit scene-called with gid and scid', async () => {
      await bridge().setState(B, 11, { on: false, bri: 10 });
      await awaitJson(gw(), key, `/lights/${b}`, (light) => light.state.on === false);
      const ws = await listenEvents(gw());
      try {
        await groupCommand({ group: Number(hall), endpoint: 1, command: 'recall', scene: Number(evening) });
        await ws.until((events) => events.some((e) => e.e === 'scene-called'));
        expect(ws.events.find((e) => e.e === 'scene-called')).toEqual({ ...sceneCalled, gid: hall, scid: evening });
        expect((await getJson(gw(), key, `/lights/${b}`)).state).toMatchObject({ on: true, bri: 180 });
        expect((await getJson(gw(), key, `/groups/${hall}`)).action.scene).toBe(evening);
        expect(ws.events.some((e) => e.r === 'lights' && e.id === b && (e.state as { bri?: number })?.bri === 180)).toBe(true);
      } finally {
        ws.close();
      }
    });

    it('should ignore an unknown group, an unknown scene and a malformed event without failing', async () => {
      const ws = await listenEvents(gw());
      try {
        await groupCommand({ group: 4077, endpoint: 1, command: 'recall', scene: 1 });
        await groupCommand({ group: Number(hall), endpoint: 1, command: 'recall', scene: 99 });
        await groupCommand({ group: 'one', command: 5 });
        // A known recall after them: once it is seen, the three before it have been handled.
        await groupCommand({ group: Number(hall), endpoint: 1, command: 'recall', scene: Number(evening) });
        await ws.until((events) => events.some((e) => e.e === 'scene-called'));
        expect(ws.events.filter((e) => e.e === 'scene-called')).toEqual([{ ...sceneCalled, gid: hall, scid: evening }]);
        expect((await call('GET', `/groups/${hall}`)).status).toBe(200);
      } finally {
        ws.close();
      }
    });

    it('should set the group action a toggle or a step implies, and persist it', async () => {
      await groupCommand({ group: Number(hall), endpoint: 1, command: 'toggle', toggle: true });
      await awaitJson(gw(), key, `/groups/${hall}`, (group) => group.action.on === false);
      await call('PUT', `/groups/${hall}/action`, { bri: 100 });
      await groupCommand({ group: Number(hall), endpoint: 1, command: 'step_with_on_off', bri_inc: 43, on: true, transitiontime: 5 });
      await awaitJson(gw(), key, `/groups/${hall}`, (group) => group.action.bri === 143);
      await restartFollowing(gw(), key);
      expect((await getJson(gw(), key, `/groups/${hall}`)).action).toMatchObject({ on: true, bri: 143 });
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
      expect(mine().map((e) => [e.e, e.r, e.id])).toEqual([
        ['added', 'groups', kitchen],
        ['changed', 'groups', kitchen],
        ['deleted', 'groups', kitchen],
      ]);
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
