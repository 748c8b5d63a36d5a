import { beforeAll, beforeEach, expect, it } from 'vitest';
import { addDevice, awaitJson, getJson, restartFollowing } from '../helpers/bridge-devices';
import { listenEvents } from '../helpers/events';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';
import { colorLamp, LAMP_STATE } from '../helpers/devices';

const LAMP = '0x0017880102a3b4c5';

/**
 * A remote's group commands as the bridge reports them (`group_command`). The real stack covers
 * toggle and step (test/lights-remote.test.ts); no simulated remote sends a plain scene recall, so
 * the recall path is driven here by the scripted bridge with the event shape the bridge publishes.
 */
describeOnRuntimesWithBridge('remote group commands', (gw, bridge) => {
  let key: string;
  let lamp: string;
  let hall: string;
  let evening: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw().request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const created = async (res: Promise<Response>) => ((await (await res).json()) as [{ success: { id: string } }])[0].success.id;
  const groupCommand = (data: Record<string, unknown>) =>
    bridge().emitEvent({ type: 'group_command', ieee: '0x000b57fffe1a2b3c', data });

  beforeAll(async () => {
    key = await gw().createKey();
    lamp = await addDevice(gw(), bridge(), key, colorLamp(LAMP), 11, { ...LAMP_STATE, on: true, bri: 180 });
  });
  beforeEach(async () => {
    await bridge().setState(LAMP, 11, { on: true, bri: 180 });
    await awaitJson(gw(), key, `/lights/${lamp}`, (light) => light.state.on === true && light.state.bri === 180);
    hall = await created(call('POST', '/groups', { name: `Hall ${Date.now()}`, lights: [lamp] }));
    evening = await created(call('POST', `/groups/${hall}/scenes`, { name: 'Evening' }));
  });

  it('should show a recalled scene and emit scene-called with gid and scid', async () => {
    await bridge().setState(LAMP, 11, { on: false, bri: 10 });
    await awaitJson(gw(), key, `/lights/${lamp}`, (light) => light.state.on === false);
    const ws = await listenEvents(gw());
    try {
      await groupCommand({ group: Number(hall), endpoint: 1, command: 'recall', scene: Number(evening) });
      await ws.until((events) => events.some((e) => e.e === 'scene-called'));
      expect(ws.events.find((e) => e.e === 'scene-called')).toEqual({ t: 'event', e: 'scene-called', r: 'scenes', gid: hall, scid: evening });
      expect((await getJson(gw(), key, `/lights/${lamp}`)).state).toMatchObject({ on: true, bri: 180 });
      expect((await getJson(gw(), key, `/groups/${hall}`)).action.scene).toBe(evening);
      expect(ws.events.some((e) => e.r === 'lights' && e.id === lamp && (e.state as { bri?: number })?.bri === 180)).toBe(true);
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
      expect(ws.events.filter((e) => e.e === 'scene-called')).toEqual([{ t: 'event', e: 'scene-called', r: 'scenes', gid: hall, scid: evening }]);
      expect((await call('GET', `/groups/${hall}`)).status).toBe(200);
    } finally {
      ws.close();
    }
  });

  // Last: the restart.
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
