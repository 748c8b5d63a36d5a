import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDevice, awaitJson, getJson, restartFollowing, setBridgeOnline, WAIT_MS } from '../helpers/bridge-devices';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { waitFor } from '../../../test/helpers/wait';

const LAMP = '0x0017880102a3b4c5';
const LONE = '0x0017880102a3b4c7';

describeOnRuntimesWithBridge('scenes', (gw, bridge) => {
  let key: string;
  let lamp: string;
  /** A fresh group with the lamp, for each test: scene ids count from 1 in every group. */
  let group: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw().request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const json = async (res: Promise<Response>) => (await res).json() as Promise<any>;
  const createGroup = async (name: string, lights: string[]) => (await json(call('POST', '/groups', { name, lights })))[0].success.id as string;

  beforeAll(async () => {
    key = await gw().createKey();
    lamp = await addDevice(gw(), bridge(), key, colorLamp(LAMP), 11, { ...LAMP_STATE, on: true, bri: 180 });
  });
  beforeEach(async () => {
    await bridge().setState(LAMP, 11, { on: true, bri: 180, ct: 300, colormode: 'ct' });
    await awaitJson(gw(), key, `/lights/${lamp}`, (light) => light.state.on === true && light.state.bri === 180 && light.state.colormode === 'ct');
    group = await createGroup(`G ${Date.now()}`, [lamp]);
    bridge().requests.length = 0;
  });

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/groups/1/scenes',
    unknownId: '/groups/1/scenes/9',
    write: { method: 'POST', path: '/groups/1/scenes' },
    wrongMethod: 'DELETE',
  });

  it('should capture member states, store them on the devices and list, rename, recall and delete the scene', async () => {
    const g = `/groups/${group}`;
    expect(await json(call('POST', `${g}/scenes`, { name: 'Evening' }))).toEqual([{ success: { id: '1' } }]);
    expect(bridge().requests).toEqual([{ name: 'scene/store', data: { group: Number(group), scene: 1, transitiontime: 10 } }]);
    expect(await json(call('GET', `${g}/scenes`))).toEqual({ 1: { lights: [lamp], name: 'Evening', transitiontime: 10 } });
    expect(await json(call('GET', `${g}/scenes/1`))).toEqual({
      lights: [{ id: lamp, on: true, bri: 180, ct: 300, colormode: 'ct', transitiontime: 10 }],
      name: 'Evening',
      state: 0,
    });
    expect((await json(call('GET', g))).scenes).toEqual([{ id: '1', lightcount: 1, name: 'Evening', transitiontime: 10 }]);
    expect(await json(call('PUT', `${g}/scenes/1`, { name: 'Late' }))).toEqual([{ success: { [`${g}/scenes/1/name`]: 'Late' } }]);
    expect(await json(call('PUT', `${g}/scenes/1/recall`, ''))).toEqual([{ success: { id: '1' } }]);
    expect((await json(call('GET', g))).action.scene).toBe('1');
    expect(await json(call('DELETE', `${g}/scenes/1`))).toEqual([{ success: { id: '1' } }]);
    expect(bridge().requests.map((r) => r.name)).toEqual(['scene/store', 'scene/recall', 'scene/remove']);
    expect((await call('GET', `${g}/scenes/1`)).status).toBe(404);
  });

  it('should answer an existing name with its id, re-store with a transition, and edit one light', async () => {
    const g = `/groups/${group}`;
    await call('POST', `${g}/scenes`, { name: 'A' });
    expect(await json(call('POST', `${g}/scenes`, { name: 'A' }))).toEqual([{ success: { id: '1' } }]);
    expect(await json(call('PUT', `${g}/scenes/1/store`, { transitiontime: 30 }))).toEqual([{ success: { id: '1' } }]);
    expect((await json(call('GET', `${g}/scenes`)))['1'].transitiontime).toBe(30);
    const res = await json(call('PUT', `${g}/scenes/1/lights/${lamp}/state`, { bri: 20, xy: [0.5, 0.4] }));
    expect(res).toEqual([{ success: { id: '1' } }]);
    expect((await json(call('GET', `${g}/scenes/1`))).lights[0]).toEqual({ id: lamp, on: true, bri: 20, x: 0.5, y: 0.4, colormode: 'xy', transitiontime: 30 });
  });

  it('should refuse bad input and bridge failures without storing anything', async () => {
    const g = `/groups/${group}`;
    await expectDeconzError(await call('POST', `${g}/scenes`, {}), 400, 5);
    await expectDeconzError(await call('POST', `${g}/scenes`, { name: 'x'.repeat(33) }), 400, 7);
    bridge().requestScript.push({ status: 'error', code: 'busy', message: 'queue full' });
    await expectDeconzError(await call('POST', `${g}/scenes`, { name: 'A' }), 503, 951);
    await setBridgeOnline(gw(), bridge(), key, false);
    try {
      await expectDeconzError(await call('POST', `${g}/scenes`, { name: 'A' }), 503, 950);
      expect(await json(call('GET', `${g}/scenes`))).toEqual({});
    } finally {
      await setBridgeOnline(gw(), bridge(), key, true);
    }
    await call('POST', `${g}/scenes`, { name: 'A' });
    await expectDeconzError(await call('PUT', `${g}/scenes/1/lights/4077/state`, { bri: 1 }), 400, 3);
    await expectDeconzError(await call('PUT', `${g}/scenes/1/lights/${lamp}/state`, { bri: 300 }), 400, 7);
    await expectDeconzError(await call('PUT', `${g}/scenes/1/recall`, '{nope'), 400, 2);
    expect((await json(call('GET', `${g}/scenes/1`))).lights[0].bri).toBe(180);
  });

  /**
   * What a scene edit asks of the bridge, and the answer when the device cannot take it (the real
   * device tables are checked in test/lights-remote.test.ts).
   */
  describe('scenes on the devices', () => {
    const scene = () => `/groups/${group}/scenes/1`;
    beforeEach(async () => {
      await call('POST', `/groups/${group}/scenes`, { name: 'Evening' });
      bridge().requests.length = 0;
    });

    it('should write an edited light to the device with its values before keeping it', async () => {
      expect(await json(call('PUT', `${scene()}/lights/${lamp}/state`, { bri: 40, xy: [0.5, 0.4], transitiontime: 3 }))).toEqual([{ success: { id: '1' } }]);
      expect(bridge().requests).toEqual([
        {
          name: 'scene/add',
          data: { group: Number(group), scene: 1, ieee: LAMP, endpoint: 11, transitiontime: 3, state: { on: true, bri: 40, xy: [0.5, 0.4] } },
        },
      ]);
      expect((await json(call('GET', scene()))).lights[0]).toMatchObject({ bri: 40, x: 0.5, y: 0.4, colormode: 'xy', transitiontime: 3 });
    });

    it('should answer the bridge error and keep the scene as it was when the device refuses', async () => {
      const before = await json(call('GET', scene()));
      bridge().requestScript.push({ status: 'error', code: 'busy', message: 'queue full' });
      const res = await call('PUT', `${scene()}/lights/${lamp}/state`, { bri: 40 });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual([{ error: { type: 951, address: `${scene()}/lights/${lamp}/state`, description: expect.any(String) } }]);
      expect(await json(call('GET', scene()))).toEqual(before);
    });

    it('should remove a light scenes on that member only, and from the gateway copy', async () => {
      // A lamp of its own: it is in this group's scene only.
      const lone = await addDevice(gw(), bridge(), key, colorLamp(LONE, 'Lone lamp'), 11, { ...LAMP_STATE, on: true });
      const own = await createGroup('Lone', [lone]);
      await call('POST', `/groups/${own}/scenes`, { name: 'Only' });
      bridge().requests.length = 0;
      expect(await json(call('DELETE', `/lights/${lone}/scenes`))).toEqual([{ success: { id: lone } }]);
      expect(bridge().requests).toEqual([{ name: 'scene/remove', data: { group: Number(own), scene: 1, ieee: LONE, endpoint: 11 } }]);
      expect((await json(call('GET', `/groups/${own}/scenes/1`))).lights).toEqual([]);
    });
  });

  /**
   * A scene create waits for the devices to store the scene (seconds on a real network). These
   * tests hold that capture open at the scripted bridge and race other requests against it.
   */
  describe('scene ids under concurrency', () => {
    const captures = () => bridge().heldRequests.filter((r) => r.name === 'scene/store');
    /** The devices answer every capture held so far. */
    const releaseCaptures = () => Promise.all(captures().map((held) => held.answer()));

    beforeEach(() => {
      bridge().heldRequests.length = 0;
      // Every `scene/store` waits until the test lets the devices answer.
      bridge().holdRequests = ['scene/store'];
    });
    afterEach(() => {
      bridge().holdRequests = [];
    });

    it('should give two creates capturing at the same time different ids and keep both', async () => {
      const first = json(call('POST', `/groups/${group}/scenes`, { name: 'Dawn' }));
      const second = json(call('POST', `/groups/${group}/scenes`, { name: 'Dusk' }));
      await waitFor(() => captures().length === 2, 'captures().length === 2', WAIT_MS);
      expect(new Set(captures().map((r) => r.data.scene)).size).toBe(2);
      await releaseCaptures();
      const ids = [(await first)[0].success.id, (await second)[0].success.id];
      expect(new Set(ids).size).toBe(2);
      await restartFollowing(gw(), key);
      const scenes = await getJson(gw(), key, `/groups/${group}/scenes`);
      expect(
        Object.values(scenes)
          .map((s: any) => s.name)
          .sort(),
      ).toEqual(['Dawn', 'Dusk']);
    });

    it('should not store a scene whose group was deleted during the capture', async () => {
      const create = call('POST', `/groups/${group}/scenes`, { name: 'Orphan' });
      await waitFor(() => captures().length === 1, 'captures().length === 1', WAIT_MS);
      expect((await call('DELETE', `/groups/${group}`)).status).toBe(200);
      await releaseCaptures();
      expect((await create).status).toBe(404);
      await restartFollowing(gw(), key);
      const everything = await getJson<{ groups: Record<string, { scenes: { name: string }[] }> }>(gw(), key, '');
      expect(Object.values(everything.groups).flatMap((g) => g.scenes.map((s) => s.name))).not.toContain('Orphan');
      // Node only: the scene store behind the deleted group is not reachable over HTTP.
      if (gw().node) expect(gw().node!.gateway.services.scenes.ofGroup(group)).toEqual([]);
    });

    it('should give the id back when the capture fails', async () => {
      bridge().holdRequests = [];
      bridge().requestScript.push({ status: 'error', code: 'timeout', message: 'no answer' });
      expect((await call('POST', `/groups/${group}/scenes`, { name: 'Failed' })).status).toBeGreaterThanOrEqual(400);
      const answer = await json(call('POST', `/groups/${group}/scenes`, { name: 'Works' }));
      expect(answer, JSON.stringify(answer)).toEqual([{ success: { id: '1' } }]);
    });
  });

  // Last: the restart.
  it('should keep scenes across a restart and keep the top-level /scenes empty', async () => {
    await call('POST', `/groups/${group}/scenes`, { name: 'Kept' });
    await restartFollowing(gw(), key);
    expect(await json(call('GET', `/groups/${group}/scenes`))).toEqual({ 1: { lights: [lamp], name: 'Kept', transitiontime: 10 } });
    expect(await json(call('GET', '/scenes'))).toEqual({});
  });
});
