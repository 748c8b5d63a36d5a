import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type EventClient } from './helpers/clients';
import { bindToGroup, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * Gesture controllers on the real stack (virtual radio, bridge child, api, WebSocket), one stack for
 * the file. Aqara's cube is two ZHASwitch sensors as in deCONZ: gestures on endpoint 2 (multistate
 * input) with `buttonevent` coded by the sides and `gesture` 0-6, rotation on endpoint 3 (analog
 * input) with `buttonevent` = degrees * 100, `gesture` 7/8 and `angle`. Each handling of the cube
 * must reach REST and be pushed exactly once, a repeat included. The Hue wall switch module: its
 * Hue button notifications as buttonevents, and its `devicemode` written to the device (read back
 * from the radio), refused with 7 for values it has no name for and 6 on a switch without one, and
 * how long a button was held as the switch counts it (`eventduration`). Müller Licht's tint remote:
 * its colour wheel's point as raw CIE `x`/`y`, and the group its commands go to once it is bound to
 * one (`config.group`, read-only). Aqara's H1 double rocker: its rockers as buttonevents and its
 * `clickmode` written to the device (read back from the radio), 7 for modes it has not, 6 elsewhere.
 * IKEA's SYMFONISK sound controller: its knob numbered by deCONZ's map for the sensor `mode` it is
 * in (1 scenes, 4 dimmer), the one switch whose mode a client may set.
 */
const CUBE = '00158d0001a2400a';
const WALL = '0017880104a2400b';
const TINT = '00158d000ba2400c';
const ROCKER = '54ef441000a2400d';
const KNOB = '000b57fffe8a400e';

interface Sensor {
  type: string;
  modelid: string;
  manufacturername: string;
  ep: number;
  mode?: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}

/** A handling of the simulated cube and what deCONZ shows for it (sides 0-5 appear as 1, 3, 5, 6, 4, 2). */
interface GestureCase {
  what: string;
  sensor: 'gestures' | 'rotation';
  params: Record<string, unknown>;
  state: Record<string, number>;
}

const GESTURES: GestureCase[] = [
  { what: 'shake', sensor: 'gestures', params: { gesture: 'shake' }, state: { buttonevent: 7007, gesture: 1 } },
  { what: 'shake again', sensor: 'gestures', params: { gesture: 'shake' }, state: { buttonevent: 7007, gesture: 1 } },
  { what: 'flip 90° from side 1 to side 3', sensor: 'gestures', params: { gesture: 'flip90', from: 0, to: 1 }, state: { buttonevent: 3001, gesture: 3 } },
  { what: 'flip 180° onto side 6', sensor: 'gestures', params: { gesture: 'flip180', side: 3 }, state: { buttonevent: 6001, gesture: 4 } },
  { what: 'push with side 6 on top', sensor: 'gestures', params: { gesture: 'slide' }, state: { buttonevent: 6000, gesture: 5 } },
  { what: 'double tap with side 6 on top', sensor: 'gestures', params: { gesture: 'tap' }, state: { buttonevent: 6006, gesture: 6 } },
  { what: 'drop', sensor: 'gestures', params: { gesture: 'fall' }, state: { buttonevent: 7008, gesture: 2 } },
  { what: 'turn 45.5° clockwise', sensor: 'rotation', params: { gesture: 'rotate', angle: 45.5 }, state: { buttonevent: 4550, gesture: 7, angle: 45.5 } },
  { what: 'turn 90° counter-clockwise', sensor: 'rotation', params: { gesture: 'rotate', angle: -90 }, state: { buttonevent: -9000, gesture: 8, angle: -90 } },
];

describe('sensors: gesture controllers on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startSensorStack([
      { model: 'MFKZQ01LM', ieee: CUBE },
      { model: 'RDM001', ieee: WALL },
      { model: 'ZBT-Remote-ALL-RGBW', ieee: TINT },
      { model: 'lumi.remote.b28ac1', ieee: ROCKER },
      { model: 'SYMFONISK-Sound-Controller', ieee: KNOB },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    ids.gestures = await sensorId(stack, uniqueidOf(CUBE, 2, '0012'));
    ids.rotation = await sensorId(stack, uniqueidOf(CUBE, 3, '000c'));
    ids.wall = await sensorId(stack, uniqueidOf(WALL, 1, '0006'));
    ids.tint = await sensorId(stack, uniqueidOf(TINT, 1, '0006'));
    ids.rocker = await sensorId(stack, uniqueidOf(ROCKER, 1, '0006'));
    ids.knob = await sensorId(stack, uniqueidOf(KNOB, 1, '0006'));
  }, 150_000);

  /**
   * A barrier for "nothing more comes": another switch is pressed and its push awaited. The radio
   * sends every frame over one host link, and herdsman, the bridge and the api each handle them in
   * order, so whatever the earlier handling was going to push has arrived by the time this one has.
   */
  const settled = async (busy: string) => {
    const [marker, ieee] = busy === ids.rocker ? [ids.wall!, WALL] : [ids.rocker!, ROCKER];
    const from = ws.events.length;
    await act(stack, ieee, 'press', { button: 'left', kind: 'single' });
    await waitFor(
      () => changesOf(ws.events, marker, from).some((e) => (e.state as { buttonevent?: number } | undefined)?.buttonevent === 1002),
      'the barrier press',
      10_000,
    );
  };

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should present the cube as two ZHASwitch sensors, gestures on endpoint 2 and rotation on endpoint 3', async () => {
    const gestures = await sensorWhen<Sensor>(stack, ids.gestures!, () => true, 'listed');
    const rotation = await sensorWhen<Sensor>(stack, ids.rotation!, () => true, 'listed');
    for (const [sensor, ep] of [
      [gestures, 2],
      [rotation, 3],
    ] as const) {
      expect(sensor).toMatchObject({ type: 'ZHASwitch', modelid: 'lumi.sensor_cube', manufacturername: 'LUMI', ep, config: { on: true, reachable: true } });
    }
    // The introspection lists the codes the gesture sensor can send, none for free rotation.
    const { body } = await stack.rest.get(`/devices/${uniqueidOf(CUBE, 2, '0012')}/state/buttonevent/introspect`);
    expect(Object.keys(body.values)).toEqual(expect.arrayContaining(['7007', '3001', '6006']));
  });

  it("should show the cube's own temperature from its status report on both its sensors, read-only", async () => {
    const from = ws.events.length;
    await act(stack, CUBE, 'heartbeat', { temperature: 27, voltage: 3010 });
    for (const id of [ids.gestures!, ids.rotation!]) {
      await sensorWhen<Sensor>(stack, id, (s) => s.config.temperature === 2700, 'config.temperature 2700');
      await waitFor(
        () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.temperature === 2700),
        'the temperature push',
      );
    }
    const put = await stack.rest.put(`/sensors/${ids.gestures!}/config`, { temperature: 1000 });
    expect(put.body).toEqual([{ error: expect.objectContaining({ type: 8, address: `/sensors/${ids.gestures!}/config/temperature` }) }]);
    expect(((await stack.rest.get(`/sensors/${ids.gestures!}`)).body as Sensor).config.temperature).toBe(2700);
  });

  it.each(GESTURES.map((c, index) => ({ ...c, index })))(
    'should show "$what" in REST and push it once on the WebSocket',
    async ({ sensor, params, state, index }) => {
      const id = ids[sensor]!;
      const from = ws.events.length;
      await act(stack, CUBE, 'gesture', params);
      await waitFor(() => changesOf(ws.events, id, from).some((e) => e.state), `the push of gesture ${index + 1}`, 10_000);
      const shown = await sensorWhen<Sensor>(stack, id, (s) => s.state.buttonevent === state.buttonevent, `buttonevent ${state.buttonevent}`);
      expect(shown.state).toMatchObject(state);
      expect(Object.keys(shown.state).sort()).toEqual([...Object.keys(state), 'lastupdated'].sort());
      // The sibling sensor of the other endpoint is not touched, and nothing is pushed twice.
      await settled(id);
      const pushes = changesOf(ws.events, id, from).filter((e) => e.state);
      expect(pushes.map((e) => e.state)).toEqual([expect.objectContaining(state)]);
      expect(changesOf(ws.events, ids[sensor === 'gestures' ? 'rotation' : 'gestures']!, from).filter((e) => e.state)).toEqual([]);
    },
    30_000,
  );

  describe('Hue wall switch module', () => {
    it('should present it as a ZHASwitch with the device mode it holds', async () => {
      const sensor = await sensorWhen<Sensor>(stack, ids.wall!, (s) => s.config.devicemode !== undefined, 'devicemode read');
      expect(sensor).toMatchObject({ type: 'ZHASwitch', modelid: 'RDM001', ep: 1, config: { devicemode: 'singlerocker', on: true, reachable: true } });
      expect(Object.keys(sensor.config).sort()).toEqual(['battery', 'devicemode', 'on', 'reachable']);
    });

    it('should push each Hue button notification once as its buttonevent', async () => {
      const id = ids.wall!;
      const from = ws.events.length;
      await act(stack, WALL, 'press', { button: 'right', kind: 'hold' });
      await act(stack, WALL, 'press', { button: 'right', kind: 'release' });
      await act(stack, WALL, 'press', { button: 'left', kind: 'single' });
      const pushed = () =>
        changesOf(ws.events, id, from)
          .filter((e) => e.state)
          .map((e) => (e.state as Record<string, unknown>).buttonevent);
      await waitFor(() => pushed().length >= 5, 'five pushes', 10_000);
      await settled(id);
      expect(pushed()).toEqual([2000, 2001, 2003, 1000, 1002]);
    }, 30_000);
  });

  /** The state of every push for the sensor since `from`, the items named. */
  const pushedStates = (id: string, from: number, items: string[]) =>
    changesOf(ws.events, id, from)
      .filter((e) => e.state)
      .map((e) => Object.fromEntries(items.map((item) => [item, (e.state as Record<string, unknown>)[item]])));

  it('should show how long a Hue button was held as the switch counts it, with each notification', async () => {
    const id = ids.wall!;
    const from = ws.events.length;
    await act(stack, WALL, 'press', { button: 'left', kind: 'hold' });
    await act(stack, WALL, 'press', { button: 'left', kind: 'release' });
    await waitFor(() => pushedStates(id, from, ['buttonevent']).length >= 3, 'three pushes', 10_000);
    expect(pushedStates(id, from, ['buttonevent', 'eventduration'])).toEqual([
      { buttonevent: 1000, eventduration: 0 },
      { buttonevent: 1001, eventduration: 8 },
      { buttonevent: 1003, eventduration: 16 },
    ]);
    expect((await stack.rest.get(`/sensors/${id}`)).body.state).toMatchObject({ buttonevent: 1003, eventduration: 16 });
  }, 30_000);

  describe('tint remote', () => {
    it('should present it as a ZHASwitch with the colour wheel items', async () => {
      const sensor = await sensorWhen<Sensor>(stack, ids.tint!, () => true, 'listed');
      expect(sensor).toMatchObject({
        type: 'ZHASwitch',
        modelid: 'ZBT-Remote-ALL-RGBW',
        manufacturername: 'MLI',
        ep: 1,
        config: { on: true, reachable: true },
      });
      // Nothing commanded to a group yet: no group to show.
      expect(sensor.config.group).toBeUndefined();
    });

    it.each([
      { button: 'wheel_red', x: 45914, y: 19615 },
      { button: 'wheel_blue', x: 8880, y: 2615 },
    ])(
      'should show where the colour wheel was touched ($button) and push it once',
      async ({ button, x, y }) => {
        const id = ids.tint!;
        const from = ws.events.length;
        await act(stack, TINT, 'press', { button });
        await waitFor(() => pushedStates(id, from, ['x']).length >= 1, 'the push', 10_000);
        await settled(id);
        expect(pushedStates(id, from, ['buttonevent', 'x', 'y'])).toEqual([{ buttonevent: 6002, x, y }]);
        expect((await stack.rest.get(`/sensors/${id}`)).body.state).toMatchObject({ buttonevent: 6002, x, y });
      },
      30_000,
    );

    it('should show the group its commands go to once bound to one, and refuse to change it', async () => {
      const id = ids.tint!;
      const created = await fetch(`${stack.rest.base}/api/${stack.rest.key}/groups`, { method: 'POST', body: JSON.stringify({ name: 'Lounge' }) });
      const gid = ((await created.json()) as [{ success: { id: string } }])[0].success.id;
      expect(await bindToGroup(stack, TINT, Number(gid))).toMatchObject({ status: 'ok', data: { group: Number(gid) } });
      // The radio's own record: the remote's on/off commands now go to the group.
      const bindings = (await realState<{ bindings: { cluster: number; to: { kind: string; group?: number } }[] }>(stack, TINT)).bindings;
      expect(bindings).toContainEqual(expect.objectContaining({ cluster: 6, to: { kind: 'group', group: Number(gid) } }));
      // Known from the binding at once, before the remote sends anything…
      await sensorWhen<Sensor>(stack, id, (s) => s.config.group === Number(gid), 'config.group from the binding');
      // …and the groupcast it then sends goes to that group.
      const from = ws.events.length;
      await act(stack, TINT, 'press', { button: 'on' });
      await waitFor(() => pushedStates(id, from, ['buttonevent']).length >= 1, 'the push', 10_000);
      const sensor = (await stack.rest.get(`/sensors/${id}`)).body as Sensor;
      expect(sensor.config.group).toBe(Number(gid));
      expect(sensor.state.buttonevent).toBe(1002);
      const before = (await stack.rest.get(`/sensors/${id}`)).body.config;
      const res = await stack.rest.put(`/sensors/${id}/config`, { group: 7 });
      expect(res.body).toEqual([{ error: expect.objectContaining({ type: 8, address: `/sensors/${id}/config/group` }) }]);
      expect((await stack.rest.get(`/sensors/${id}`)).body.config).toEqual(before);
    }, 30_000);
  });

  describe('H1 double rocker', () => {
    it('should present it as a ZHASwitch with the click mode it holds', async () => {
      const sensor = await sensorWhen<Sensor>(stack, ids.rocker!, (s) => s.config.clickmode !== undefined, 'clickmode read');
      expect(sensor).toMatchObject({
        type: 'ZHASwitch',
        modelid: 'lumi.remote.b28ac1',
        manufacturername: 'LUMI',
        ep: 1,
        config: { clickmode: 'multiclick', on: true, reachable: true },
      });
    });

    it('should push each rocker click once as its buttonevent', async () => {
      const id = ids.rocker!;
      const from = ws.events.length;
      await act(stack, ROCKER, 'press', { button: 'left', kind: 'single' });
      await act(stack, ROCKER, 'press', { button: 'right', kind: 'double' });
      await act(stack, ROCKER, 'press', { button: 'both', kind: 'hold' });
      await waitFor(() => pushedStates(id, from, ['buttonevent']).length >= 3, 'three pushes', 10_000);
      await settled(id);
      expect(pushedStates(id, from, ['buttonevent'])).toEqual([{ buttonevent: 1002 }, { buttonevent: 2004 }, { buttonevent: 3001 }]);
    }, 30_000);
  });

  describe('config items kept on the device', () => {
    /** Where the device keeps each item, read through the radio's control interface. */
    const ON_DEVICE: Record<string, { ieee: string; read: (state: any) => number }> = {
      devicemode: { ieee: WALL, read: (state) => state.endpoints['1'].genBasic.deviceMode },
      clickmode: { ieee: ROCKER, read: (state) => state.endpoints['1'].manuSpecificLumi.clickMode },
    };
    const onDevice = async (item: string) => ON_DEVICE[item]!.read(await realState(stack, ON_DEVICE[item]!.ieee));

    it.each([
      { item: 'devicemode', sensor: 'wall', value: 'dualpushbutton', attribute: 3 },
      { item: 'devicemode', sensor: 'wall', value: 'singlepushbutton', attribute: 1 },
      { item: 'devicemode', sensor: 'wall', value: 'dualrocker', attribute: 2 },
      { item: 'devicemode', sensor: 'wall', value: 'singlerocker', attribute: 0 },
      { item: 'clickmode', sensor: 'rocker', value: 'highspeed', attribute: 1 },
      { item: 'clickmode', sensor: 'rocker', value: 'multiclick', attribute: 2 },
    ])(
      'should write $item $value to the device (attribute $attribute) and show it',
      async ({ item, sensor, value, attribute }) => {
        const id = ids[sensor]!;
        const res = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
        expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/${item}`]: value } }] });
        expect(await onDevice(item)).toBe(attribute);
        expect((await stack.rest.get(`/sensors/${id}`)).body.config[item]).toBe(value);
      },
      30_000,
    );

    it.each([
      { item: 'devicemode', sensor: 'wall', value: 'zigbee', type: 7 },
      { item: 'devicemode', sensor: 'wall', value: 'bogus', type: 7 },
      { item: 'devicemode', sensor: 'wall', value: 2, type: 7 },
      { item: 'devicemode', sensor: 'gestures', value: 'dualrocker', type: 6 },
      { item: 'clickmode', sensor: 'rocker', value: 'decoupled', type: 7 },
      { item: 'clickmode', sensor: 'rocker', value: 'fast', type: 7 },
      { item: 'clickmode', sensor: 'rocker', value: 1, type: 7 },
      { item: 'clickmode', sensor: 'wall', value: 'highspeed', type: 6 },
    ])(
      'should refuse $item $value on the $sensor sensor with type $type and change nothing',
      async ({ item, sensor, value, type }) => {
        const id = ids[sensor]!;
        const before = { attribute: await onDevice(item), config: (await stack.rest.get(`/sensors/${id}`)).body.config };
        const res = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
        expect(res.body).toEqual([{ error: expect.objectContaining({ type, address: `/sensors/${id}/config/${item}` }) }]);
        expect(await onDevice(item)).toBe(before.attribute);
        expect((await stack.rest.get(`/sensors/${id}`)).body.config).toEqual(before.config);
      },
      30_000,
    );
  });

  describe('SYMFONISK sound controller and the sensor mode', () => {
    /** Everything a person does with the knob: press once, twice, three times, turn it each way and let go. */
    const handleKnob = async () => {
      for (const kind of ['single', 'double', 'triple']) await act(stack, KNOB, 'press', { button: 'knob', kind });
      for (const button of ['turn_clockwise', 'turn_counterclockwise']) {
        await act(stack, KNOB, 'press', { button, kind: 'hold' });
        await act(stack, KNOB, 'press', { button, kind: 'release' });
      }
    };

    it('should show every switch in mode 1 (scenes), the sound controller included', async () => {
      for (const sensor of ['knob', 'wall', 'rocker', 'gestures']) {
        expect((await sensorWhen<Sensor>(stack, ids[sensor]!, () => true, 'listed')).mode).toBe(1);
      }
    });

    it.each([
      { mode: 4, events: [1002, 1004, 1005, 2002, 3002] },
      { mode: 1, events: [1002, 1004, 1005, 2001, 2003, 3001, 3003] },
    ])(
      'should number the knob as deCONZ does in mode $mode',
      async ({ mode, events }) => {
        const id = ids.knob!;
        const res = await stack.rest.put(`/sensors/${id}`, { mode });
        expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/mode`]: mode } }] });
        expect((await stack.rest.get(`/sensors/${id}`)).body.mode).toBe(mode);
        const from = ws.events.length;
        await handleKnob();
        await waitFor(() => pushedStates(id, from, ['buttonevent']).length >= events.length, `${events.length} pushes`, 10_000);
        // A stop has no event in dimmer mode: nothing more may come.
        await settled(id);
        expect(pushedStates(id, from, ['buttonevent']).map((state) => state.buttonevent)).toEqual(events);
      },
      30_000,
    );

    it("should show nothing for a stop that ends no turn, where the last turn's end must not come again", async () => {
      const id = ids.knob!;
      expect((await stack.rest.put(`/sensors/${id}`, { mode: 1 })).status).toBe(200);
      const from = ws.events.length;
      await act(stack, KNOB, 'press', { button: 'turn_clockwise', kind: 'hold' });
      await act(stack, KNOB, 'press', { button: 'turn_clockwise', kind: 'release' });
      await act(stack, KNOB, 'press', { button: 'knob', kind: 'single' });
      await act(stack, KNOB, 'press', { button: 'turn_clockwise', kind: 'release' });
      await act(stack, KNOB, 'press', { button: 'turn_clockwise', kind: 'release' });
      // A last press after the lone stops: once it shows, the stops before it have been read.
      await act(stack, KNOB, 'press', { button: 'knob', kind: 'double' });
      await waitFor(() => pushedStates(id, from, ['buttonevent']).some((state) => state.buttonevent === 1004), 'the last press', 10_000);
      expect(pushedStates(id, from, ['buttonevent']).map((state) => state.buttonevent)).toEqual([2001, 2003, 1002, 1004]);
    }, 30_000);

    it.each([
      { sensor: 'knob', value: 2, type: 7 },
      { sensor: 'knob', value: 5, type: 7 },
      { sensor: 'knob', value: 'dimmer', type: 7 },
      { sensor: 'wall', value: 4, type: 8 },
      { sensor: 'rotation', value: 1, type: 8 },
    ])(
      'should refuse mode $value on the $sensor sensor with type $type and change nothing',
      async ({ sensor, value, type }) => {
        const id = ids[sensor]!;
        const before = (await stack.rest.get(`/sensors/${id}`)).body;
        const res = await stack.rest.put(`/sensors/${id}`, { mode: value });
        expect(res.body).toEqual([{ error: expect.objectContaining({ type, address: `/sensors/${id}/mode` }) }]);
        expect((await stack.rest.get(`/sensors/${id}`)).body).toEqual(before);
      },
      30_000,
    );
  });
});
