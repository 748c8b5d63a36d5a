import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * Thermostats on the real stack (virtual radio, bridge child, api, WebSocket): a Danfoss Ally
 * radiator valve and a Zen-01 wall thermostat. Every writable ZHAThermostat item a device has is
 * written through REST and read back from the device's real attributes through the radio's
 * control interface; values the device cannot take answer 7 and items it lacks answer 6, both
 * changing nothing. The valve's own detector and clock arrive as reports.
 */
const VALVE = '0004740001a2c001';
const ZEN = '000d6f000e5ac002';

interface Sensor {
  type: string;
  modelid: string;
  ep: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}
/** Where a device keeps an item: endpoint, cluster, attribute of the radio's real state. */
type Real = [endpoint: string, cluster: string, attribute: string];
/** `row`: the spec-coverage row (docs/spec-coverage.md) the write proves. */
interface Write {
  device: 'valve' | 'zen';
  item: string;
  value: unknown;
  real: Real;
  expect: number;
  row: string;
}

const T = 'hvacThermostat';
const WRITES: Write[] = [
  {
    device: 'valve',
    item: 'heatsetpoint',
    value: 2250,
    real: ['1', T, 'occupiedHeatingSetpoint'],
    expect: 2250,
    row: 'sensor.config.zhathermostat.heatsetpoint',
  },
  { device: 'valve', item: 'mode', value: 'heat', real: ['1', T, 'systemMode'], expect: 4, row: 'sensor.config.zhathermostat.mode' },
  { device: 'valve', item: 'offset', value: -120, real: ['1', T, 'danfossRegulationSetpointOffset'], expect: -12, row: 'sensor.config.zhathermostat.offset' },
  { device: 'valve', item: 'locked', value: true, real: ['1', 'hvacUserInterfaceCfg', 'keypadLockout'], expect: 1, row: 'sensor.config.zhathermostat.locked' },
  {
    device: 'valve',
    item: 'displayflipped',
    value: true,
    real: ['1', 'hvacUserInterfaceCfg', 'danfossViewingDirection'],
    expect: 1,
    row: 'sensor.config.zhathermostat.displayflipped',
  },
  {
    device: 'valve',
    item: 'mountingmode',
    value: true,
    real: ['1', T, 'danfossMountedModeControl'],
    expect: 1,
    row: 'sensor.config.zhathermostat.mountingmode',
  },
  {
    device: 'valve',
    item: 'externalsensortemp',
    value: 1950,
    real: ['1', T, 'danfossExternalMeasuredRoomSensor'],
    expect: 1950,
    row: 'sensor.config.zhathermostat.externalsensortemp',
  },
  {
    device: 'valve',
    item: 'externalwindowopen',
    value: true,
    real: ['1', T, 'danfossWindowOpenExternal'],
    expect: 1,
    row: 'sensor.config.zhathermostat.externalwindowopen',
  },
  {
    device: 'valve',
    item: 'windowopen_set',
    value: false,
    real: ['1', T, 'danfossWindowOpenFeatureEnable'],
    expect: 0,
    row: 'sensor.config.zhathermostat.windowopen_set',
  },
  { device: 'valve', item: 'schedule_on', value: true, real: ['1', T, 'programingOperMode'], expect: 1, row: 'sensor.config.zhathermostat.schedule_on' },
  {
    device: 'zen',
    item: 'coolsetpoint',
    value: 2700,
    real: ['3', T, 'occupiedCoolingSetpoint'],
    expect: 2700,
    row: 'sensor.config.zhathermostat.coolsetpoint',
  },
  { device: 'zen', item: 'mode', value: 'cool', real: ['3', T, 'systemMode'], expect: 3, row: 'sensor.config.zhathermostat.mode' },
  { device: 'zen', item: 'fanmode', value: 'on', real: ['3', 'hvacFanCtrl', 'fanMode'], expect: 4, row: 'sensor.config.zhathermostat.fanmode' },
  { device: 'zen', item: 'offset', value: -50, real: ['3', T, 'localTemperatureCalibration'], expect: -5, row: 'sensor.config.zhathermostat.offset' },
];

/** Values the device cannot take (7), checked against the attribute that must not move. */
const BAD: Array<{ device: 'valve' | 'zen'; item: string; value: unknown; real: Real }> = [
  { device: 'valve', item: 'heatsetpoint', value: 3600, real: ['1', T, 'occupiedHeatingSetpoint'] },
  { device: 'valve', item: 'heatsetpoint', value: 'warm', real: ['1', T, 'occupiedHeatingSetpoint'] },
  { device: 'valve', item: 'mode', value: 'cool', real: ['1', T, 'systemMode'] },
  { device: 'valve', item: 'offset', value: 300, real: ['1', T, 'danfossRegulationSetpointOffset'] },
  { device: 'valve', item: 'externalsensortemp', value: 5000, real: ['1', T, 'danfossExternalMeasuredRoomSensor'] },
  { device: 'valve', item: 'locked', value: 'yes', real: ['1', 'hvacUserInterfaceCfg', 'keypadLockout'] },
  { device: 'zen', item: 'fanmode', value: 'smart', real: ['3', 'hvacFanCtrl', 'fanMode'] },
  { device: 'zen', item: 'heatsetpoint', value: 900, real: ['3', T, 'occupiedHeatingSetpoint'] },
];

/** Thermostat items the valve does not have: 6, nothing sent. */
const LACKING = { coolsetpoint: 2500, fanmode: 'auto', preset: 'eco', swingmode: 'fully open', temperaturemeasurement: 'air sensor', setvalve: true };

describe('sensors: thermostats on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  const ids: Record<string, string> = {};
  const ieeeOf = { valve: VALVE, zen: ZEN };
  const real = async (device: 'valve' | 'zen', [ep, cluster, attribute]: Real) => (await realState(stack, ieeeOf[device])).endpoints[ep][cluster][attribute];

  beforeAll(async () => {
    stack = await startSensorStack([
      { model: 'eTRV0100', ieee: VALVE },
      { model: 'Zen-01', ieee: ZEN },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    ids.valve = await sensorId(stack, uniqueidOf(VALVE, 1, '0201'));
    ids.time = await sensorId(stack, uniqueidOf(VALVE, 1, '000a'));
    ids.zen = await sensorId(stack, uniqueidOf(ZEN, 3, '0201'));
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should present the valve as ZHAThermostat with every item it has, known from pairing', async () => {
    const known = (s: Sensor) => s.config.windowopen_set !== undefined && s.state.windowopen !== undefined && s.state.errorcode !== undefined;
    const sensor = await sensorWhen<Sensor>(stack, ids.valve!, known, 'the valve settings read after pairing', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'eTRV0100', ep: 1 });
    expect(Object.keys(sensor.state).sort()).toEqual(['errorcode', 'heating', 'lastupdated', 'mountingmodeactive', 'on', 'temperature', 'valve', 'windowopen']);
    expect(Object.keys(sensor.config).sort()).toEqual([
      'battery',
      'displayflipped',
      'externalsensortemp',
      'externalwindowopen',
      'heatsetpoint',
      'locked',
      'mode',
      'mountingmode',
      'offset',
      'on',
      'reachable',
      'schedule_on',
      'windowopen_set',
    ]);
    expect(sensor.state).toMatchObject({ temperature: 2165, windowopen: 'Closed', mountingmodeactive: false, errorcode: 'none' });
    expect(sensor.config).toMatchObject({
      heatsetpoint: 2100,
      mode: 'heat',
      offset: 0,
      locked: false,
      externalsensortemp: -8000,
      windowopen_set: true,
      schedule_on: false,
      battery: 90,
    });
  }, 45_000);

  it('should present the wall thermostat with its fan mode in state and config', async () => {
    const sensor = await sensorWhen<Sensor>(
      stack,
      ids.zen!,
      (s) => s.state.fanmode !== undefined && s.config.fanmode !== undefined,
      'the fan mode read after pairing',
      30_000,
    );
    expect(Object.keys(sensor.state).sort()).toEqual(['fanmode', 'heating', 'lastupdated', 'on', 'temperature']);
    expect(Object.keys(sensor.config).sort()).toEqual(['coolsetpoint', 'fanmode', 'heatsetpoint', 'mode', 'offset', 'on', 'reachable']);
    expect(sensor.state.fanmode).toBe(sensor.config.fanmode);
  }, 45_000);

  it("should describe each thermostat's setpoint and offset ranges through introspection as its device takes them", async () => {
    const introspect = async (ieee: string, endpoint: number, item: string) =>
      (await stack.rest.get(`/devices/${uniqueidOf(ieee, endpoint, '0201')}/config/${item}/introspect`)).body;
    // The Ally valve sets 5-35 °C and offsets ±2.5 °C; the Zen-01 heats at 10-30 °C and cools at 10-31 °C.
    expect(await introspect(VALVE, 1, 'heatsetpoint')).toEqual({ type: 'int16', minval: 500, maxval: 3500 });
    expect(await introspect(VALVE, 1, 'offset')).toEqual({ type: 'int16', minval: -250, maxval: 250 });
    expect(await introspect(ZEN, 3, 'heatsetpoint')).toEqual({ type: 'int16', minval: 1000, maxval: 3000 });
    expect(await introspect(ZEN, 3, 'coolsetpoint')).toEqual({ type: 'int16', minval: 1000, maxval: 3100 });
  });

  it('should present the valve clock as ZHATime, set by the gateway at pairing', async () => {
    const sensor = await sensorWhen<Sensor>(stack, ids.time!, (s) => typeof s.state.utc === 'string', 'the clock read', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHATime', modelid: 'eTRV0100', ep: 1 });
    expect(Object.keys(sensor.state).sort()).toEqual(['lastset', 'lastupdated', 'localtime', 'utc']);
    expect(sensor.state.localtime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    for (const item of ['utc', 'lastset'] as const) {
      const shown = Date.parse(String(sensor.state[item]));
      // The clock was set from this machine's clock during pairing, minutes ago at most.
      expect(Math.abs(shown - Date.now())).toBeLessThan(10 * 60_000);
    }
  }, 45_000);

  describe.each(WRITES)('$row ($device)', ({ device, item, value, real: where, expect: stored }) => {
    it(`should write ${JSON.stringify(value)} to the device and show it in REST and on the WebSocket`, async () => {
      const id = ids[device]!;
      const from = ws.events.length;
      const before = ((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config[item];
      const put = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
      expect(put).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/${item}`]: value } }] });
      expect(await real(device, where)).toBe(stored);
      await sensorWhen<Sensor>(stack, id, (s) => s.config[item] === value, `${item} ${JSON.stringify(value)} in config`);
      // A value that did not change is not pushed.
      if (before !== value)
        await waitFor(
          () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.[item] === value),
          `the ${item} push`,
        );
    }, 30_000);
  });

  describe.each(BAD)('$device $item = $value', ({ device, item, value, real: where }) => {
    it('should answer 7 and change neither the device nor the sensor', async () => {
      const id = ids[device]!;
      const before = { real: await real(device, where), config: ((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config };
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
      expect(status).toBe(400);
      expect(body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/${item}` }) }]);
      expect(await real(device, where)).toBe(before.real);
      expect(((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config[item]).toEqual(before.config[item]);
    }, 30_000);
  });

  it('should answer 6 for each thermostat item the valve lacks, and 7 for the bad item of a mixed write while the rest goes', async () => {
    const id = ids.valve!;
    const before = await realState(stack, VALVE);
    const lacking = await stack.rest.put(`/sensors/${id}/config`, LACKING);
    expect(lacking.status).toBe(400);
    expect(lacking.body).toEqual(
      Object.keys(LACKING).map((item) => ({ error: expect.objectContaining({ type: 6, address: `/sensors/${id}/config/${item}` }) })),
    );
    expect((await realState(stack, VALVE)).endpoints).toEqual(before.endpoints);
    // The device takes -250 to 250: the offset is refused, the lock still goes.
    const locked = before.endpoints['1'].hvacUserInterfaceCfg.keypadLockout as number;
    const mixed = await stack.rest.put(`/sensors/${id}/config`, { offset: 300, locked: locked === 0 });
    expect(mixed).toEqual({
      status: 200,
      body: [
        { error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/offset` }) },
        { success: { [`/sensors/${id}/config/locked`]: locked === 0 } },
      ],
    });
    const after = await realState(stack, VALVE);
    expect(after.endpoints['1'].hvacUserInterfaceCfg.keypadLockout).toBe(locked === 0 ? 1 : 0);
    expect(after.endpoints['1'].hvacThermostat.danfossRegulationSetpointOffset).toBe(before.endpoints['1'].hvacThermostat.danfossRegulationSetpointOffset);
  }, 30_000);

  describe('sensor.config.zhathermostat.schedule', () => {
    const weekdays = [
      { localtime: 'T06:30', heatsetpoint: 2100 },
      { localtime: 'T22:00', heatsetpoint: 1700 },
    ];
    const weekend = [{ localtime: 'T08:00', heatsetpoint: 2200 }];
    const days = async () => (await realState(stack, VALVE)).schedules?.['1'] as Record<string, unknown> | undefined;

    it('should write the weekly programme to the valve and show the whole week, grouped by day', async () => {
      const id = ids.valve!;
      const from = ws.events.length;
      const put = await stack.rest.put(`/sensors/${id}/config`, { schedule: { W124: weekdays, W3: weekend } });
      expect(put).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/schedule`]: { W124: weekdays, W3: weekend } } }] });
      // The valve's own days (0 Sunday … 6 Saturday): minutes after midnight, 0.01 °C.
      const held = await days();
      expect(held?.['1']).toEqual([
        { transitionTime: 390, heatSetpoint: 2100 },
        { transitionTime: 1320, heatSetpoint: 1700 },
      ]);
      expect(held?.['0']).toEqual([{ transitionTime: 480, heatSetpoint: 2200 }]);
      expect(Object.keys(held ?? {}).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6']);
      await sensorWhen<Sensor>(stack, id, (s) => isDeepStrictEqual(s.config.schedule, { W3: weekend, W124: weekdays }), 'the week read back');
      await waitFor(
        () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.schedule !== undefined),
        'the schedule push',
      );
      // Wednesday alone gets the weekend's programme: the groups follow what the valve holds.
      await stack.rest.put(`/sensors/${id}/config`, { schedule: { W16: weekend } });
      await sensorWhen<Sensor>(
        stack,
        id,
        (s) => isDeepStrictEqual(s.config.schedule, { W19: weekend, W108: weekdays }),
        'Wednesday moved to the weekend group',
      );
    }, 45_000);

    it.each([
      ['a setpoint above 3000', { W1: [{ localtime: 'T06:00', heatsetpoint: 3500 }] }],
      ['an hour past 23', { W1: [{ localtime: 'T24:00', heatsetpoint: 2000 }] }],
      ['no day', { W0: weekend }],
      ['days beyond the week', { W128: weekend }],
      ['eleven transitions', { W1: Array.from({ length: 11 }, (_, i) => ({ localtime: `T${String(i + 10)}:00`, heatsetpoint: 2000 })) }],
      ['no transition', { W1: [] }],
      ['an unknown field', { W1: [{ localtime: 'T06:00', heatsetpoint: 2000, coolsetpoint: 2500 }] }],
      ['a list', [weekend]],
    ])(
      'should answer 7 to %s and change neither the valve nor the sensor',
      async (_what, schedule) => {
        const id = ids.valve!;
        const before = { real: await days(), config: ((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config.schedule };
        const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { schedule });
        expect(status).toBe(400);
        expect(body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/schedule` }) }]);
        expect(await days()).toEqual(before.real);
        expect(((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config.schedule).toEqual(before.config);
      },
      30_000,
    );

    it('should answer 6 on the wall thermostat, which has no weekly programme', async () => {
      const { status, body } = await stack.rest.put(`/sensors/${ids.zen}/config`, { schedule: { W1: weekend } });
      expect(status).toBe(400);
      expect(body).toEqual([{ error: expect.objectContaining({ type: 6, address: `/sensors/${ids.zen}/config/schedule` }) }]);
    }, 30_000);
  });

  it('should report the window the valve detects, the external contact and the mounting mode to REST and the WebSocket', async () => {
    const id = ids.valve!;
    await stack.rest.put(`/sensors/${id}/config`, { windowopen_set: true, externalwindowopen: false, mountingmode: false });
    await sensorWhen<Sensor>(stack, id, (s) => s.state.windowopen === 'Closed' && s.state.mountingmodeactive === false, 'window closed, mounted');
    const from = ws.events.length;
    await act(stack, VALVE, 'window', { open: true });
    await sensorWhen<Sensor>(stack, id, (s) => s.state.windowopen === 'Open', 'window open');
    await act(stack, VALVE, 'window', { open: false });
    await sensorWhen<Sensor>(stack, id, (s) => s.state.windowopen === 'Closed', 'window closed again');
    await stack.rest.put(`/sensors/${id}/config`, { externalwindowopen: true, mountingmode: true });
    await sensorWhen<Sensor>(
      stack,
      id,
      (s) => s.state.windowopen === 'Open (external), closed (internal)' && s.state.mountingmodeactive === true,
      'external window open, mounting',
    );
    // Each change is pushed (a push may repeat the current value beside another item's change).
    const pushed = changesOf(ws.events, id, from)
      .map((e) => (e.state as Record<string, unknown> | undefined)?.windowopen)
      .filter((v) => v !== undefined);
    const changes = pushed.filter((value, index) => index === 0 || value !== pushed[index - 1]);
    expect(changes.slice(changes.indexOf('Open'))).toEqual(['Open', 'Closed', 'Open (external), closed (internal)']);
  }, 45_000);

  it('should report the room temperature and the valve opening as it heats', async () => {
    const id = ids.valve!;
    await stack.rest.put(`/sensors/${id}/config`, { externalwindowopen: false, externalsensortemp: -8000, heatsetpoint: 2400 });
    await act(stack, VALVE, 'set', { temperature: 18.5 });
    const heating = await sensorWhen<Sensor>(stack, id, (s) => s.state.temperature === 1850 && s.state.valve === 100, 'cold room, valve open', 30_000);
    expect(heating.state).toMatchObject({ on: true, heating: true });
  }, 45_000);
});
