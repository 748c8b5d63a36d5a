import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * Catalogue models on the real stack, one stack for the file. Alarm sensors (one IAS zone each):
 * every field the spec lists for the type, the alarm item and the zone status flags reported
 * through to REST and the WebSocket, a config item the sensor does not have refused with 6.
 * Measuring sensors: every field, and a change of what the device measures arriving in deCONZ
 * units. One row per model (or per sensor of a model).
 */
interface Case {
  model: string;
  ieee: string;
  type: string;
  /** The state item the alarm sets, and the radio action that raises it. */
  item: string;
  action: string;
  /** Every state item besides `lastupdated`. */
  state: string[];
  manufacturer: string;
  /** The battery percentage its seeded battery reading stands for. */
  battery: number;
}

const CASES: Case[] = [
  {
    model: 'SmokeSensor-N',
    ieee: '00124b0022a5000e',
    type: 'ZHAFire',
    item: 'fire',
    action: 'smoke',
    state: ['fire', 'lowbattery', 'tampered'],
    manufacturer: 'HEIMAN',
    battery: 90,
  },
  {
    model: 'WaterSensor-N',
    ieee: '00124b0022a5000f',
    type: 'ZHAWater',
    item: 'water',
    action: 'water',
    state: ['water', 'lowbattery', 'tampered'],
    manufacturer: 'HEIMAN',
    battery: 90,
  },
  {
    model: 'COSensor-N',
    ieee: '00124b0022a50010',
    type: 'ZHACarbonMonoxide',
    item: 'carbonmonoxide',
    action: 'co',
    state: ['carbonmonoxide', 'lowbattery', 'tampered'],
    manufacturer: 'HEIMAN',
    battery: 90,
  },
  // An audio detector: it hears a smoke alarm's siren and raises its (fire) zone's alarm.
  {
    model: 'FFZB1-SM-ECO',
    ieee: '00124b0022a50012',
    type: 'ZHAAlarm',
    item: 'alarm',
    action: 'smoke',
    state: ['alarm', 'lowbattery', 'tampered'],
    manufacturer: 'Ecolink',
    battery: 88,
  },
];

/** A sensor of a measuring device: what the radio's `set` action changes and what REST then shows. */
interface MeasureCase {
  model: string;
  ieee: string;
  cluster: string;
  type: string;
  state: string[];
  set: Record<string, number>;
  shows: Record<string, number>;
  modelid: string;
  manufacturer: string;
}

const PLUG = '00158d0002a60011';
const WEATHER = '00158d0002a60013';
const PLUG_ID = { modelid: 'SP 120', manufacturer: 'innr' };
const METER = '0015bc001b000201';
const XIAOMI_SMOKE = '00158d0002a60014';
/** The detector's Lumi status when it pairs: sensitivity high (second byte 3; the catalogue holds medium). */
const SMOKE_HIGH = '0x0103000011010003';
const SHADE = '54ef441000a60015';
const HEAT = '00124b0022a6001d';
const THERMOMETER = '00124b0022a6001e';
const MEASURING: MeasureCase[] = [
  // 200 kWh, 1500 W: consumption in Wh.
  {
    model: 'SP-120',
    ieee: PLUG,
    cluster: '0702',
    type: 'ZHAConsumption',
    state: ['consumption', 'power'],
    set: { energy: 200, power: 1500 },
    shows: { consumption: 200000, power: 1500 },
    ...PLUG_ID,
  },
  // 231 V, 6.5 A (current in mA).
  {
    model: 'SP-120',
    ieee: PLUG,
    cluster: '0b04',
    type: 'ZHAPower',
    state: ['power', 'voltage', 'current'],
    set: { voltage: 231, current: 6.5, power: 1490 },
    shows: { voltage: 231, current: 6500, power: 1490 },
    ...PLUG_ID,
  },
  // An Aqara weather sensor reports by itself, unconfigured: pressure in hPa.
  {
    model: 'lumi.weather',
    ieee: WEATHER,
    cluster: '0403',
    type: 'ZHAPressure',
    state: ['pressure'],
    set: { pressure: 1021 },
    shows: { pressure: 1021 },
    modelid: 'lumi.weather',
    manufacturer: 'LUMI',
  },
];

interface Sensor {
  type: string;
  modelid: string;
  manufacturername: string;
  ep: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}

describe('sensors: alarm sensors of the catalogue on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startSensorStack([
      ...CASES.map(({ model, ieee }) => ({ model, ieee })),
      { model: 'SP-120', ieee: PLUG },
      { model: 'lumi.weather', ieee: WEATHER },
      { model: 'ZHEMI101', ieee: METER },
      { model: 'lumi.sensor_smoke', ieee: XIAOMI_SMOKE, settings: { 1: { ssIasZone: { lumiStatus: SMOKE_HIGH } } } },
      { model: 'lumi.curtain.acn002', ieee: SHADE },
      { model: 'HM-5HA-E', ieee: HEAT },
      { model: 'TH01', ieee: THERMOMETER },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    for (const { model, ieee } of CASES) ids[model] = await sensorId(stack, uniqueidOf(ieee, 1, '0500'));
    for (const { ieee, cluster } of MEASURING) ids[`${ieee}-${cluster}`] = await sensorId(stack, uniqueidOf(ieee, 1, cluster));
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  describe.each(CASES)('$model', ({ model, ieee, type, item, action, state, manufacturer, battery }) => {
    it(`should present it as ${type} with every state and config field, enrolled with the gateway`, async () => {
      // The battery and the zone's enrolment come from the reads after configure: wait for them.
      const sensor = await sensorWhen<Sensor>(
        stack,
        ids[model]!,
        (s) => s.config.battery !== undefined && s.config.enrolled !== undefined,
        'battery and enrolment known',
      );
      expect(sensor).toMatchObject({ type, modelid: model, manufacturername: manufacturer, ep: 1 });
      expect(Object.keys(sensor.config).sort()).toEqual(['battery', 'enrolled', 'on', 'reachable']);
      expect(sensor.config).toMatchObject({ battery, enrolled: 1, on: true, reachable: true });
      expect((await realState(stack, ieee)).endpoints['1'].ssIasZone.zoneState).toBe(1);
      expect(Object.keys(sensor.state).sort()).toEqual([...state, 'lastupdated'].sort());
    });

    it('should refuse a write of enrolled with 8 and keep the zone enrolled', async () => {
      const id = ids[model]!;
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { enrolled: 0 });
      expect(status).toBe(400);
      expect(body).toEqual([{ error: expect.objectContaining({ type: 8, address: `/sensors/${id}/config/enrolled` }) }]);
      expect(((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config.enrolled).toBe(1);
      expect((await realState(stack, ieee)).endpoints['1'].ssIasZone.zoneState).toBe(1);
    });

    it(`should report ${item} to REST and the WebSocket, raised and cleared`, async () => {
      const id = ids[model]!;
      for (const active of [true, false]) {
        const from = ws.events.length;
        await act(stack, ieee, action, { active });
        await sensorWhen<Sensor>(stack, id, (s) => s.state[item] === active, `${item} ${active}`);
        await waitFor(
          () => changesOf(ws.events, id, from).some((e) => (e.state as Record<string, unknown> | undefined)?.[item] === active),
          `the ${item} ${active} push`,
        );
      }
    });

    it('should report the low-battery and tamper bits of the zone status', async () => {
      const id = ids[model]!;
      await act(stack, ieee, 'zone-flags', { lowBattery: true, tamper: true });
      await sensorWhen<Sensor>(stack, id, (s) => s.state.lowbattery === true && s.state.tampered === true, 'lowbattery and tampered true');
      await act(stack, ieee, 'zone-flags', { lowBattery: false, tamper: false });
      await sensorWhen<Sensor>(stack, id, (s) => s.state.lowbattery === false && s.state.tampered === false, 'flags cleared');
    });

    it('should refuse a config item the sensor does not have with 6 and change nothing', async () => {
      const id = ids[model]!;
      const before = (await stack.rest.get(`/sensors/${id}`)).body as Sensor;
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { sensitivity: 1 });
      expect(status).toBe(400);
      expect(body).toEqual([{ error: expect.objectContaining({ type: 6, address: `/sensors/${id}/config/sensitivity` }) }]);
      expect(((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config).toEqual(before.config);
    });
  });

  describe.each(MEASURING)('$model $type', ({ ieee, cluster, type, state, set, shows, modelid, manufacturer }) => {
    it('should present it with every state field and report a change in deCONZ units to REST and the WebSocket', async () => {
      const id = ids[`${ieee}-${cluster}`]!;
      const from = ws.events.length;
      await act(stack, ieee, 'set', set);
      const sensor = await sensorWhen<Sensor>(
        stack,
        id,
        (s) => Object.entries(shows).every(([item, value]) => s.state[item] === value),
        JSON.stringify(shows),
        30_000,
      );
      expect(sensor).toMatchObject({ type, modelid, manufacturername: manufacturer, ep: 1 });
      expect(Object.keys(sensor.state).sort()).toEqual([...state, 'lastupdated'].sort());
      expect(Object.keys(sensor.config).sort()).toEqual(['on', 'reachable']);
      await waitFor(
        () =>
          changesOf(ws.events, id, from).some((e) => Object.keys(shows).some((item) => (e.state as Record<string, unknown> | undefined)?.[item] !== undefined)),
        'a measurement push',
      );
    }, 45_000);
  });

  it('should present the metering plug as an On/Off plug-in unit that switches the device', async () => {
    const lights = (await stack.rest.get('/lights')).body as Record<string, { type: string; uniqueid: string }>;
    const [id, light] = Object.entries(lights).find(([, l]) => l.uniqueid === uniqueidOf(PLUG, 1, '').slice(0, -1))!;
    expect(light.type).toBe('On/Off plug-in unit');
    expect((await stack.rest.put(`/lights/${id}/state`, { on: false })).status).toBe(200);
    expect((await realState(stack, PLUG)).endpoints['1'].genOnOff.onOff).toBe(0);
  }, 30_000);

  it("should write a meter interface's pulses per unit and interface mode to the device, and refuse what it cannot take", async () => {
    const id = await sensorId(stack, uniqueidOf(METER, 2, '0702'));
    const settings = async () => (await realState(stack, METER)).endpoints['2'].seMetering as Record<string, number>;
    // Read from the device after pairing: 1000 pulses per unit, electricity (deCONZ mode 1).
    await sensorWhen<Sensor>(stack, id, (s) => s.config.pulseconfiguration === 1000 && s.config.interfacemode === 1, 'the meter settings read');
    const res = await stack.rest.put(`/sensors/${id}/config`, { pulseconfiguration: 500, interfacemode: 2 });
    expect(res).toEqual({
      status: 200,
      body: [{ success: { [`/sensors/${id}/config/pulseconfiguration`]: 500 } }, { success: { [`/sensors/${id}/config/interfacemode`]: 2 } }],
    });
    expect(await settings()).toMatchObject({ develcoPulseConfiguration: 500, develcoInterfaceMode: 1 });
    await sensorWhen<Sensor>(stack, id, (s) => s.config.pulseconfiguration === 500 && s.config.interfacemode === 2, 'the new settings in config');
    for (const body of [{ pulseconfiguration: 70000 }, { interfacemode: 9 }, { interfacemode: 'gas' }]) {
      const bad = await stack.rest.put(`/sensors/${id}/config`, body);
      expect(bad.body, JSON.stringify(body)).toEqual([
        { error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/${Object.keys(body)[0]}` }) },
      ]);
    }
    expect(await settings()).toMatchObject({ develcoPulseConfiguration: 500, develcoInterfaceMode: 1 });
    const power = await sensorId(stack, uniqueidOf(METER, 2, '0b04'));
    const other = await stack.rest.put(`/sensors/${power}/config`, { pulseconfiguration: 10 });
    expect(other.body).toEqual([{ error: expect.objectContaining({ type: 6, address: `/sensors/${power}/config/pulseconfiguration` }) }]);
    const plug = await stack.rest.put(`/sensors/${ids[`${PLUG}-0702`]!}/config`, { interfacemode: 1 });
    expect(plug.body).toEqual([{ error: expect.objectContaining({ type: 6 }) }]);
  }, 45_000);

  it("should show what the devices hold from pairing, before any report: a thermometer's 21.50 °C, a meter's power", async () => {
    // Nothing changes at the radio: the values come from the read of each reported attribute.
    const temperature = await sensorId(stack, uniqueidOf(THERMOMETER, 1, '0402'));
    await sensorWhen<Sensor>(stack, temperature, (s) => s.state.temperature === 2150, 'the temperature the thermometer holds');
    const humidity = await sensorId(stack, uniqueidOf(THERMOMETER, 1, '0405'));
    await sensorWhen<Sensor>(stack, humidity, (s) => s.state.humidity === 4500, 'the humidity the thermometer holds');
    const power = await sensorId(stack, uniqueidOf(METER, 2, '0b04'));
    await sensorWhen<Sensor>(stack, power, (s) => s.state.power === 0, "the meter interface's power");
  });

  it("should start a smoke detector's self-test on usertest, show it while it runs, and refuse what cannot be done", async () => {
    const id = await sensorId(stack, uniqueidOf(XIAOMI_SMOKE, 1, '0500'));
    const zone = async () => (await realState(stack, XIAOMI_SMOKE)).endpoints['1'].ssIasZone as Record<string, number>;
    const before = await sensorWhen<Sensor>(stack, id, (s) => s.config.usertest === false, 'usertest false');
    expect(before).toMatchObject({ type: 'ZHAFire', modelid: 'lumi.sensor_smoke' });
    const from = ws.events.length;
    const res = await stack.rest.put(`/sensors/${id}/config`, { usertest: true });
    expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/usertest`]: true } }] });
    expect((await zone()).zoneStatus & 0x0002).toBe(0x0002);
    await waitFor(() => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.usertest === true), 'the usertest push');
    // The detector ends its test by itself after a few seconds.
    await sensorWhen<Sensor>(stack, id, (s) => s.config.usertest === false, 'the self-test over', 20_000);
    for (const value of [false, 'yes']) {
      const bad = await stack.rest.put(`/sensors/${id}/config`, { usertest: value });
      expect(bad.body, JSON.stringify(value)).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/usertest` }) }]);
    }
    expect((await zone()).zoneStatus & 0x0002).toBe(0);
    const heiman = await stack.rest.put(`/sensors/${ids['SmokeSensor-N']!}/config`, { usertest: true });
    expect(heiman.body).toEqual([{ error: expect.objectContaining({ type: 6 }) }]);
  }, 45_000);

  it("should start a Heiman heat alarm's self-test on usertest through its IAS zone test mode, and show it while it runs", async () => {
    // It paired: its definition's configure reads Heiman's manufacturer cluster, which the radio keeps.
    const id = await sensorId(stack, uniqueidOf(HEAT, 1, '0500'));
    const before = await sensorWhen<Sensor>(stack, id, (s) => s.config.usertest === false, 'usertest false');
    expect(before).toMatchObject({ type: 'ZHAAlarm', modelid: 'HM-5HA-E', manufacturername: 'HEIMAN' });
    const temperature = await sensorId(stack, uniqueidOf(HEAT, 1, '0402'));
    expect(((await stack.rest.get(`/sensors/${temperature}`)).body as Sensor).state.temperature).toBe(2150);
    const from = ws.events.length;
    const res = await stack.rest.put(`/sensors/${id}/config`, { usertest: true });
    expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/usertest`]: true } }] });
    // The zone's test bit, which the alarm reports at the start and the end of its test mode.
    const pushes = () => changesOf(ws.events, id, from).map((e) => (e.config as Record<string, unknown> | undefined)?.usertest);
    await waitFor(() => pushes().includes(true), 'the usertest true push');
    await waitFor(() => pushes().lastIndexOf(false) > pushes().indexOf(true), 'the usertest false push after the test');
    expect((await realState(stack, HEAT)).endpoints['1'].ssIasZone.zoneStatus & 0x0100).toBe(0);
    const bad = await stack.rest.put(`/sensors/${id}/config`, { usertest: false });
    expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/usertest` }) }]);
  });

  it("should show the sensitivity a smoke detector holds from pairing, as deCONZ reads it from Lumi's status", async () => {
    const id = await sensorId(stack, uniqueidOf(XIAOMI_SMOKE, 1, '0500'));
    // Never written here: the high level it held when it joined, read from its status attribute.
    const sensor = await sensorWhen<Sensor>(stack, id, (s) => s.config.sensitivity !== undefined, 'the sensitivity read at pairing');
    expect(sensor.config.sensitivity).toBe(2);
    expect((await realState(stack, XIAOMI_SMOKE)).endpoints['1'].ssIasZone.lumiStatus).toBe(SMOKE_HIGH);
  });

  it("should write a smoke detector's sensitivity 0 (low) to 2 (high) as Xiaomi's IAS zone command, and refuse 3 with 7", async () => {
    const id = await sensorId(stack, uniqueidOf(XIAOMI_SMOKE, 1, '0500'));
    const zone = async () => (await realState(stack, XIAOMI_SMOKE)).endpoints['1'].ssIasZone as { lumiSelfTest: number; lumiStatus: string };
    // The detector takes its level in the high byte pair (0x0401 low, 0x0402 medium, 0x0403 high)
    // and holds it in its status, which a refresh reads again.
    for (const [level, written, status] of [
      [0, 0x04010000, '0x0101000011010003'],
      [1, 0x04020000, '0x0102000011010003'],
    ] as const) {
      const res = await stack.rest.put(`/sensors/${id}/config`, { sensitivity: level });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/sensitivity`]: level } }] });
      expect(await zone()).toMatchObject({ lumiSelfTest: written, lumiStatus: status });
      await sensorWhen<Sensor>(stack, id, (s) => s.config.sensitivity === level, `sensitivity ${level}`);
      expect(await stack.api.services.bridge.request('device/refresh', { ieee: `0x${XIAOMI_SMOKE}` })).toMatchObject({ status: 'ok' });
      expect(((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config.sensitivity).toBe(level);
    }
    const bad = await stack.rest.put(`/sensors/${id}/config`, { sensitivity: 3 });
    expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${id}/config/sensitivity` }) }]);
    expect(await zone()).toMatchObject({ lumiSelfTest: 0x04020000, lumiStatus: '0x0102000011010003' });
  }, 30_000);

  it("should show a Xiaomi detector's own temperature from its status report, read-only", async () => {
    const id = await sensorId(stack, uniqueidOf(XIAOMI_SMOKE, 1, '0500'));
    await act(stack, XIAOMI_SMOKE, 'heartbeat', { temperature: 23 });
    await sensorWhen<Sensor>(stack, id, (s) => s.config.temperature === 2300, 'config.temperature 2300');
    const put = await stack.rest.put(`/sensors/${id}/config`, { temperature: 0 });
    expect(put.body).toEqual([{ error: expect.objectContaining({ type: 8 }) }]);
  });

  it('should show a roller shade as a window covering with a ZHABattery sensor whose charging state follows the charger, in REST and on the WebSocket', async () => {
    const id = await sensorId(stack, uniqueidOf(SHADE, 1, '0001'));
    // Battery and charging state come from the reads after configure.
    const sensor = await sensorWhen<Sensor>(stack, id, (s) => s.state.charging === false && s.state.battery === 80, 'battery and charging read');
    expect(sensor).toMatchObject({
      type: 'ZHABattery',
      modelid: 'lumi.curtain.acn002',
      manufacturername: 'LUMI',
      ep: 1,
      config: { battery: 80, on: true, reachable: true },
    });
    expect(Object.keys(sensor.state).sort()).toEqual(['battery', 'charging', 'lastupdated']);
    const lights = (await stack.rest.get('/lights')).body as Record<string, { type: string; uniqueid: string }>;
    expect(Object.values(lights).find((l) => l.uniqueid === uniqueidOf(SHADE, 1, '').slice(0, -1))?.type).toBe('Window covering device');
    for (const active of [true, false]) {
      const from = ws.events.length;
      await act(stack, SHADE, 'charging', { active });
      expect((await realState(stack, SHADE)).endpoints['1'].manuSpecificLumi.chargingStatus).toBe(active ? 1 : 0);
      await sensorWhen<Sensor>(stack, id, (s) => s.state.charging === active, `charging ${active}`);
      await waitFor(
        () => changesOf(ws.events, id, from).some((e) => (e.state as Record<string, unknown> | undefined)?.charging === active),
        `the charging ${active} push`,
      );
    }
  }, 45_000);
});
