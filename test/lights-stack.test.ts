import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, radioControl } from './helpers/clients';
import { lightSettled, startStack, waitForLink, type Stack } from './helpers/stack';
import { radioProtocols } from './helpers/protocols';
import { waitFor } from './helpers/wait';

const LAMPS = ['0017880104a1c101', '0017880104a1c102'];
const BLIND = '000b57fffe8a0c06';
const FAN = '00124b0022a70c12';
const SHADE = '54ef441000a70c13';

/** A covering and where the radio keeps its real lift (deCONZ's 0 open … 100 closed). */
interface Cover {
  name: string;
  ieee: string;
  lift: (state: Record<string, any>) => number;
}
const COVERS: Cover[] = [
  { name: 'IKEA blind (window covering cluster)', ieee: BLIND, lift: (s) => s.endpoints['1'].closuresWindowCovering.currentPositionLiftPercentage },
  // Aqara's shade keeps its position (100 open) in the analog output; its motor in the multistate output.
  { name: 'Aqara roller shade (analog output)', ieee: SHADE, lift: (s) => 100 - s.endpoints['1'].genAnalogOutput.presentValue },
];

/**
 * Lights, groups and scenes on the real stack: the api over MQTT to the bridge, herdsman on the
 * virtual radio. Assertions read the virtual devices' real state and the radio's frame counters.
 * Every front proves what its frames carry (a unicast command and its acknowledgement, a groupcast,
 * a scene recall, a lamp that does not answer); the api's own handling of colours, effects,
 * coverings, fans and group actions is the same on every front, so the first front alone proves it
 * and the others pair the two lamps only.
 */
describe.each(radioProtocols())('lights, groups and scenes end to end on %s', (protocol) => {
  const first = protocol === radioProtocols()[0];
  const paired = first ? [...LAMPS, BLIND, FAN, SHADE] : LAMPS;
  let stack: Stack;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const device = async (ieee: string) => (await control('GET', `/devices/${ieee}`)) as { state: Record<string, any> };
  const lightId = (ieee: string) => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${ieee}`)?.row.id;

  beforeAll(async () => {
    stack = await startStack({ protocol });
    await waitForLink(stack);
    // Devices pair the way a user pairs them: into the pool, then the network is opened.
    for (const ieee of LAMPS) await control('POST', '/devices', { model: 'LCT015', ieee });
    if (first) {
      await control('POST', '/devices', { model: 'FYRTUR-block-out-roller-blind', ieee: BLIND });
      await control('POST', '/devices', { model: 'HBUniversalCFRemote', ieee: FAN });
      await control('POST', '/devices', { model: 'lumi.curtain.acn002', ieee: SHADE });
    }
    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(() => paired.every((ieee) => lightId(ieee) !== undefined), 'the paired devices as lights', 60_000, 100);
    await waitFor(() => paired.every((ieee) => stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview === 'successful'), 'interviews', 60_000, 100);
    await stack.rest.put('/config', { permitjoin: 0 });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  const ep11 = async (ieee: string) => (await device(ieee)).state.endpoints['11'] as Record<string, Record<string, any>>;

  it('should switch and dim a real lamp and answer only what the device acknowledged', async () => {
    const id = lightId(LAMPS[0]!)!;
    const res = await stack.rest.put(`/lights/${id}/state`, { on: true, bri: 128 });
    expect(res).toEqual({ status: 200, body: [{ success: { [`/lights/${id}/state/on`]: true } }, { success: { [`/lights/${id}/state/bri`]: 128 } }] });
    const real = await ep11(LAMPS[0]!);
    expect(real.genOnOff!.onOff).toBe(1);
    expect(real.genLevelCtrl!.currentLevel).toBe(128);
    const light = (await stack.rest.get(`/lights/${id}`)).body;
    expect(light.state).toMatchObject({ on: true, bri: 128, reachable: true });
  }, 30_000);

  it.runIf(first)(
    'should colour a lamp, and push exactly one changed event after the reply to a real WebSocket client',
    async () => {
      const id = lightId(LAMPS[1]!)!;
      // Only changed items, so a second event for the same change would show.
      await stack.rest.put('/config', { websocketnotifyall: false });
      const ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
      try {
        const res = await stack.rest.put(`/lights/${id}/state`, { on: true, ct: 250 });
        expect(res.status).toBe(200);
        // A GET right after the reply shows what the bridge's converters predicted, colour mode included.
        expect((await stack.rest.get(`/lights/${id}`)).body.state).toMatchObject({ on: true, ct: 250, colormode: 'ct' });
        expect((await ep11(LAMPS[1]!)).lightingColorCtrl!.colorTemperature).toBe(250);
        await waitFor(() => ws.events.some((e) => e.r === 'lights' && e.id === id), 'light event', 5_000);
        await lightSettled(stack, ws, id);
        const lightEvents = ws.events.filter((e) => e.r === 'lights' && e.e === 'changed' && e.id === id && (e.state as any)?.ct === 250);
        expect(lightEvents).toHaveLength(1);
        expect(lightEvents[0]).toMatchObject({ t: 'event', uniqueid: `${LAMPS[1]!.match(/../g)!.join(':')}-0b` });
        // Legacy x/y (0-65535) ride next to xy when the colour moves (Events rule 1).
        expect((await stack.rest.put(`/lights/${id}/state`, { xy: [0.25, 0.5] })).status).toBe(200);
        expect((await stack.rest.get(`/lights/${id}`)).body.state).toMatchObject({ xy: [0.25, 0.5], colormode: 'xy' });
        const xyEvent = await waitFor(
          () => ws.events.find((e) => e.r === 'lights' && e.id === id && JSON.stringify((e.state as any)?.xy) === '[0.25,0.5]'),
          'xy event',
          5_000,
        );
        expect(xyEvent.state).toMatchObject({ xy: [0.25, 0.5], x: 16384, y: 32768 });
      } finally {
        ws.close();
        await stack.rest.put('/config', { websocketnotifyall: true });
      }
    },
    30_000,
  );

  it.runIf(first)(
    'should run the colour loop at the requested colorloopspeed on the device',
    async () => {
      const id = lightId(LAMPS[1]!)!;
      const res = await stack.rest.put(`/lights/${id}/state`, { on: true, effect: 'colorloop', colorloopspeed: 7 });
      expect(res).toEqual({
        status: 200,
        body: [
          { success: { [`/lights/${id}/state/on`]: true } },
          { success: { [`/lights/${id}/state/effect`]: 'colorloop' } },
          { success: { [`/lights/${id}/state/colorloopspeed`]: 7 } },
        ],
      });
      expect((await ep11(LAMPS[1]!)).lightingColorCtrl).toMatchObject({ colorLoopActive: 1, colorLoopTime: 7 });
      expect((await stack.rest.put(`/lights/${id}/state`, { effect: 'none' })).status).toBe(200);
      expect((await ep11(LAMPS[1]!)).lightingColorCtrl).toMatchObject({ colorLoopActive: 0, colorLoopTime: 7 });
      // Out of range: refused with 7 before anything is sent.
      const bad = await stack.rest.put(`/lights/${id}/state`, { effect: 'colorloop', colorloopspeed: 0 });
      expect(bad.body).toEqual(expect.arrayContaining([{ error: expect.objectContaining({ type: 7, address: `/lights/${id}/state/colorloopspeed` }) }]));
    },
    30_000,
  );

  it.runIf(first).each(COVERS)(
    'should stop a moving $name on the deprecated bri "stop" and show where it stopped',
    async ({ ieee, lift }) => {
      const id = lightId(ieee)!;
      const real = async () => lift((await device(ieee)).state);
      // Towards the far end from wherever it is (a full travel takes 10 to 15 s).
      const from = await real();
      const target = from < 50 ? 100 : 0;
      expect((await stack.rest.put(`/lights/${id}/state`, { lift: target })).status).toBe(200);
      await waitFor(async () => (await real()) !== from, 'the covering moving', 10_000, 50);
      const res = await stack.rest.put(`/lights/${id}/state`, { bri: 'stop' });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/lights/${id}/state/bri`]: 'stop' } }] });
      // Stopped part-way: the position no longer moves, and REST shows where it stands.
      const stoppedAt = await real();
      expect(stoppedAt).not.toBe(target);
      expect(stoppedAt).not.toBe(from);
      // The radio's motor has no motion left to run, so the position cannot move on.
      expect((await device(ieee)).state.motions).toEqual([]);
      expect(await real()).toBe(stoppedAt);
      await waitFor(async () => (await stack.rest.get(`/lights/${id}`)).body.state.lift === stoppedAt, `REST lift ${stoppedAt}`, 10_000, 100);
    },
    30_000,
  );

  it.runIf(first)('should refuse "stop" for a lamp', async () => {
    const lamp = await stack.rest.put(`/lights/${lightId(LAMPS[0]!)!}/state`, { bri: 'stop' });
    expect(lamp.body).toEqual([{ error: expect.objectContaining({ type: 7 }) }]);
  });

  it.runIf(first)(
    'should move a real blind on the deprecated on and sat: on false opens, on true closes, sat is the tilt',
    async () => {
      const id = lightId(BLIND)!;
      const position = async () => (await device(BLIND)).state.endpoints['1'].closuresWindowCovering as Record<string, number>;
      const opened = await stack.rest.put(`/lights/${id}/state`, { on: false, sat: 25 });
      expect(opened).toEqual({ status: 200, body: [{ success: { [`/lights/${id}/state/sat`]: 25 } }, { success: { [`/lights/${id}/state/on`]: false } }] });
      // tilt = 25 * 100 / 254, rounded; lift 0 is fully open.
      await waitFor(
        async () => {
          const now = await position();
          return now.currentPositionLiftPercentage === 0 && now.currentPositionTiltPercentage === 10;
        },
        'the blind open with its tilt at 10 %',
        30_000,
        100,
      );
      expect((await stack.rest.put(`/lights/${id}/state`, { on: true })).body).toEqual([{ success: { [`/lights/${id}/state/on`]: true } }]);
      await waitFor(async () => (await position()).currentPositionLiftPercentage === 100, 'the blind closed', 30_000, 100);
      await waitFor(
        async () => ((await stack.rest.get(`/lights/${id}`)).body as { state: Record<string, unknown> }).state.lift === 100,
        'REST lift 100',
        10_000,
        100,
      );
      const bad = await stack.rest.put(`/lights/${id}/state`, { on: 'yes', sat: -1 });
      expect(bad.body).toEqual([
        { error: expect.objectContaining({ type: 7, address: `/lights/${id}/state/on` }) },
        { error: expect.objectContaining({ type: 7, address: `/lights/${id}/state/sat` }) },
      ]);
      expect((await position()).currentPositionLiftPercentage).toBe(100);
    },
    60_000,
  );

  it.runIf(first)(
    'should drive the roller shade by open, lift, bri and on, halt it on stop, bri_inc 0 and lift "stop", push where it is, and refuse bad values',
    async () => {
      const id = lightId(SHADE)!;
      const real = async () => (await device(SHADE)).state.endpoints['1'] as Record<string, Record<string, number>>;
      const lift = async () => 100 - (await real()).genAnalogOutput!.presentValue!;
      const rest = async () => (await stack.rest.get(`/lights/${id}`)).body as { type: string; state: Record<string, unknown> };
      const put = (body: Record<string, unknown>) => stack.rest.put(`/lights/${id}/state`, body);
      const ok = (item: string, value: unknown) => ({ status: 200, body: [{ success: { [`/lights/${id}/state/${item}`]: value } }] });
      const stopped = async (what: string) =>
        waitFor(async () => (await real()).genMultistateOutput!.presentValue === 2, `${what}: the motor stopped`, 20_000, 100);
      const shown = (at: number, what: string) => waitFor(async () => (await rest()).state.lift === at, `${what}: REST lift ${at}`, 10_000, 100);
      const moving = async (from: number, what: string) => waitFor(async () => (await lift()) !== from, `${what}: the shade moving`, 10_000, 50);
      const ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
      try {
        expect((await rest()).type).toBe('Window covering device');
        expect(await put({ open: true })).toEqual(ok('open', true));
        await stopped('open');
        expect(await lift()).toBe(0);
        await shown(0, 'open');
        expect((await rest()).state).toMatchObject({ open: true, lift: 0, on: false, bri: 0, reachable: true });
        expect(await put({ lift: 30 })).toEqual(ok('lift', 30));
        await waitFor(async () => (await lift()) === 30 && (await real()).genMultistateOutput!.presentValue === 2, 'lift 30', 20_000, 100);
        await shown(30, 'lift 30');
        expect((await rest()).state).toMatchObject({ open: true, lift: 30, on: true, bri: 76 });
        const pushed = await waitFor(() => ws.events.find((e) => e.r === 'lights' && e.id === id && (e.state as any)?.lift === 30), 'the lift 30 push', 10_000);
        expect(pushed.state).toMatchObject({ lift: 30, open: true, on: true, bri: 76 });
        // The deprecated bri: lift = bri * 100 / 254.
        expect(await put({ bri: 127 })).toEqual(ok('bri', 127));
        await waitFor(async () => (await lift()) === 50 && (await real()).genMultistateOutput!.presentValue === 2, 'lift 50', 20_000, 100);
        await shown(50, 'bri 127');
        expect((await rest()).state).toMatchObject({ lift: 50, bri: 127, open: true, on: true });
        // Each stop form halts a moving shade part-way; REST and the WebSocket show where.
        const stops: Array<[Record<string, unknown>, Record<string, unknown>, string, unknown]> = [
          [{ on: true }, { stop: true }, 'stop', true],
          [{ open: true }, { bri_inc: 0 }, 'bri_inc', 0],
          [{ lift: 100 }, { lift: 'stop' }, 'lift', 'stop'],
        ];
        for (const [move, stop, item, value] of stops) {
          const from = await lift();
          expect((await put(move)).status).toBe(200);
          await moving(from, JSON.stringify(move));
          expect(await put(stop)).toEqual(ok(item, value));
          await stopped(JSON.stringify(stop));
          const at = await lift();
          expect(at, JSON.stringify(stop)).not.toBe(from);
          expect([0, 100], JSON.stringify(stop)).not.toContain(at);
          expect((await device(SHADE)).state.motions, JSON.stringify(stop)).toEqual([]);
          expect(await lift()).toBe(at);
          await shown(at, JSON.stringify(stop));
          await waitFor(() => ws.events.some((e) => e.r === 'lights' && e.id === id && (e.state as any)?.lift === at), `the lift ${at} push`, 10_000);
        }
        // Bad values: 7 at their address, nothing sent, the shade where it was.
        const before = await lift();
        const bad: Array<[Record<string, unknown>, string]> = [
          [{ lift: 101 }, 'lift'],
          [{ lift: -1 }, 'lift'],
          [{ lift: 'up' }, 'lift'],
          [{ open: 'yes' }, 'open'],
          [{ bri: 256 }, 'bri'],
          [{ bri: 'halt' }, 'bri'],
          [{ stop: 'now' }, 'stop'],
          [{ bri_inc: 5 }, 'bri_inc'],
        ];
        await control('DELETE', '/counters');
        for (const [body, item] of bad) {
          const res = await put(body);
          expect(res.body, JSON.stringify(body)).toEqual([{ error: expect.objectContaining({ type: 7, address: `/lights/${id}/state/${item}` }) }]);
        }
        // It cannot tilt: 6 for tilt and the deprecated sat alone, and nothing is sent.
        for (const item of ['tilt', 'sat']) {
          expect((await put({ [item]: 40 })).body, item).toEqual([{ error: expect.objectContaining({ type: 6, address: `/lights/${id}/state/${item}` }) }]);
        }
        expect(((await control('GET', '/counters')) as { total: number }).total).toBe(0);
        expect(await lift()).toBe(before);
        expect((await rest()).state.lift).toBe(before);
        // A body it can partly take: the tilt answers 6 first, the lift goes out and answers success (deCONZ, 200).
        const target = before < 50 ? 80 : 20;
        const mixed = await put({ lift: target, tilt: 50 });
        expect(mixed.status).toBe(200);
        expect(mixed.body).toEqual([
          { error: expect.objectContaining({ type: 6, address: `/lights/${id}/state/tilt` }) },
          { success: { [`/lights/${id}/state/lift`]: target } },
        ]);
        await waitFor(
          async () => (await lift()) === target && (await real()).genMultistateOutput!.presentValue === 2,
          `lift ${target} beside a tilt`,
          20_000,
          100,
        );
        await shown(target, 'lift beside a tilt');
      } finally {
        ws.close();
      }
    },
    90_000,
  );

  it.runIf(first)(
    'should set a fan speed on the device, show it in REST and on the WebSocket, and refuse bad speeds',
    async () => {
      const mac = FAN.match(/../g)!.join(':');
      const fan = stack.api.services.lights.live().find((l) => l.row.uniqueid === `${mac}-01-0202`)!.row.id;
      const fanMode = async () => ((await device(FAN)).state.endpoints['1'].hvacFanCtrl as Record<string, number>).fanMode;
      const ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
      try {
        const res = await stack.rest.put(`/lights/${fan}/state`, { speed: 3 });
        expect(res).toEqual({ status: 200, body: [{ success: { [`/lights/${fan}/state/speed`]: 3 } }] });
        expect(await fanMode()).toBe(3);
        await waitFor(async () => (await stack.rest.get(`/lights/${fan}`)).body.state.speed === 3, 'speed 3 in REST', 10_000);
        expect((await stack.rest.get(`/lights/${fan}`)).body).toMatchObject({ type: 'Fan', state: { on: true, speed: 3, reachable: true } });
        await waitFor(() => ws.events.some((e) => e.r === 'lights' && e.id === fan && (e.state as any)?.speed === 3), 'the speed push', 10_000);
        expect((await stack.rest.put(`/lights/${fan}/state`, { on: false })).status).toBe(200);
        expect(await fanMode()).toBe(0);
        for (const speed of [7, -1, 'high']) {
          const bad = await stack.rest.put(`/lights/${fan}/state`, { speed });
          expect(bad.body, String(speed)).toEqual([{ error: expect.objectContaining({ type: 7, address: `/lights/${fan}/state/speed` }) }]);
        }
        expect(await fanMode()).toBe(0);
        const lamp = await stack.rest.put(`/lights/${lightId(LAMPS[0]!)!}/state`, { speed: 2 });
        expect(lamp.body).toEqual([{ error: expect.objectContaining({ type: 6 }) }]);
      } finally {
        ws.close();
      }
    },
    30_000,
  );

  it('should write group membership to the devices and switch the group with one groupcast frame', async () => {
    const ids = LAMPS.map((ieee) => lightId(ieee)!);
    const created = await fetch(`${stack.rest.base}/api/${stack.rest.key}/groups`, { method: 'POST', body: JSON.stringify({ name: 'Both', lights: ids }) });
    const [
      {
        success: { id: gid },
      },
    ] = (await created.json()) as [{ success: { id: string } }];
    expect((await stack.rest.get(`/groups/${gid}`)).body.lights).toEqual(ids);
    await control('DELETE', '/counters');
    const res = await stack.rest.put(`/groups/${gid}/action`, { on: false });
    expect(res).toEqual({ status: 200, body: [{ success: { [`/groups/${gid}/action/on`]: false } }] });
    const counters = (await control('GET', '/counters')) as { group: Record<string, number>; nwk: Record<string, number>; total: number };
    expect(counters.group).toEqual({ [gid]: 1 });
    expect(counters.total).toBe(1);
    for (const ieee of LAMPS) await waitFor(async () => (await ep11(ieee)).genOnOff!.onOff === 0, `${ieee} off`, 5_000);
    await waitFor(async () => (await stack.rest.get(`/groups/${gid}`)).body.state.any_on === false, 'any_on false', 10_000, 100);
  }, 30_000);

  it.runIf(first)(
    'should turn the lamps of a room that is off on with a bri action, at the radio and in REST, the WebSocket and the group state',
    async () => {
      const ids = LAMPS.map((ieee) => lightId(ieee)!);
      const gid = Object.keys((await stack.rest.get('/groups')).body)[0]!;
      await stack.rest.put(`/groups/${gid}/action`, { on: false });
      await waitFor(async () => (await stack.rest.get(`/groups/${gid}`)).body.state.any_on === false, 'any_on false', 10_000, 100);
      const ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
      try {
        expect((await stack.rest.put(`/groups/${gid}/action`, { bri: 200 })).status).toBe(200);
        // A move to level with on/off: the lamps turn on, and everything that shows them must say so.
        for (const ieee of LAMPS)
          await waitFor(
            async () => (await ep11(ieee)).genOnOff!.onOff === 1 && (await ep11(ieee)).genLevelCtrl!.currentLevel === 200,
            `${ieee} on at 200`,
            5_000,
          );
        for (const id of ids) expect((await stack.rest.get(`/lights/${id}`)).body.state).toMatchObject({ on: true, bri: 200 });
        expect((await stack.rest.get(`/groups/${gid}`)).body.state).toEqual({ all_on: true, any_on: true });
        await waitFor(
          () => ws.events.some((e) => e.r === 'groups' && e.id === gid && (e.state as { any_on?: boolean } | undefined)?.any_on === true),
          'the group any_on push',
          5_000,
        );
        for (const id of ids)
          await waitFor(
            () => ws.events.some((e) => e.r === 'lights' && e.id === id && (e.state as { on?: boolean } | undefined)?.on === true),
            `light ${id} on push`,
            5_000,
          );
      } finally {
        ws.close();
      }
    },
    30_000,
  );

  it.runIf(first)(
    'should show a lamp that is off on after a bri alone, as the device is',
    async () => {
      const id = lightId(LAMPS[0]!)!;
      expect((await stack.rest.put(`/lights/${id}/state`, { on: false })).status).toBe(200);
      await waitFor(async () => (await ep11(LAMPS[0]!)).genOnOff!.onOff === 0, 'the lamp off', 5_000);
      expect((await stack.rest.put(`/lights/${id}/state`, { bri: 120 })).status).toBe(200);
      await waitFor(
        async () => (await ep11(LAMPS[0]!)).genOnOff!.onOff === 1 && (await ep11(LAMPS[0]!)).genLevelCtrl!.currentLevel === 120,
        'the lamp on at 120',
        5_000,
      );
      expect((await stack.rest.get(`/lights/${id}`)).body.state).toMatchObject({ on: true, bri: 120 });
    },
    30_000,
  );

  it('should store a scene on the devices and recall it with one frame', async () => {
    const ids = LAMPS.map((ieee) => lightId(ieee)!);
    const gid = Object.keys((await stack.rest.get('/groups')).body)[0]!;
    for (const id of ids) await stack.rest.put(`/lights/${id}/state`, { on: true, bri: 200 });
    const created = await fetch(`${stack.rest.base}/api/${stack.rest.key}/groups/${gid}/scenes`, { method: 'POST', body: JSON.stringify({ name: 'Bright' }) });
    const [
      {
        success: { id: sid },
      },
    ] = (await created.json()) as [{ success: { id: string } }];
    const scene = (await stack.rest.get(`/groups/${gid}/scenes/${sid}`)).body;
    expect(scene.lights).toEqual(ids.map((id) => expect.objectContaining({ id, on: true, bri: 200 })));
    await stack.rest.put(`/groups/${gid}/action`, { on: false });
    for (const ieee of LAMPS) await waitFor(async () => (await ep11(ieee)).genOnOff!.onOff === 0, `${ieee} off`, 5_000);
    const ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    try {
      await control('DELETE', '/counters');
      expect(await stack.rest.put(`/groups/${gid}/scenes/${sid}/recall`, {})).toEqual({ status: 200, body: [{ success: { id: sid } }] });
      expect(((await control('GET', '/counters')) as { group: Record<string, number> }).group).toEqual({ [gid]: 1 });
      for (const ieee of LAMPS) await waitFor(async () => (await ep11(ieee)).genOnOff!.onOff === 1, `${ieee} back on`, 5_000);
      await waitFor(() => ws.events.some((e) => e.e === 'scene-called'), 'scene-called', 5_000);
      expect(ws.events.find((e) => e.e === 'scene-called')).toEqual({ e: 'scene-called', gid, r: 'scenes', scid: sid, t: 'event' });
    } finally {
      ws.close();
    }
  }, 40_000);

  it('should answer 202 for a lamp that does not acknowledge, and 202 alone once it is known unreachable', async () => {
    const id = lightId(LAMPS[0]!)!;
    await control('POST', `/devices/${LAMPS[0]}/offline`);
    const res = await stack.rest.put(`/lights/${id}/state`, { on: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { error: { type: 202, address: `/lights/${id}/state`, description: `resource, /lights/${id}/state, is not modifiable. Device is not reachable.` } },
    ]);
    await control('POST', `/devices/${LAMPS[0]}/online`);
  }, 60_000);
});
