import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * ubisys' switch modules on the real stack (virtual radio, bridge child, api, WebSocket), one stack
 * for the file. The S2 power switch and the J1 shutter control keep what their inputs do in the input
 * actions of their device setup cluster (endpoint 232), which deCONZ shows as the switch's
 * `config.mode`: `momentary`, `rocker` or `custom_<hex>`, written with Write Attributes Structured and
 * read back from the radio. The J1's `config.windowcoveringtype` writes its covering type and starts
 * the calibration its converters run (the radio counts the motor steps of the full travels); its
 * inputs' open, close and stop show as deCONZ's buttonevent (1002, 2002, 1003, 2003), the S2's
 * toggles, moves and stops as 1002/2002, 1001/2001 and 1003/2003 (deCONZ's S2 button map). Other
 * switches have neither item (6); bad values answer 7 and change nothing; a write the device refuses
 * is an error, not a success.
 */
const S2 = '001fee00000a2501';
const J1 = '001fee00000a2502';
const WALL = '0017880104a2500b';

interface Sensor {
  type: string;
  modelid: string;
  manufacturername: string;
  ep: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}
type Actions = number[][];

const S2_MOMENTARY = [
  [0, 13, 3, 6, 0, 2],
  [1, 13, 4, 6, 0, 2],
];
const S2_ROCKER = [
  [0, 13, 3, 6, 0, 2],
  [1, 13, 4, 6, 0, 2],
  [0, 3, 3, 6, 0, 2],
  [1, 3, 4, 6, 0, 2],
];
/** Custom input actions dimming: input 0 moves up from endpoint 3, input 1 down from endpoint 4 (move with on/off), each stopping when let go. */
const S2_DIMMING = 'custom_410400' + '08000D030800050032' + '06000703080007' + '08010D040800050132' + '06010704080007';
const J1_MOMENTARY = [
  [0, 13, 2, 2, 1, 0],
  [0, 7, 2, 2, 1, 2],
  [1, 13, 2, 2, 1, 1],
  [1, 7, 2, 2, 1, 2],
];
const J1_ROCKER = [
  [0, 13, 2, 2, 1, 0],
  [0, 3, 2, 2, 1, 2],
  [1, 13, 2, 2, 1, 1],
  [1, 3, 2, 2, 1, 2],
];

describe('sensors: ubisys switch modules on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  const ids: Record<string, string> = {};
  const DEVICE: Record<string, string> = { s2: S2, j1: J1 };

  /** The input actions the device really holds (its device setup cluster, endpoint 232). */
  const inputActions = async (sensor: string): Promise<Actions> =>
    (await realState(stack, DEVICE[sensor]!)).endpoints['232'].manuSpecificUbisysDeviceSetup.inputActions.elements;
  const covering = async () => (await realState(stack, J1)).endpoints['1'].closuresWindowCovering as Record<string, number>;

  beforeAll(async () => {
    stack = await startSensorStack(
      [
        { model: 'S2-5502', ieee: S2 },
        { model: 'J1-5502', ieee: J1 },
        { model: 'RDM001', ieee: WALL },
      ],
      { bridgeEnv: { LOG_LEVEL: 'info' } },
    );
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    ids.s2 = await sensorId(stack, uniqueidOf(S2, 3, '0006'));
    ids.j1 = await sensorId(stack, uniqueidOf(J1, 2, '0102'));
    ids.wall = await sensorId(stack, uniqueidOf(WALL, 1, '0006'));
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should present the S2 as two outputs, a ZHASwitch on its first input endpoint with its input mode, and its meter', async () => {
    const sensor = await sensorWhen<Sensor>(stack, ids.s2!, (s) => s.config.mode !== undefined, 'mode read at pairing');
    expect(sensor).toMatchObject({
      type: 'ZHASwitch',
      modelid: 'S2 (5502)',
      manufacturername: 'ubisys',
      ep: 3,
      config: { mode: 'momentary', on: true, reachable: true },
    });
    expect(Object.keys(sensor.config).sort()).toEqual(['mode', 'on', 'reachable']);
    const lights = Object.values((await stack.rest.get('/lights')).body as Record<string, { type: string; uniqueid: string }>);
    for (const ep of ['01', '02']) expect(lights.find((l) => l.uniqueid === `${uniqueidOf(S2, 1, '').slice(0, -4)}-${ep}`)?.type).toBe('On/Off plug-in unit');
    await sensorId(stack, uniqueidOf(S2, 5, '0702'));
  });

  it.each([
    { name: 'S2', ieee: S2, ep: 5 },
    { name: 'J1', ieee: J1, ep: 3 },
  ])("should show the $name meter's power from pairing and follow the active power it reports", async ({ ieee, ep }) => {
    const power = await sensorId(stack, uniqueidOf(ieee, ep, '0b04'));
    await sensorWhen<Sensor>(stack, power, (s) => s.state.power === 0, 'the power read at pairing');
    await act(stack, ieee, 'set', { power: 7 });
    await sensorWhen<Sensor>(stack, power, (s) => s.state.power === 7, 'the reported 7 W');
  });

  it('should present the J1 as a window covering and a ZHASwitch on endpoint 2 with its input mode and covering type', async () => {
    const sensor = await sensorWhen<Sensor>(
      stack,
      ids.j1!,
      (s) => s.config.mode !== undefined && s.config.windowcoveringtype !== undefined,
      'mode and type read at pairing',
    );
    expect(sensor).toMatchObject({
      type: 'ZHASwitch',
      modelid: 'J1 (5502)',
      manufacturername: 'ubisys',
      ep: 2,
      config: { mode: 'momentary', windowcoveringtype: 0, on: true, reachable: true },
    });
    expect(Object.keys(sensor.config).sort()).toEqual(['mode', 'on', 'reachable', 'windowcoveringtype']);
    const lights = Object.values((await stack.rest.get('/lights')).body as Record<string, { type: string; uniqueid: string }>);
    expect(lights.find((l) => l.uniqueid === `${uniqueidOf(J1, 1, '').slice(0, -4)}-01`)?.type).toBe('Window covering device');
  });

  it.each([
    { sensor: 's2', mode: 'rocker', actions: S2_ROCKER },
    { sensor: 's2', mode: 'custom_41010006000D03060001', actions: [[0, 13, 3, 6, 0, 1]] },
    { sensor: 's2', mode: 'momentary', actions: S2_MOMENTARY },
    { sensor: 'j1', mode: 'rocker', actions: J1_ROCKER },
    { sensor: 'j1', mode: 'momentary', actions: J1_MOMENTARY },
  ])(
    'should write mode $mode to the $sensor inputs and show it',
    async ({ sensor, mode, actions }) => {
      const id = ids[sensor]!;
      const from = ws.events.length;
      const res = await stack.rest.put(`/sensors/${id}/config`, { mode });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/mode`]: mode } }] });
      expect(await inputActions(sensor)).toEqual(actions);
      expect((await stack.rest.get(`/sensors/${id}`)).body.config.mode).toBe(mode);
      await waitFor(
        () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.mode === mode),
        `the mode ${mode} push`,
      );
    },
    30_000,
  );

  /** Presses or lets go of each input in turn: one frame, one buttonevent in REST and exactly one push each. */
  const handleInputs = async (device: string, id: string, steps: readonly (readonly [number, string, number])[]) => {
    const pushed = (from: number) =>
      changesOf(ws.events, id, from)
        .filter((e) => e.state)
        .map((e) => (e.state as Record<string, unknown>).buttonevent);
    for (const [input, kind, buttonevent] of steps) {
      const from = ws.events.length;
      expect(await act(stack, device, 'input', { input, kind })).toMatchObject({ ok: true, detail: { frames: 1 } });
      await waitFor(() => pushed(from).includes(buttonevent), `buttonevent ${buttonevent} pushed`, 10_000);
      expect(pushed(from)).toEqual([buttonevent]);
      expect((await stack.rest.get(`/sensors/${id}`)).body.state.buttonevent).toBe(buttonevent);
    }
  };

  it.each(['momentary', 'rocker'])(
    "should show each J1 input's open, close and stop as deCONZ's buttonevent in %s mode, in REST and pushed",
    async (mode) => {
      const id = ids.j1!;
      expect((await stack.rest.put(`/sensors/${id}/config`, { mode })).status).toBe(200);
      // Input 0 opens, input 1 closes (covering client, endpoint 2); letting go sends the stop.
      await handleInputs(J1, id, [
        [0, 'press', 1002],
        [0, 'release', 1003],
        [1, 'press', 2002],
        [1, 'release', 2003],
      ]);
    },
    30_000,
  );

  it("should show each S2 input's toggle in momentary mode as deCONZ's buttonevent, and nothing when it is let go", async () => {
    const id = ids.s2!;
    expect((await stack.rest.put(`/sensors/${id}/config`, { mode: 'momentary' })).status).toBe(200);
    // Input 0 toggles from endpoint 3, input 1 from endpoint 4; a momentary input sends nothing when let go.
    await handleInputs(S2, id, [
      [0, 'press', 1002],
      [1, 'press', 2002],
    ]);
    for (const input of [0, 1]) expect(await act(stack, S2, 'input', { input, kind: 'release' })).toMatchObject({ ok: true, detail: { frames: 0 } });
  }, 30_000);

  it("should show each S2 input's move and stop as deCONZ's hold and long release, each way, and nothing for a stop after a stop", async () => {
    const id = ids.s2!;
    expect((await stack.rest.put(`/sensors/${id}/config`, { mode: S2_DIMMING })).status).toBe(200);
    await handleInputs(S2, id, [
      [0, 'press', 1001],
      [0, 'release', 1003],
      [1, 'press', 2001],
      [1, 'release', 2003],
    ]);
    // A stop after a stop ends no move: nothing, as in deCONZ. The move after it shows alone, so the stop was read.
    const from = ws.events.length;
    expect(await act(stack, S2, 'input', { input: 0, kind: 'release' })).toMatchObject({ ok: true, detail: { frames: 1 } });
    await handleInputs(S2, id, [[0, 'press', 1001]]);
    expect(
      changesOf(ws.events, id, from)
        .filter((e) => e.state)
        .map((e) => (e.state as Record<string, unknown>).buttonevent),
    ).toEqual([1001]);
    await handleInputs(S2, id, [[0, 'release', 1003]]);
  }, 30_000);

  it.each([
    { sensor: 's2', body: { mode: 'toggle' }, type: 7 },
    { sensor: 's2', body: { mode: 'custom_4201000600' }, type: 7 },
    { sensor: 's2', body: { mode: 'custom_41020006000D030600' }, type: 7 },
    { sensor: 's2', body: { mode: 1 }, type: 7 },
    { sensor: 'j1', body: { windowcoveringtype: 10 }, type: 7 },
    { sensor: 'j1', body: { windowcoveringtype: -1 }, type: 7 },
    { sensor: 'j1', body: { windowcoveringtype: 2.5 }, type: 7 },
    { sensor: 'j1', body: { windowcoveringtype: '4' }, type: 7 },
    { sensor: 's2', body: { windowcoveringtype: 4 }, type: 6 },
    { sensor: 'wall', body: { mode: 'rocker' }, type: 6 },
    { sensor: 'wall', body: { windowcoveringtype: 4 }, type: 6 },
  ])(
    'should refuse $body on the $sensor sensor with type $type and change nothing',
    async ({ sensor, body, type }) => {
      const id = ids[sensor]!;
      const before = { config: (await stack.rest.get(`/sensors/${id}`)).body.config, covering: await covering(), s2: await inputActions('s2') };
      const res = await stack.rest.put(`/sensors/${id}/config`, body);
      const [item] = Object.keys(body);
      expect(res.body).toEqual([{ error: expect.objectContaining({ type, address: `/sensors/${id}/config/${item}` }) }]);
      expect((await stack.rest.get(`/sensors/${id}`)).body.config).toEqual(before.config);
      expect({ covering: await covering(), s2: await inputActions('s2') }).toEqual({ covering: before.covering, s2: before.s2 });
    },
    30_000,
  );

  it('should answer an error, not success, when the device refuses the input actions (an input it does not have)', async () => {
    const id = ids.s2!;
    const before = { actions: await inputActions('s2'), config: (await stack.rest.get(`/sensors/${id}`)).body.config };
    // Input 5 on a two-input switch: the S2 answers INVALID_VALUE and keeps what it had.
    const res = await stack.rest.put(`/sensors/${id}/config`, { mode: 'custom_41010006050D03060002' });
    expect(res.body).toEqual([
      {
        error: expect.objectContaining({ type: 608, address: `/sensors/${id}/config/mode`, description: expect.stringContaining('refused the input actions') }),
      },
    ]);
    expect(await inputActions('s2')).toEqual(before.actions);
    expect((await stack.rest.get(`/sensors/${id}`)).body.config).toEqual(before.config);
  }, 30_000);

  it('should write the J1 covering type and let the converters calibrate it, the radio counting the motor steps', async () => {
    const id = ids.j1!;
    const uncalibrated = await covering();
    expect(uncalibrated).toMatchObject({ ubisysTotalSteps: 0xffff, ubisysTotalSteps2: 0xffff });
    const from = ws.events.length;
    const res = await stack.rest.put(`/sensors/${id}/config`, { windowcoveringtype: 4 });
    expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/windowcoveringtype`]: 4 } }] });
    expect(await covering()).toMatchObject({ windowCoveringType: 4, ubisysWindowCoveringType: 4 });
    expect((await stack.rest.get(`/sensors/${id}`)).body.config.windowcoveringtype).toBe(4);
    await waitFor(
      () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.windowcoveringtype === 4),
      'the covering type push',
    );
    // One calibration at a time: a second write while it runs is refused as busy, the type kept.
    const again = await stack.rest.put(`/sensors/${id}/config`, { windowcoveringtype: 5 });
    expect(again.body).toEqual([{ error: expect.objectContaining({ type: 951, address: `/sensors/${id}/config/windowcoveringtype` }) }]);
    expect((await covering()).windowCoveringType).toBe(4);
    // The calibration: calibration mode entered, the step counts reset and measured, the mode left.
    await waitFor(async () => (await covering()).windowCoveringMode === 0x02, 'calibration mode entered', 30_000, 200);
    const calibrated = await waitFor(
      async () => {
        const now = await covering();
        return now.windowCoveringMode === 0 && now.ubisysTotalSteps !== 0xffff && now.ubisysTotalSteps2 !== 0xffff ? now : undefined;
      },
      'calibration done (both step counts measured, calibration mode left)',
      90_000,
      500,
    );
    expect(calibrated).toMatchObject({ operationalStatus: 0, currentPositionLiftPercentage: 0, installedClosedLimitLift: 240 });
    expect(calibrated.ubisysTotalSteps).toBeGreaterThan(0);
    expect(calibrated.ubisysTotalSteps2).toBeGreaterThan(0);
    await waitFor(() => stack.bridge!.child.output.some((line) => line.includes('covering calibration done')), 'the calibration logged as done', 10_000);
    expect(stack.bridge!.child.output.some((line) => line.includes('calibration started'))).toBe(true);
  }, 150_000);
});
