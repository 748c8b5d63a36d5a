import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, radioControl, type EventClient } from './helpers/clients';
import { lightSettled, startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

/**
 * A light's start-up brightness (top-level `powerup`, ZCL StartUpCurrentLevel) and the colour loop
 * speed of lights and groups, on the real stack (virtual radio, bridge child, api, WebSocket), one
 * stack for the file. Each accepted value must change the device's real attribute; each refused
 * one must answer its error and leave the device as it was.
 */
const BULB = '000b57fffe8ae201'; // IKEA LED1836G9: the converters can set its start-up level
const WHITE = '0017880104a1e202'; // Hue LWB010: no start-up level in its definition
const COLOUR = '0017880104a1e203'; // Hue LCT015: colour loop

interface Attributes {
  genLevelCtrl?: Record<string, number>;
  lightingColorCtrl?: Record<string, number>;
}

describe('lights: start-up brightness and colour loop speed on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  let group: string;
  const ids: Record<string, string> = {};
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const real = async (ieee: string, ep: number) =>
    ((await control('GET', `/devices/${ieee}`)) as { state: { endpoints: Record<string, Attributes> } }).state.endpoints[String(ep)]!;
  const lightId = (ieee: string) => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${ieee}`)?.row.id;

  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
    for (const [model, ieee] of [
      ['TRADFRI-bulb-E27-WW-806lm', BULB],
      ['LWB010', WHITE],
      ['LCT015', COLOUR],
    ])
      await control('POST', '/devices', { model, ieee });
    await stack.rest.put('/config', { permitjoin: 60 });
    for (const [name, ieee] of Object.entries({ bulb: BULB, white: WHITE, colour: COLOUR })) {
      ids[name] = await waitFor(() => lightId(ieee), `${name} as a light`, 60_000, 100);
    }
    await stack.rest.put('/config', { permitjoin: 0 });
    const created = await stack.rest.post('/groups', { name: 'Loop' });
    group = created.body[0].success.id;
    expect((await stack.rest.put(`/groups/${group}`, { lights: [ids.colour] })).status).toBe(200);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should show the start-up brightness the device holds once it paired, and none for a light without one', async () => {
    // The simulated bulb starts at "previous" (255), read from the device after the interview.
    const bulb = await waitFor(
      async () => {
        const { body } = await stack.rest.get(`/lights/${ids.bulb}`);
        return body.powerup === 255 ? body : undefined;
      },
      'the bulb powerup read',
      15_000,
      100,
    );
    expect(bulb.type).toBe('Dimmable light');
    expect((await stack.rest.get(`/lights/${ids.white}`)).body).not.toHaveProperty('powerup');
  });

  it.each([
    { powerup: 100, device: 100 },
    { powerup: 0, device: 0 },
    { powerup: 254, device: 254 },
    { powerup: 255, device: 255 },
  ])(
    'should write powerup $powerup to the device and show it',
    async ({ powerup, device }) => {
      const from = ws.events.length;
      const res = await stack.rest.put(`/lights/${ids.bulb}`, { powerup });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/lights/${ids.bulb}/powerup`]: powerup } }] });
      expect((await real(BULB, 1)).genLevelCtrl!.startUpCurrentLevel).toBe(device);
      expect((await stack.rest.get(`/lights/${ids.bulb}`)).body.powerup).toBe(powerup);
      const events = () =>
        ws.events.slice(from).filter((e) => e.r === 'lights' && e.id === ids.bulb && (e.attr as { powerup?: number } | undefined)?.powerup !== undefined);
      // Each value differs from the one before: announced once, not again when the bridge's own report follows.
      await waitFor(() => events().length > 0, 'the powerup event', 5_000);
      await lightSettled(stack, ws, ids.bulb!);
      expect(events().map((e) => (e.attr as { powerup: number }).powerup)).toEqual([powerup]);
    },
    30_000,
  );

  it('should rename and set powerup in one request', async () => {
    const res = await stack.rest.put(`/lights/${ids.bulb}`, { name: 'Bedside', powerup: 42 });
    expect(res).toEqual({
      status: 200,
      body: [{ success: { [`/lights/${ids.bulb}/name`]: 'Bedside' } }, { success: { [`/lights/${ids.bulb}/powerup`]: 42 } }],
    });
    expect((await real(BULB, 1)).genLevelCtrl!.startUpCurrentLevel).toBe(42);
    expect((await stack.rest.get(`/lights/${ids.bulb}`)).body).toMatchObject({ name: 'Bedside', powerup: 42 });
  }, 30_000);

  it.each([
    { light: 'bulb', body: { powerup: 256 }, type: 7 },
    { light: 'bulb', body: { powerup: -1 }, type: 7 },
    { light: 'bulb', body: { powerup: 12.5 }, type: 7 },
    { light: 'bulb', body: { powerup: 'previous' }, type: 7 },
    { light: 'white', body: { powerup: 50 }, type: 6 },
    { light: 'white', body: { name: 'Hall', powerup: 50 }, type: 6 },
  ])(
    'should refuse $body on the $light with type $type and change nothing',
    async ({ light, body, type }) => {
      const id = ids[light]!;
      const ieee = light === 'bulb' ? BULB : WHITE;
      const ep = light === 'bulb' ? 1 : 11;
      const before = { device: await real(ieee, ep), rest: (await stack.rest.get(`/lights/${id}`)).body };
      const res = await stack.rest.put(`/lights/${id}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual([{ error: expect.objectContaining({ type, address: `/lights/${id}/powerup` }) }]);
      expect(await real(ieee, ep)).toEqual(before.device);
      expect((await stack.rest.get(`/lights/${id}`)).body).toMatchObject({
        name: before.rest.name,
        ...(before.rest.powerup === undefined ? {} : { powerup: before.rest.powerup }),
      });
    },
    30_000,
  );

  /** The colour loop speed: only with `effect: colorloop`, 1-255, written as the ZCL colorLoopTime. */
  const loopTime = async () => (await real(COLOUR, 11)).lightingColorCtrl!.colorLoopTime;
  const targets = () => [
    { what: 'light', path: `/lights/${ids.colour}/state`, errorStatus: 200 },
    { what: 'group', path: `/groups/${group}/action`, errorStatus: 400 },
  ];

  it.each(['light', 'group'])(
    'should run the colour loop at the speed given to the %s',
    async (what) => {
      const { path } = targets().find((t) => t.what === what)!;
      const speed = what === 'light' ? 40 : 60;
      const res = await stack.rest.put(path, { effect: 'colorloop', colorloopspeed: speed });
      expect(res.status).toBe(200);
      expect(res.body).toContainEqual({ success: { [`${path}/colorloopspeed`]: speed } });
      await waitFor(async () => (await loopTime()) === speed, `colorLoopTime ${speed}`, 5_000);
      expect((await stack.rest.put(path, { effect: 'none' })).status).toBe(200);
    },
    30_000,
  );

  it.each([
    { body: { colorloopspeed: 30 }, type: 5 },
    { body: { colorloopspeed: 0 }, type: 7 },
    { body: { colorloopspeed: 256 }, type: 7 },
    { body: { colorloopspeed: 'fast' }, type: 7 },
  ])(
    'should refuse $body on a light and a group alike and leave the loop time',
    async ({ body, type }) => {
      for (const { path, errorStatus } of targets()) {
        const before = await loopTime();
        const res = await stack.rest.put(path, body);
        expect(res.status, path).toBe(errorStatus);
        expect(res.body, path).toContainEqual({ error: expect.objectContaining({ type, address: `${path}/colorloopspeed` }) });
        expect(await loopTime(), path).toBe(before);
      }
    },
    30_000,
  );

  it('should refuse a whole group action whose loop speed is out of range: nothing goes out', async () => {
    const path = `/groups/${group}/action`;
    const before = await loopTime();
    const res = await stack.rest.put(path, { effect: 'colorloop', colorloopspeed: 300 });
    expect(res).toEqual({
      status: 400,
      body: [{ success: { [`${path}/effect`]: 'colorloop' } }, { error: expect.objectContaining({ type: 7, address: `${path}/colorloopspeed` }) }],
    });
    expect(await loopTime()).toBe(before);
  }, 30_000);
});
