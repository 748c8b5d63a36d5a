import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, radioControl, type EventClient } from './helpers/clients';
import { bindToGroup, startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const LAMPS = ['0017880104a1d101', '0017880104a1d102'];
const REMOTE = '000b57fffe8ad10e';

/**
 * A remote bound to a group on the real stack: its presses groupcast to the lamps (the gateway
 * sends nothing), the bridge reports them, and REST and WebSocket clients see the group and its
 * lamps change. The All group: every lamp joined it, so /groups/0 is one groupcast. And a scene's
 * per-light edit and a light leaving its scenes reach the devices' own scene tables.
 */
describe('remote bound to a group, the All group and scenes on the devices, end to end', () => {
  let stack: Stack;
  let gid: string;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const ep11 = async (ieee: string) =>
    ((await control('GET', `/devices/${ieee}`)) as { state: { endpoints: Record<string, Record<string, Record<string, number>>> } }).state.endpoints['11']!;
  const lightId = (ieee: string) => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${ieee}`)?.row.id;
  const counters = async () => (await control('GET', '/counters')) as { group: Record<string, number>; total: number };

  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
    for (const ieee of LAMPS) await control('POST', '/devices', { model: 'LCT015', ieee });
    await control('POST', '/devices', { model: 'TRADFRI-remote-control', ieee: REMOTE });
    await stack.rest.put('/config', { permitjoin: 60 });
    const all = [...LAMPS, REMOTE].map((ieee) => `0x${ieee}`);
    await waitFor(() => all.every((ieee) => stack.api.services.bridge.devices().get(ieee)?.interview === 'successful'), 'interviews', 60_000, 100);
    await waitFor(() => LAMPS.every((ieee) => lightId(ieee) !== undefined), 'both lamps as lights', 60_000, 100);
    await stack.rest.put('/config', { permitjoin: 0 });
    const created = await fetch(`${stack.rest.base}/api/${stack.rest.key}/groups`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Hall', lights: LAMPS.map((ieee) => lightId(ieee)!) }),
    });
    gid = ((await created.json()) as [{ success: { id: string } }])[0].success.id;
    expect((await stack.rest.put(`/groups/${gid}/action`, { on: true, bri: 100 })).status).toBe(200);
    for (const ieee of LAMPS) await waitFor(async () => (await ep11(ieee)).genLevelCtrl!.currentLevel === 100, `${ieee} at 100`, 5_000);
    // Bind the remote to the group over the bridge's MQTT request (as deCONZ binds a remote).
    expect(await bindToGroup(stack, REMOTE, Number(gid))).toMatchObject({ status: 'ok', data: { group: Number(gid) } });
  }, 150_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  const press = (button: string) => control('POST', `/devices/${REMOTE}/actions/press`, { button, kind: 'single' });
  const withEvents = async (run: (ws: EventClient) => Promise<void>) => {
    const ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    try {
      await run(ws);
    } finally {
      ws.close();
    }
  };

  it('should list the bound remote in the group devicemembership', async () => {
    const remoteSensors = Object.entries((await stack.rest.get('/sensors')).body as Record<string, { uniqueid: string }>)
      .filter(([, sensor]) => sensor.uniqueid.startsWith(REMOTE.match(/../g)!.join(':')))
      .map(([id]) => id);
    expect(remoteSensors.length).toBeGreaterThan(0);
    await waitFor(
      async () => ((await stack.rest.get(`/groups/${gid}`)).body as { devicemembership: string[] }).devicemembership.length > 0,
      'devicemembership',
      5_000,
    );
    const { devicemembership } = (await stack.rest.get(`/groups/${gid}`)).body as { devicemembership: string[] };
    expect(devicemembership.every((id) => remoteSensors.includes(id))).toBe(true);
  });

  it('should switch the group from the remote: lamps change at the radio, REST and events follow', async () => {
    await withEvents(async (ws) => {
      await control('DELETE', '/counters');
      await press('toggle');
      for (const ieee of LAMPS) await waitFor(async () => (await ep11(ieee)).genOnOff!.onOff === 0, `${ieee} toggled off`, 5_000);
      // The gateway sent no group command: the lamps heard the remote itself.
      expect((await counters()).group).toEqual({});
      await waitFor(
        () => ws.events.some((e) => e.r === 'groups' && e.id === gid && (e.state as { any_on?: boolean })?.any_on === false),
        'group any_on false event',
        5_000,
      );
      for (const ieee of LAMPS) {
        const id = lightId(ieee)!;
        await waitFor(
          () => ws.events.some((e) => e.r === 'lights' && e.id === id && (e.state as { on?: boolean })?.on === false),
          `light ${id} off event`,
          5_000,
        );
        expect((await stack.rest.get(`/lights/${id}`)).body.state.on).toBe(false);
      }
      const group = (await stack.rest.get(`/groups/${gid}`)).body;
      expect(group.state).toEqual({ all_on: false, any_on: false });
      expect(group.action.on).toBe(false);
    });
  }, 30_000);

  it('should step the group up from the remote and show the implied brightness', async () => {
    await withEvents(async (ws) => {
      await press('brightness_up');
      for (const ieee of LAMPS) {
        await waitFor(
          async () => {
            const real = await ep11(ieee);
            return real.genOnOff!.onOff === 1 && real.genLevelCtrl!.currentLevel === 143;
          },
          `${ieee} on at 143`,
          5_000,
        );
        const id = lightId(ieee)!;
        await waitFor(async () => (await stack.rest.get(`/lights/${id}`)).body.state.bri === 143, `light ${id} bri 143`, 5_000);
      }
      await waitFor(
        () => ws.events.some((e) => e.r === 'groups' && e.id === gid && (e.state as { all_on?: boolean })?.all_on === true),
        'group all_on event',
        5_000,
      );
      const group = (await stack.rest.get(`/groups/${gid}`)).body;
      expect(group.action).toMatchObject({ on: true, bri: 143 });
    });
  }, 30_000);

  it('should reach every lamp through the All group with one groupcast', async () => {
    await control('DELETE', '/counters');
    expect(await stack.rest.put('/groups/0/action', { on: false })).toEqual({ status: 200, body: [{ success: { '/groups/0/action/on': false } }] });
    expect(await counters()).toMatchObject({ group: { [String(0xfff0)]: 1 }, total: 1 });
    for (const ieee of LAMPS) await waitFor(async () => (await ep11(ieee)).genOnOff!.onOff === 0, `${ieee} off via All`, 5_000);
    expect((await stack.rest.get('/groups/0')).body.state).toEqual({ all_on: false, any_on: false });
  }, 30_000);

  it('should write an edited scene light to the device and remove a light from its scenes on the device', async () => {
    const [idA, idB] = LAMPS.map((ieee) => lightId(ieee)!);
    const created = await fetch(`${stack.rest.base}/api/${stack.rest.key}/groups/${gid}/scenes`, { method: 'POST', body: JSON.stringify({ name: 'Reading' }) });
    const sid = ((await created.json()) as [{ success: { id: string } }])[0].success.id;
    const scenesOf = async (ieee: string) =>
      (
        (await control('GET', `/devices/${ieee}`)) as {
          state: { scenes: Array<{ group: number; scene: number; values: Record<string, Record<string, number>> }> };
        }
      ).state.scenes;
    const path = `/groups/${gid}/scenes/${sid}/lights/${idA}/state`;
    expect(await stack.rest.put(path, { bri: 42, xy: [0.5, 0.4] })).toEqual({ status: 200, body: [{ success: { id: sid } }] });
    const stored = (await scenesOf(LAMPS[0]!)).find((s) => s.group === Number(gid) && s.scene === Number(sid));
    expect(stored?.values).toMatchObject({ genLevelCtrl: { currentLevel: 42 }, lightingColorCtrl: { currentX: 32768, currentY: 26214 } });
    // Recalled by the lamps themselves: the edited value is the device's own.
    expect((await stack.rest.put(`/groups/${gid}/scenes/${sid}/recall`, {})).status).toBe(200);
    await waitFor(async () => (await ep11(LAMPS[0]!)).genLevelCtrl!.currentLevel === 42, 'lamp A at the edited level', 5_000);
    const removed = await fetch(`${stack.rest.base}/api/${stack.rest.key}/lights/${idB}/scenes`, { method: 'DELETE' });
    expect([removed.status, await removed.json()]).toEqual([200, [{ success: { id: idB } }]]);
    expect((await scenesOf(LAMPS[1]!)).filter((s) => s.group === Number(gid))).toEqual([]);
    expect((await scenesOf(LAMPS[0]!)).filter((s) => s.group === Number(gid))).toHaveLength(1);
    expect((await stack.rest.get(`/groups/${gid}/scenes/${sid}`)).body.lights.map((l: { id: string }) => l.id)).toEqual([idA]);
  }, 30_000);

  it('should write a lamp power-on behaviour to the device through PUT /lights/<id>/config', async () => {
    const id = lightId(LAMPS[0]!)!;
    expect(await stack.rest.put(`/lights/${id}/config`, { on: { startup: 'previous' } })).toEqual({
      status: 200,
      body: [{ success: { [`/lights/${id}/config/on/startup`]: 'previous' } }],
    });
    expect((await ep11(LAMPS[0]!)).genOnOff!.startUpOnOff).toBe(255);
    expect((await stack.rest.put(`/lights/${id}/config`, { on: { startup: false } })).status).toBe(200);
    expect((await ep11(LAMPS[0]!)).genOnOff!.startUpOnOff).toBe(0);
    // The converters expose a start-up colour temperature; this simulated lamp refuses the attribute.
    const refused = await stack.rest.put(`/lights/${id}/config`, { color: { ct: { startup: 370 } } });
    expect(refused).toEqual({
      status: 400,
      body: [{ error: { type: 6, address: `/lights/${id}/config/color/ct/startup`, description: 'parameter, color/ct/startup, not available' } }],
    });
  }, 30_000);
});
