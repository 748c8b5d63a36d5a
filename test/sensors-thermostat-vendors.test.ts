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
 */
const FLOOR = '000d6f00aa5ac101';
const AC = '0022a3000b5ac102';
const SPIRIT = '00158d00ee5ac103';
const OWON = '00124b00fa5ac104';

type Device = 'floor' | 'ac' | 'spirit' | 'owon';
interface Sensor { type: string; modelid: string; ep: number; state: Record<string, unknown>; config: Record<string, unknown> }
/** Where a device keeps an item: endpoint, cluster, attribute of the radio's real state. */
type Real = [endpoint: string, cluster: string, attribute: string];
/** `row`: the spec-coverage row (docs/spec-coverage.md) the write proves; `also`: other attributes the write sets. */
interface Write { device: Device; item: string; value: unknown; real: Real; expect: number; row: string; also?: Array<[Real, number]> }

const T = 'hvacThermostat';
/** What a thermostat changes by itself while it runs (the room drifts toward the setpoint). */
const RUNNING = new Set(['localTemp', 'runningState', 'pIHeatingDemand', 'elkoRelayState']);
const settled = (endpoints: Record<string, Record<string, Record<string, unknown>>>) =>
  Object.fromEntries(Object.entries(endpoints).map(([ep, clusters]) => [ep, Object.fromEntries(Object.entries(clusters).map(([name, attrs]) =>
    [name, Object.fromEntries(Object.entries(attrs).filter(([attr]) => !RUNNING.has(attr)))]))]));
const WRITES: Write[] = [
  { device: 'floor', item: 'temperaturemeasurement', value: 'floor sensor', real: ['1', T, 'elkoSensor'], expect: 1, row: 'sensor.config.zhathermostat.temperaturemeasurement' },
  { device: 'floor', item: 'temperaturemeasurement', value: 'floor protection', real: ['1', T, 'elkoSensor'], expect: 3, row: 'sensor.config.zhathermostat.temperaturemeasurement' },
  { device: 'floor', item: 'temperaturemeasurement', value: 'air sensor', real: ['1', T, 'elkoSensor'], expect: 0, row: 'sensor.config.zhathermostat.temperaturemeasurement' },
  { device: 'floor', item: 'locked', value: true, real: ['1', T, 'elkoChildLock'], expect: 1, row: 'sensor.config.zhathermostat.locked' },
  { device: 'floor', item: 'heatsetpoint', value: 2600, real: ['1', T, 'occupiedHeatingSetpoint'], expect: 2600, row: 'sensor.config.zhathermostat.heatsetpoint' },
  { device: 'floor', item: 'mode', value: 'off', real: ['1', T, 'elkoPowerStatus'], expect: 0, row: 'sensor.config.zhathermostat.mode' },
  { device: 'floor', item: 'mode', value: 'heat', real: ['1', T, 'elkoPowerStatus'], expect: 1, row: 'sensor.config.zhathermostat.mode' },
  { device: 'ac', item: 'preset', value: 'boost', real: ['1', T, 'atlanticBoost'], expect: 1, row: 'sensor.config.zhathermostat.preset',
    also: [[['1', T, 'atlanticActivity'], 0], [['1', T, 'programingOperMode'], 0]] },
  { device: 'ac', item: 'preset', value: 'eco', real: ['1', T, 'programingOperMode'], expect: 4, row: 'sensor.config.zhathermostat.preset',
    also: [[['1', T, 'atlanticBoost'], 0]] },
  { device: 'ac', item: 'swingmode', value: 'half open', real: ['1', T, 'atlanticLouverPosition'], expect: 2, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'ac', item: 'swingmode', value: 'quarter open', real: ['1', T, 'atlanticLouverPosition'], expect: 1, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'ac', item: 'fanmode', value: 'high', real: ['1', 'hvacFanCtrl', 'fanMode'], expect: 3, row: 'sensor.config.zhathermostat.fanmode' },
  { device: 'ac', item: 'mode', value: 'dry', real: ['1', T, 'systemMode'], expect: 8, row: 'sensor.config.zhathermostat.mode' },
  { device: 'ac', item: 'coolsetpoint', value: 2200, real: ['1', T, 'occupiedCoolingSetpoint'], expect: 2200, row: 'sensor.config.zhathermostat.coolsetpoint' },
  // The valve's mode, lock and mirror all travel in its host flags (bit 0 always, 2 heat, 4 held
  // while off, 1 mirror, 7 lock); the ZCL system mode follows.
  { device: 'spirit', item: 'mode', value: 'off', real: ['1', T, 'eurotronicHostFlags'], expect: 0x11, row: 'sensor.config.zhathermostat.mode',
    also: [[['1', T, 'systemMode'], 0]] },
  { device: 'spirit', item: 'mode', value: 'heat', real: ['1', T, 'eurotronicHostFlags'], expect: 0x05, row: 'sensor.config.zhathermostat.mode',
    also: [[['1', T, 'systemMode'], 4]] },
  { device: 'spirit', item: 'locked', value: true, real: ['1', T, 'eurotronicHostFlags'], expect: 0x85, row: 'sensor.config.zhathermostat.locked' },
  { device: 'spirit', item: 'displayflipped', value: true, real: ['1', T, 'eurotronicHostFlags'], expect: 0x87, row: 'sensor.config.zhathermostat.displayflipped' },
  { device: 'owon', item: 'swingmode', value: 'three quarters open', real: ['1', T, 'acLouverPosition'], expect: 5, row: 'sensor.config.zhathermostat.swingmode' },
  // The converters write "fully closed" as 0, the first of the two values ZCL reads as closed.
  { device: 'owon', item: 'swingmode', value: 'fully closed', real: ['1', T, 'acLouverPosition'], expect: 0, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'owon', item: 'swingmode', value: 'fully open', real: ['1', T, 'acLouverPosition'], expect: 2, row: 'sensor.config.zhathermostat.swingmode' },
  { device: 'owon', item: 'fanmode', value: 'low', real: ['1', 'hvacFanCtrl', 'fanMode'], expect: 1, row: 'sensor.config.zhathermostat.fanmode' },
  { device: 'owon', item: 'mode', value: 'fan only', real: ['1', T, 'systemMode'], expect: 7, row: 'sensor.config.zhathermostat.mode' },
  { device: 'spirit', item: 'heatsetpoint', value: 2150, real: ['1', T, 'occupiedHeatingSetpoint'], expect: 2150, row: 'sensor.config.zhathermostat.heatsetpoint' },
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
];

/** Thermostat items each device does not have: 6, nothing sent. */
const LACKING: Record<Device, Record<string, unknown>> = {
  floor: { preset: 'eco', swingmode: 'fully open', fanmode: 'auto', coolsetpoint: 2500, setvalve: true },
  ac: { temperaturemeasurement: 'floor sensor', setvalve: false, locked: true },
  owon: { preset: 'eco', temperaturemeasurement: 'air sensor', locked: true, setvalve: true, schedule: { W1: [{ localtime: 'T06:00', heatsetpoint: 2000 }] } },
  spirit: { preset: 'eco', swingmode: 'fully open', temperaturemeasurement: 'air sensor', fanmode: 'auto', setvalve: true, schedule: { W1: [{ localtime: 'T06:00', heatsetpoint: 2000 }] } },
};

describe('sensors: floor-heating and AC thermostats on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  const ids: Record<string, string> = {};
  const ieeeOf: Record<Device, string> = { floor: FLOOR, ac: AC, spirit: SPIRIT, owon: OWON };
  const real = async (device: Device, [ep, cluster, attribute]: Real) => (await realState(stack, ieeeOf[device])).endpoints[ep][cluster][attribute];
  const get = async (id: string) => (await stack.rest.get(`/sensors/${id}`)).body as Sensor;

  beforeAll(async () => {
    stack = await startSensorStack([{ model: 'Super-TR', ieee: FLOOR }, { model: 'Adapter-Zigbee-FUJITSU', ieee: AC }, { model: 'SPZB0001', ieee: SPIRIT }, { model: 'AC201', ieee: OWON }]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    ids.floor = await sensorId(stack, uniqueidOf(FLOOR, 1, '0201'));
    ids.ac = await sensorId(stack, uniqueidOf(AC, 1, '0201'));
    ids.spirit = await sensorId(stack, uniqueidOf(SPIRIT, 1, '0201'));
    ids.owon = await sensorId(stack, uniqueidOf(OWON, 1, '0201'));
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

  it('should show the valve\'s host flags as the raw bitmap it holds, read at pairing', async () => {
    const sensor = await sensorWhen<Sensor>(stack, ids.spirit!, (s) => s.config.hostflags !== undefined, 'the host flags read after pairing', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'SPZB0001', ep: 1 });
    expect(sensor.config.hostflags).toBe(await real('spirit', ['1', T, 'eurotronicHostFlags']));
    expect(Object.keys(sensor.config).sort()).toEqual([
      'battery', 'displayflipped', 'heatsetpoint', 'hostflags', 'locked', 'mode', 'offset', 'on', 'reachable',
    ]);
  }, 45_000);

  it('should present OWON\'s AC controller with its louvre and the fan speeds of its fan control cluster, known from pairing', async () => {
    const known = (s: Sensor) => s.config.swingmode !== undefined && s.config.fanmode !== undefined;
    const sensor = await sensorWhen<Sensor>(stack, ids.owon!, known, 'the louvre and fan read after pairing', 30_000);
    expect(sensor).toMatchObject({ type: 'ZHAThermostat', modelid: 'AC201', ep: 1 });
    expect(sensor.config).toMatchObject({ swingmode: 'fully closed', fanmode: 'auto', mode: 'cool', coolsetpoint: 2400, heatsetpoint: 2100 });
    expect(sensor.state).toMatchObject({ fanmode: 'auto', temperature: expect.any(Number) });
  }, 45_000);

  describe.each(WRITES)('$row ($device $value)', ({ device, item, value, real: where, expect: stored, also }) => {
    it(`should write ${JSON.stringify(value)} to the device and show it in REST and on the WebSocket`, async () => {
      const id = ids[device]!;
      const from = ws.events.length;
      const before = (await get(id)).config[item];
      const put = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
      expect(put).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/${item}`]: value } }] });
      expect(await real(device, where)).toBe(stored);
      for (const [other, expected] of also ?? []) expect(await real(device, other)).toBe(expected);
      await sensorWhen<Sensor>(stack, id, (s) => s.config[item] === value, `${item} ${JSON.stringify(value)} in config`);
      if (before !== value) await waitFor(() => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.[item] === value), `the ${item} push`);
    }, 30_000);
  });

  describe.each(BAD)('$device $item = $value', ({ device, item, value, real: where }) => {
    it('should answer 7 and change neither the device nor the sensor', async () => {
      const id = ids[device]!;
      const before = { real: await real(device, where), config: (await get(id)).config };
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { [item]: value });
      expect(status).toBe(400);
      expect(body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/${item}` }) }]);
      expect(await real(device, where)).toBe(before.real);
      expect((await get(id)).config[item]).toEqual(before.config[item]);
    }, 30_000);
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

  describe.each(['floor', 'ac', 'spirit', 'owon'] as const)('%s thermostat', (device) => {
    it('should answer 6 for each thermostat item it lacks and send nothing', async () => {
      const id = ids[device]!;
      const before = await realState(stack, ieeeOf[device]);
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, LACKING[device]);
      expect(status).toBe(400);
      expect(body).toEqual(Object.keys(LACKING[device]).map((item) => ({ error: expect.objectContaining({ type: 6, address: `/sensors/${id}/config/${item}` }) })));
      expect(settled((await realState(stack, ieeeOf[device])).endpoints)).toEqual(settled(before.endpoints));
    }, 30_000);
  });

  it('should report the floor temperature to REST and the WebSocket, and switch its relay on the floor probe when told to', async () => {
    const id = ids.floor!;
    const from = ws.events.length;
    await act(stack, FLOOR, 'set', { floorTemperature: 19.5, temperature: 23 });
    await sensorWhen<Sensor>(stack, id, (s) => s.state.floortemperature === 1950, 'the cold floor reported');
    await waitFor(() => changesOf(ws.events, id, from).some((e) => (e.state as Record<string, unknown> | undefined)?.floortemperature === 1950), 'the floor temperature push');
    // The room is warm enough for 22 °C, the floor is not: only regulating on the floor probe heats.
    await stack.rest.put(`/sensors/${id}/config`, { mode: 'heat', heatsetpoint: 2200, temperaturemeasurement: 'air sensor' });
    await waitFor(async () => (await real('floor', ['1', T, 'elkoRelayState'])) === 0, 'relay off on the air probe');
    await stack.rest.put(`/sensors/${id}/config`, { temperaturemeasurement: 'floor sensor' });
    await waitFor(async () => (await real('floor', ['1', T, 'elkoRelayState'])) === 1, 'relay on on the floor probe');
    // On the floor probe the converters show the floor's reading as the thermostat's temperature.
    await sensorWhen<Sensor>(stack, id, (s) => s.state.temperature === 1950, 'the floor reading as temperature');
  }, 45_000);
});
