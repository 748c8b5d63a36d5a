import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * A floor-heating thermostat with a floor probe (ELKO Super TR), an air-conditioner interface
 * with presets, fan speeds and louvres (Atlantic's Naviclim adapter), OWON's AC controller (the
 * five ZCL louvre positions, fan speeds from its fan control cluster) and a radiator valve that keeps
 * its mode, lock and display in vendor host flags (Eurotronic Spirit) on the real stack (virtual
 * radio, bridge child, api, WebSocket). Each writable ZHAThermostat item a device has is written
 * through REST and read back from the device's real attributes through the radio's control
 * interface; values the device cannot take answer 7 and items it lacks answer 6, changing nothing.
 * A Tuya radiator valve (Moes HY369RT) keeps its state in data points of its MCU instead: its items,
 * `setvalve` and its work-day and holiday programmes (`schedule`) among them, are read back from those.
 */
const FLOOR = '000d6f00aa5ac101';
const AC = '0022a3000b5ac102';
const SPIRIT = '00158d00ee5ac103';
const OWON = '00124b00fa5ac104';
const TUYA = 'a4c13800fa5ac105';

type Device = 'floor' | 'ac' | 'spirit' | 'owon' | 'tuya';
interface Sensor {
  type: string;
  modelid: string;
  ep: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}
/** Where a device keeps an item: endpoint, cluster, attribute of the radio's real state, or a Tuya data point. */
type Real = [endpoint: string, cluster: string, attribute: string] | ['datapoint', dp: string];
const dp = (id: string): Real => ['datapoint', id];
const isDatapoint = (where: Real): where is ['datapoint', string] => where.length === 2;
/** `row`: the spec-coverage row (docs/spec-coverage.md) the write proves; `also`: other attributes the write sets. */
interface Write {
  device: Device;
  item: string;
  value: unknown;
  real: Real;
  expect: unknown;
  row: string;
  also?: Array<[Real, number]>;
}

const T = 'hvacThermostat';
const at = (localtime: string, heatsetpoint: number) => ({ localtime, heatsetpoint });
/** The Tuya valve's programmes fresh from the box, as deCONZ shows them and as its data points hold them. */
const BOX_WORKDAYS = [at('T06:00', 2000), at('T08:00', 1500), at('T11:30', 1500), at('T12:30', 1500), at('T17:30', 2000), at('T22:00', 1500)];
const BOX_HOLIDAYS = [at('T06:00', 2000), at('T08:00', 2000), at('T11:30', 2000), at('T12:30', 2000), at('T17:30', 2000), at('T22:00', 1500)];
const BOX_112 = [6, 0, 20, 8, 0, 15, 11, 30, 15, 12, 30, 15, 17, 30, 20, 22, 0, 15];
const BOX_113 = [6, 0, 20, 8, 0, 20, 11, 30, 20, 12, 30, 20, 17, 30, 20, 22, 0, 15];
/** What a thermostat changes by itself while it runs (the room drifts toward the setpoint). */
const RUNNING = new Set(['localTemp', 'runningState', 'pIHeatingDemand', 'elkoRelayState']);
const settled = (endpoints: Record<string, Record<string, Record<string, unknown>>>) =>
  Object.fromEntries(
    Object.entries(endpoints).map(([ep, clusters]) => [
      ep,
      Object.fromEntries(
        Object.entries(clusters).map(([name, attrs]) => [name, Object.fromEntries(Object.entries(attrs).filter(([attr]) => !RUNNING.has(attr)))]),
      ),
    ]),
  );
const WRITES: Write[] = [
  {
    device: 'floor',
    item: 'temperaturemeasurement',
    value: 'floor sensor',
    real: ['1', T, 'elkoSensor'],
    expect: 1,
    row: 'sensor.config.zhathermostat.temperaturemeasurement',
  },
  {
    device: 'floor',
    item: 'temperaturemeasurement',
    value: 'floor protection',
    real: ['1', T, 'elkoSensor'],
    expect: 3,
    row: 'sensor.config.zhathermostat.temperaturemeasurement',
  },
  {
    device: 'floor',
    item: 'temperaturemeasurement',
    value: 'air sensor',
    real: ['1', T, 'elkoSensor'],
    expect: 0,
    row: 'sensor.config.zhathermostat.temperaturemeasurement',
  },
  { device: 'floor', item: 'locked', value: true, real: ['1', T, 'elkoChildLock'], expect: 1, row: 'sensor.config.zhathermostat.locked' },
  {
    device: 'floor',
    item: 'heatsetpoint',
    value: 2600,
    real: ['1', T, 'occupiedHeatingSetpoint'],
    expect: 2600,
    row: 'sensor.config.zhathermostat.heatsetpoint',
  },
  { device: 'floor', item: 'mode', value: 'off', real: ['1', T, 'elkoPowerStatus'], expect: 0, row: 'sensor.config.zhathermostat.mode' },
  { device: 'floor', item: 'mode', value: 'heat', real: ['1', T, 'elkoPowerStatus'], expect: 1, row: 'sensor.config.zhathermostat.mode' },
  {
    device: 'ac',
    item: 'preset',
    value: 'boost',
    real: ['1', T, 'atlanticBoost'],
    expect: 1,
    row: 'sensor.config.zhathermostat.preset',
    also: [
      [['1', T, 'atlanticActivity'], 0],
      [['1', T, 'programingOperMode'], 0],
    ],
  },
  {
    device: 'ac',
    item: 'preset',
    value: 'eco',
    real: ['1', T, 'programingOperMode'],
    expect: 4,
    row: 'sensor.config.zhathermostat.preset',
    also: [[['1', T, 'atlanticBoost'], 0]],
  },
  { device: 'ac', item: 'swingmode', value: 'half open', real: ['1', T, 'atlanticLouverPosition'], expect: 2, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'ac', item: 'swingmode', value: 'quarter open', real: ['1', T, 'atlanticLouverPosition'], expect: 1, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'ac', item: 'fanmode', value: 'high', real: ['1', 'hvacFanCtrl', 'fanMode'], expect: 3, row: 'sensor.config.zhathermostat.fanmode' },
  { device: 'ac', item: 'mode', value: 'dry', real: ['1', T, 'systemMode'], expect: 8, row: 'sensor.config.zhathermostat.mode' },
  { device: 'ac', item: 'coolsetpoint', value: 2200, real: ['1', T, 'occupiedCoolingSetpoint'], expect: 2200, row: 'sensor.config.zhathermostat.coolsetpoint' },
  // The valve's mode, lock and mirror all travel in its host flags (bit 0 always, 2 heat, 4 held
  // while off, 1 mirror, 7 lock); the ZCL system mode follows.
  {
    device: 'spirit',
    item: 'mode',
    value: 'off',
    real: ['1', T, 'eurotronicHostFlags'],
    expect: 0x11,
    row: 'sensor.config.zhathermostat.mode',
    also: [[['1', T, 'systemMode'], 0]],
  },
  {
    device: 'spirit',
    item: 'mode',
    value: 'heat',
    real: ['1', T, 'eurotronicHostFlags'],
    expect: 0x05,
    row: 'sensor.config.zhathermostat.mode',
    also: [[['1', T, 'systemMode'], 4]],
  },
  { device: 'spirit', item: 'locked', value: true, real: ['1', T, 'eurotronicHostFlags'], expect: 0x85, row: 'sensor.config.zhathermostat.locked' },
  {
    device: 'spirit',
    item: 'displayflipped',
    value: true,
    real: ['1', T, 'eurotronicHostFlags'],
    expect: 0x87,
    row: 'sensor.config.zhathermostat.displayflipped',
  },
  {
    device: 'owon',
    item: 'swingmode',
    value: 'three quarters open',
    real: ['1', T, 'acLouverPosition'],
    expect: 5,
    row: 'sensor.config.zhathermostat.swingmode',
  },
  // The converters write "fully closed" as 0, the first of the two values ZCL reads as closed.
  { device: 'owon', item: 'swingmode', value: 'fully closed', real: ['1', T, 'acLouverPosition'], expect: 0, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'owon', item: 'swingmode', value: 'fully open', real: ['1', T, 'acLouverPosition'], expect: 2, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'owon', item: 'fanmode', value: 'low', real: ['1', 'hvacFanCtrl', 'fanMode'], expect: 1, row: 'sensor.config.zhathermostat.fanmode' },
  { device: 'owon', item: 'mode', value: 'fan only', real: ['1', T, 'systemMode'], expect: 7, row: 'sensor.config.zhathermostat.mode' },
  {
    device: 'spirit',
    item: 'heatsetpoint',
    value: 2150,
    real: ['1', T, 'occupiedHeatingSetpoint'],
    expect: 2150,
    row: 'sensor.config.zhathermostat.heatsetpoint',
  },
  // The Tuya valve: data point 20 is its valve switch, 106 its mode (0 auto, 1 heat, 2 off), 4 its
  // preset (0 holiday, 1 auto…), 2 the setpoint and 44 the calibration in tenths, 104 window detection.
  { device: 'tuya', item: 'setvalve', value: true, real: dp('20'), expect: true, row: 'sensor.config.zhathermostat.setvalve' },
  { device: 'tuya', item: 'setvalve', value: false, real: dp('20'), expect: false, row: 'sensor.config.zhathermostat.setvalve' },
  { device: 'tuya', item: 'heatsetpoint', value: 2350, real: dp('2'), expect: 235, row: 'sensor.config.zhathermostat.heatsetpoint' },
  // Forced shut (off) or open (heat), the valve reports its position (data point 109) with it.
  { device: 'tuya', item: 'mode', value: 'off', real: dp('106'), expect: 2, row: 'sensor.config.zhathermostat.mode', also: [[dp('109'), 0]] },
  { device: 'tuya', item: 'mode', value: 'heat', real: dp('106'), expect: 1, row: 'sensor.config.zhathermostat.mode', also: [[dp('109'), 100]] },
  { device: 'tuya', item: 'preset', value: 'holiday', real: dp('4'), expect: 0, row: 'sensor.config.zhathermostat.preset' },
  { device: 'tuya', item: 'preset', value: 'eco', real: dp('4'), expect: 4, row: 'sensor.config.zhathermostat.preset' },
  // Following its programme is the valve's schedule preset (1); off is manual (2).
  { device: 'tuya', item: 'schedule_on', value: false, real: dp('4'), expect: 2, row: 'sensor.config.zhathermostat.schedule_on' },
  { device: 'tuya', item: 'schedule_on', value: true, real: dp('4'), expect: 1, row: 'sensor.config.zhathermostat.schedule_on' },
  { device: 'tuya', item: 'locked', value: true, real: dp('7'), expect: true, row: 'sensor.config.zhathermostat.locked' },
  { device: 'tuya', item: 'windowopen_set', value: false, real: dp('104'), expect: [0, 5, 10], row: 'sensor.config.zhathermostat.windowopen_set' },
  { device: 'tuya', item: 'offset', value: -150, real: dp('44'), expect: -15, row: 'sensor.config.zhathermostat.offset' },
];

/** Values the device cannot take (7), checked against the attribute that must not move. */
const BAD: Array<{ device: Device; item: string; value: unknown; real: Real }> = [
  { device: 'floor', item: 'temperaturemeasurement', value: 'outdoor', real: ['1', T, 'elkoSensor'] },
  { device: 'floor', item: 'temperaturemeasurement', value: 1, real: ['1', T, 'elkoSensor'] },
  { device: 'ac', item: 'swingmode', value: 'fully closed', real: ['1', T, 'atlanticLouverPosition'] },
  { device: 'ac', item: 'preset', value: 'holiday', real: ['1', T, 'atlanticBoost'] },
  { device: 'ac', item: 'fanmode', value: 'smart', real: ['1', 'hvacFanCtrl', 'fanMode'] },
  { device: 'spirit', item: 'mode', value: 'cool', real: ['1', T, 'eurotronicHostFlags'] },
  { device: 'owon', item: 'fanmode', value: 'smart', real: ['1', 'hvacFanCtrl', 'fanMode'] },
  { device: 'owon', item: 'mode', value: 'sleep', real: ['1', T, 'systemMode'] },
  { device: 'tuya', item: 'setvalve', value: 1, real: dp('20') },
  { device: 'tuya', item: 'setvalve', value: 'true', real: dp('20') },
  { device: 'tuya', item: 'preset', value: 'program', real: dp('4') },
  { device: 'tuya', item: 'mode', value: 'cool', real: dp('106') },
  { device: 'tuya', item: 'heatsetpoint', value: 3300, real: dp('2') },
];

/** Thermostat items each device does not have: 6, nothing sent. */
const LACKING: Record<Device, Record<string, unknown>> = {
  floor: { preset: 'eco', swingmode: 'fully open', fanmode: 'auto', coolsetpoint: 2500, setvalve: true },
  ac: { temperaturemeasurement: 'floor sensor', setvalve: false, locked: true },
  owon: { preset: 'eco', temperaturemeasurement: 'air sensor', locked: true, setvalve: true, schedule: { W1: [{ localtime: 'T06:00', heatsetpoint: 2000 }] } },
  spirit: {
    preset: 'eco',
    swingmode: 'fully open',
    temperaturemeasurement: 'air sensor',
    fanmode: 'auto',
    setvalve: true,
    schedule: { W1: [{ localtime: 'T06:00', heatsetpoint: 2000 }] },
  },
  tuya: {
    coolsetpoint: 2500,
    fanmode: 'auto',
    swingmode: 'fully open',
    temperaturemeasurement: 'air sensor',
    displayflipped: true,
    mountingmode: true,
    externalsensortemp: 2000,
  },
};

describe('sensors: floor-heating and AC thermostats on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  const ids: Record<string, string> = {};
  const ieeeOf: Record<Device, string> = { floor: FLOOR, ac: AC, spirit: SPIRIT, owon: OWON, tuya: TUYA };
  const real = async (device: Device, where: Real) => {
    const state = await realState(stack, ieeeOf[device]);
    if (isDatapoint(where)) return state.datapoints[where[1]].value;
    const [ep, cluster, attribute] = where;
    return state.endpoints[ep][cluster][attribute];
  };
  const get = async (id: string) => (await stack.rest.get(`/sensors/${id}`)).body as Sensor;

  beforeAll(async () => {
    stack = await startSensorStack([
      { model: 'Super-TR', ieee: FLOOR },
      { model: 'Adapter-Zigbee-FUJITSU', ieee: AC },
      { model: 'SPZB0001', ieee: SPIRIT },
      { model: 'AC201', ieee: OWON },
      { model: 'TS0601-_TZE200_ckud7u2l', ieee: TUYA },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    ids.floor = await sensorId(stack, uniqueidOf(FLOOR, 1, '0201'));
    ids.ac = await sensorId(stack, uniqueidOf(AC, 1, '0201'));
    ids.spirit = await sensorId(stack, uniqueidOf(SPIRIT, 1, '0201'));
    ids.owon = await sensorId(stack, uniqueidOf(OWON, 1, '0201'));
    ids.tuya = await sensorId(stack, uniqueidOf(TUYA, 1, '0201'));
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should present the floor thermostat with its floor temperature and probe selection, known from pairing', async () => {
    const known = (s: Sensor) => s.state.floortemperature !== undefined && s.config.temperaturemeasurement !== undefined;
    const sensor = await sensorWhen<Sensor>(stack, ids.floor!, known, 'the floor probe read after pairing', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'Super TR', ep: 1 });
    expect(Object.keys(sensor.state).sort()).toEqual(['floortemperature', 'heating', 'lastupdated', 'on', 'temperature']);
    expect(Object.keys(sensor.config).sort()).toEqual(['heatsetpoint', 'locked', 'mode', 'offset', 'on', 'reachable', 'temperaturemeasurement']);
    expect(sensor.state).toMatchObject({ floortemperature: 2380 });
    expect(sensor.config).toMatchObject({ temperaturemeasurement: 'air sensor', locked: false, mode: 'heat' });
  }, 45_000);

  it('should present the AC interface with its fan mode, louvre and schedule switch', async () => {
    const known = (s: Sensor) => s.config.fanmode !== undefined && s.config.mode !== undefined;
    const sensor = await sensorWhen<Sensor>(stack, ids.ac!, known, 'the AC settings read after pairing', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'Adapter Zigbee FUJITSU', ep: 1 });
    expect(sensor.state).toMatchObject({ temperature: expect.any(Number), fanmode: 'auto' });
    expect(sensor.config).toMatchObject({ mode: 'cool', fanmode: 'auto', coolsetpoint: 2400 });
  }, 45_000);

  it("should show the valve's host flags as the raw bitmap it holds, read at pairing", async () => {
    const sensor = await sensorWhen<Sensor>(stack, ids.spirit!, (s) => s.config.hostflags !== undefined, 'the host flags read after pairing', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'SPZB0001', ep: 1 });
    expect(sensor.config.hostflags).toBe(await real('spirit', ['1', T, 'eurotronicHostFlags']));
    expect(Object.keys(sensor.config).sort()).toEqual([
      'battery',
      'displayflipped',
      'heatsetpoint',
      'hostflags',
      'locked',
      'mode',
      'offset',
      'on',
      'reachable',
    ]);
  }, 45_000);

  it("should present OWON's AC controller with its louvre and the fan speeds of its fan control cluster, known from pairing", async () => {
    const known = (s: Sensor) => s.config.swingmode !== undefined && s.config.fanmode !== undefined;
    const sensor = await sensorWhen<Sensor>(stack, ids.owon!, known, 'the louvre and fan read after pairing', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'AC201', ep: 1 });
    expect(sensor.config).toMatchObject({ swingmode: 'fully closed', fanmode: 'auto', mode: 'cool', coolsetpoint: 2400, heatsetpoint: 2100 });
    expect(sensor.state).toMatchObject({ fanmode: 'auto', temperature: expect.any(Number) });
  }, 45_000);

  it('should present the Tuya valve with the fields deCONZ shows for it, from the state its MCU reports once the gateway answered its time request', async () => {
    // The MCU reports its two programmes as two data points, one message each: wait for both.
    const programmes = (s: Sensor) => Object.keys((s.config.schedule as object | undefined) ?? {}).length === 2;
    const known = (s: Sensor) => s.config.setvalve !== undefined && programmes(s) && s.state.temperature !== null;
    const sensor = await sensorWhen<Sensor>(stack, ids.tuya!, known, "the valve's data points reported after pairing", 45_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'TS0601', manufacturername: '_TZE200_ckud7u2l', ep: 1 });
    expect(Object.keys(sensor.state).sort()).toEqual(['heating', 'lastupdated', 'on', 'temperature', 'valve']);
    expect(Object.keys(sensor.config).sort()).toEqual([
      'battery',
      'heatsetpoint',
      'locked',
      'mode',
      'offset',
      'on',
      'preset',
      'reachable',
      'schedule',
      'schedule_on',
      'setvalve',
      'windowopen_set',
    ]);
    expect(sensor.state).toMatchObject({ temperature: 1950, valve: 35, on: true, heating: true });
    expect(sensor.config).toMatchObject({
      heatsetpoint: 2100,
      mode: 'auto',
      preset: 'auto',
      schedule_on: true,
      setvalve: false,
      locked: false,
      windowopen_set: true,
      offset: 0,
      battery: 87,
    });
    // Its programmes from the box (data points 112 and 113), the week five work days and two holidays.
    expect(sensor.config.schedule).toEqual({ W3: BOX_HOLIDAYS, W124: BOX_WORKDAYS });
    // Its option switches (valve and window detection, auto lock, away mode) are no plugs: no lights.
    const lights = (await stack.rest.get('/lights')).body as Record<string, { uniqueid: string }>;
    expect(Object.values(lights).filter((light) => light.uniqueid.startsWith(uniqueidOf(TUYA, 1, '0201').slice(0, 23)))).toEqual([]);
    // The MCU's clock was set by the gateway's answer to its time request.
    expect((await realState(stack, TUYA)).mcuClock).toEqual({ utc: expect.any(Number), local: expect.any(Number) });
  }, 60_000);

  it('should carry a data point the valve reports by itself to REST and the WebSocket', async () => {
    const id = ids.tuya!;
    const from = ws.events.length;
    await act(stack, TUYA, 'datapoint', { dp: 'localTemp', value: 224 });
    await sensorWhen<Sensor>(stack, id, (s) => s.state.temperature === 2240, 'the room temperature reported');
    await waitFor(
      () => changesOf(ws.events, id, from).some((e) => (e.state as Record<string, unknown> | undefined)?.temperature === 2240),
      'the temperature push',
    );
    // Someone turns the valve switch at the valve: setvalve follows what the device reports.
    await act(stack, TUYA, 'datapoint', { dp: 20, value: true });
    await sensorWhen<Sensor>(stack, id, (s) => s.config.setvalve === true, 'setvalve as the valve reports it');
    await waitFor(() => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.setvalve === true), 'the setvalve push');
    await stack.rest.put(`/sensors/${id}/config`, { setvalve: false });
    await sensorWhen<Sensor>(stack, id, (s) => s.config.setvalve === false, 'setvalve back off');
    // The battery drains (its data point 21, which the converters report but do not expose).
    await act(stack, TUYA, 'datapoint', { dp: 'battery', value: 41 });
    await sensorWhen<Sensor>(stack, id, (s) => s.config.battery === 41, 'the battery reported');
  }, 30_000);

  describe.each(WRITES)('$row ($device $value)', ({ device, item, value, real: where, expect: stored, also }) => {
    it(`should write ${JSON.stringify(value)} to the device and show it in REST and on the WebSocket`, async () => {
      const id = ids[device]!;
      const from = ws.events.length;
      const before = (await get(id)).config[item];
      const put = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
      expect(put).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/${item}`]: value } }] });
      expect(await real(device, where)).toEqual(stored);
      for (const [other, expected] of also ?? []) expect(await real(device, other)).toBe(expected);
      await sensorWhen<Sensor>(stack, id, (s) => s.config[item] === value, `${item} ${JSON.stringify(value)} in config`);
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
      const before = { real: await real(device, where), config: (await get(id)).config };
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
      expect(status).toBe(400);
      expect(body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/${item}` }) }]);
      expect(await real(device, where)).toEqual(before.real);
      expect((await get(id)).config[item]).toEqual(before.config[item]);
    }, 30_000);
  });

  it("sensor.config.zhathermostat.schedule_on: should refuse schedule_on beside a preset it contradicts (both set the valve's preset) and set the preset", async () => {
    const id = ids.tuya!;
    const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { preset: 'comfort', schedule_on: true });
    // 200 as in deCONZ, since one item was set.
    expect(status).toBe(200);
    expect(body).toEqual([
      { success: { [`/sensors/${id}/config/preset`]: 'comfort' } },
      { error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/schedule_on` }) },
    ]);
    expect(await real('tuya', dp('4'))).toBe(3);
    await sensorWhen<Sensor>(stack, id, (s) => s.config.preset === 'comfort' && s.config.schedule_on === false, 'comfort, off its programme');
  }, 30_000);

  describe('sensor.config.zhathermostat.schedule (Tuya valve)', () => {
    /** The week format (111: 0 is 5+2, 2 seven alike) and the work-day and holiday programmes (112, 113). */
    const programme = async () => ({ week: await real('tuya', dp('111')), workdays: await real('tuya', dp('112')), holidays: await real('tuya', dp('113')) });
    const slots = (...list: Array<[number, number, number]>) => Array.from({ length: 6 }, (_, i) => list[Math.min(i, list.length - 1)]!).flat();
    const workdays = [at('T06:30', 2100), at('T22:00', 1600)];
    const everyDay = [at('T07:00', 2000), at('T23:00', 1700)];
    const scheduleOf = async (id: string) => (await get(id)).config.schedule;

    it('should write a work-day programme to data point 112, every slot filled, and show it beside the holidays', async () => {
      const id = ids.tuya!;
      await sensorWhen<Sensor>(stack, id, (s) => s.config.schedule !== undefined, 'the programmes reported');
      const from = ws.events.length;
      const put = await stack.rest.put(`/sensors/${id}/config`, { schedule: { W124: workdays } });
      expect(put).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/schedule`]: { W124: workdays } } }] });
      const held = slots([6, 30, 21], [22, 0, 16]);
      await waitFor(async () => isDeepStrictEqual(await real('tuya', dp('112')), held), 'the work-day programme in data point 112');
      expect(await programme()).toEqual({ week: 0, workdays: held, holidays: BOX_113 });
      await sensorWhen<Sensor>(stack, id, (s) => isDeepStrictEqual(s.config.schedule, { W3: BOX_HOLIDAYS, W124: workdays }), 'the programme read back');
      await waitFor(
        () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.schedule !== undefined),
        'the schedule push',
      );
    }, 30_000);

    it('should make the week seven alike for W127, and five and two again for W124 with W3', async () => {
      const id = ids.tuya!;
      await stack.rest.put(`/sensors/${id}/config`, { schedule: { W127: everyDay } });
      await waitFor(async () => (await real('tuya', dp('111'))) === 2, 'the week format 7 in data point 111');
      await waitFor(async () => isDeepStrictEqual(await real('tuya', dp('112')), slots([7, 0, 20], [23, 0, 17])), 'the programme of every day');
      expect(await real('tuya', dp('113'))).toEqual(BOX_113);
      await sensorWhen<Sensor>(stack, id, (s) => isDeepStrictEqual(s.config.schedule, { W127: everyDay }), 'the week shown as one group');
      const put = await stack.rest.put(`/sensors/${id}/config`, { schedule: { W124: BOX_WORKDAYS, W3: BOX_HOLIDAYS } });
      expect(put.status).toBe(200);
      await waitFor(async () => isDeepStrictEqual(await programme(), { week: 0, workdays: BOX_112, holidays: BOX_113 }), 'the week as it came');
      await sensorWhen<Sensor>(stack, id, (s) => isDeepStrictEqual(s.config.schedule, { W3: BOX_HOLIDAYS, W124: BOX_WORKDAYS }), 'five and two again');
    }, 30_000);

    it.each([
      ['a day group the valve lacks (Monday alone)', { W64: everyDay }],
      ['day groups of two different weeks', { W124: everyDay, W1: everyDay }],
      ['six and one days named in part (the week is five and two)', { W126: everyDay }],
      ['seven transitions (it holds six)', { W124: ['T01:00', 'T02:00', 'T03:00', 'T04:00', 'T05:00', 'T06:00', 'T07:00'].map((time) => at(time, 2000)) }],
      ['half a degree', { W124: [at('T07:00', 2050)] }],
      ['transitions out of order', { W3: [at('T08:00', 2000), at('T07:00', 1800)] }],
      ['a setpoint above 3000', { W3: [at('T08:00', 3100)] }],
    ])(
      'should answer 7 to %s and change neither the valve nor the sensor',
      async (_what, schedule) => {
        const id = ids.tuya!;
        const before = { real: await programme(), config: await scheduleOf(id) };
        const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { schedule });
        expect(status).toBe(400);
        expect(body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/schedule` }) }]);
        expect(await programme()).toEqual(before.real);
        expect(await scheduleOf(id)).toEqual(before.config);
      },
      30_000,
    );
  });

  it('sensor.config.zhathermostat.hostflags: should follow the flags the valve reports and answer 8 to a write, changing nothing', async () => {
    const id = ids.spirit!;
    const held = await real('spirit', ['1', T, 'eurotronicHostFlags']);
    await sensorWhen<Sensor>(stack, id, (s) => s.config.hostflags === held, `hostflags ${held} as the valve holds it`);
    const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { hostflags: 1 });
    expect(status).toBe(400);
    expect(body).toEqual([{ error: expect.objectContaining({ type: 8, address: `/sensors/${id}/config/hostflags` }) }]);
    expect(await real('spirit', ['1', T, 'eurotronicHostFlags'])).toBe(held);
    expect((await get(id)).config.hostflags).toBe(held);
  }, 30_000);

  describe.each(['floor', 'ac', 'spirit', 'owon', 'tuya'] as const)('%s thermostat', (device) => {
    it('should answer 6 for each thermostat item it lacks and send nothing', async () => {
      const id = ids[device]!;
      const before = await realState(stack, ieeeOf[device]);
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, LACKING[device]);
      expect(status).toBe(400);
      expect(body).toEqual(
        Object.keys(LACKING[device]).map((item) => ({ error: expect.objectContaining({ type: 6, address: `/sensors/${id}/config/${item}` }) })),
      );
      expect(settled((await realState(stack, ieeeOf[device])).endpoints)).toEqual(settled(before.endpoints));
    }, 30_000);
  });

  it('should report the floor temperature to REST and the WebSocket, and switch its relay on the floor probe when told to', async () => {
    const id = ids.floor!;
    const from = ws.events.length;
    await act(stack, FLOOR, 'set', { floorTemperature: 19.5, temperature: 23 });
    await sensorWhen<Sensor>(stack, id, (s) => s.state.floortemperature === 1950, 'the cold floor reported');
    await waitFor(
      () => changesOf(ws.events, id, from).some((e) => (e.state as Record<string, unknown> | undefined)?.floortemperature === 1950),
      'the floor temperature push',
    );
    // The room is warm enough for 22 °C, the floor is not: only regulating on the floor probe heats.
    await stack.rest.put(`/sensors/${id}/config`, { mode: 'heat', heatsetpoint: 2200, temperaturemeasurement: 'air sensor' });
    await waitFor(async () => (await real('floor', ['1', T, 'elkoRelayState'])) === 0, 'relay off on the air probe');
    await stack.rest.put(`/sensors/${id}/config`, { temperaturemeasurement: 'floor sensor' });
    await waitFor(async () => (await real('floor', ['1', T, 'elkoRelayState'])) === 1, 'relay on on the floor probe');
    // On the floor probe the converters show the floor's reading as the thermostat's temperature.
    await sensorWhen<Sensor>(stack, id, (s) => s.state.temperature === 1950, 'the floor reading as temperature');
  }, 45_000);
});
