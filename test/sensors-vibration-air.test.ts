import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError } from '../api/test/helpers/conformance';
import { connectEvents, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * Two Aqara sensors on one real stack. The vibration sensor (DJT11LM): what it feels (a vibration
 * with its strength, a tilt with its angle, the axes it rests at) reaches REST and the WebSocket as
 * ZHAVibration, and its sensitivity is written to the device (read back through the radio). The
 * TVOC monitor (VOCKQJK11LM): its VOC reading and its own verdict arrive as ZHAAirQuality.
 */
const VIBRATION = '00158d000a1b2c3e';
const AIR = '54ef44100a1b2c3f';

interface Sensor {
  type: string;
  modelid: string;
  ep: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}
type StateTest = (s: Sensor) => boolean;

describe('sensors: a vibration sensor and an air-quality monitor on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  let id: string;
  const sensitivity = async () => (await realState(stack, VIBRATION)).endpoints['1'].genBasic.lumiSensitivity as number;

  beforeAll(async () => {
    stack = await startSensorStack([
      { model: 'lumi.vibration.aq1', ieee: VIBRATION },
      { model: 'lumi.airmonitor.acn01', ieee: AIR },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    id = await sensorId(stack, uniqueidOf(VIBRATION, 1, '0101'));
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should present it as one ZHAVibration with its sensitivity range and no switch', async () => {
    const sensors = Object.values((await stack.rest.get('/sensors')).body as Record<string, Sensor & { uniqueid: string }>);
    expect(sensors.filter((s) => s.uniqueid.startsWith(uniqueidOf(VIBRATION, 1, '').slice(0, 23))).map((s) => s.type)).toEqual(['ZHAVibration']);
    const sensor = await sensorWhen<Sensor>(stack, id, (s) => s.config.sensitivitymax !== undefined, "the sensor's first state from the bridge");
    expect(sensor).toMatchObject({ type: 'ZHAVibration', modelid: 'lumi.vibration.aq1', ep: 1, config: { on: true, reachable: true, sensitivitymax: 2 } });
  });

  const EVENTS: Array<{ what: string; body: Record<string, unknown>; shows: StateTest; pushed: string }> = [
    {
      what: 'a vibration with its strength and the axes it rests at',
      body: { kind: 'vibration', strength: 37, axes: [50, -30, 1000] },
      shows: (s) => s.state.vibration === true && s.state.vibrationstrength === 37 && JSON.stringify(s.state.orientation) === JSON.stringify([3, -2, 87]),
      pushed: 'vibrationstrength',
    },
    { what: 'a tilt with its angle', body: { kind: 'tilt', angle: 45 }, shows: (s) => s.state.tiltangle === 45, pushed: 'tiltangle' },
  ];
  it.each(EVENTS)(
    'should report $what to REST and the WebSocket',
    async ({ body, shows, pushed }) => {
      const from = ws.events.length;
      await act(stack, VIBRATION, 'vibrate', body);
      const sensor = await sensorWhen<Sensor>(stack, id, shows, JSON.stringify(body));
      expect(Object.keys(sensor.state)).toEqual(expect.arrayContaining(['vibration', 'lastupdated']));
      await waitFor(
        () => changesOf(ws.events, id, from).some((e) => (e.state as Record<string, unknown> | undefined)?.[pushed] !== undefined),
        `the ${pushed} push`,
      );
    },
    30_000,
  );

  it('should show every state item once the sensor has felt something', async () => {
    const sensor = (await stack.rest.get(`/sensors/${id}`)).body as Sensor;
    expect(Object.keys(sensor.state).sort()).toEqual(['lastupdated', 'orientation', 'tiltangle', 'vibration', 'vibrationstrength']);
  });

  it.each([
    [2, 1],
    [0, 21],
    [1, 11],
  ])(
    'should write sensitivity %i to the device (its value %i) and show it',
    async (level, device) => {
      const from = ws.events.length;
      const put = await stack.rest.put(`/sensors/${id}/config`, { sensitivity: level });
      expect(put).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/config/sensitivity`]: level } }] });
      expect(await sensitivity()).toBe(device);
      await sensorWhen<Sensor>(stack, id, (s) => s.config.sensitivity === level, `sensitivity ${level}`);
      await waitFor(
        () => changesOf(ws.events, id, from).some((e) => (e.config as Record<string, unknown> | undefined)?.sensitivity === level),
        'the sensitivity push',
      );
    },
    30_000,
  );

  it('should refuse a sensitivity past sensitivitymax with 7, sensitivitymax itself with 8, and change nothing', async () => {
    const before = { device: await sensitivity(), config: ((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config };
    const send = (body: unknown) =>
      fetch(`${stack.rest.base}/api/${stack.rest.key}/sensors/${id}/config`, {
        method: 'PUT',
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    for (const value of [3, -1, 'high', 1.5]) await expectDeconzError(await send({ sensitivity: value }), 400, 7, `/sensors/${id}/config/sensitivity`);
    await expectDeconzError(await send({ sensitivitymax: 5 }), 400, 8, `/sensors/${id}/config/sensitivitymax`);
    expect(await sensitivity()).toBe(before.device);
    expect(((await stack.rest.get(`/sensors/${id}`)).body as Sensor).config).toEqual(before.config);
  }, 30_000);

  describe('air-quality monitor', () => {
    const byUniqueid = async () =>
      Object.fromEntries(
        Object.entries((await stack.rest.get('/sensors')).body as Record<string, Sensor & { uniqueid: string }>).map(([key, s]) => [
          s.uniqueid,
          { ...s, id: key },
        ]),
      );

    it('should present ZHAAirQuality beside its temperature and humidity, with the reading and verdict from pairing', async () => {
      const sensors = await byUniqueid();
      for (const [cluster, type] of [
        ['000c', 'ZHAAirQuality'],
        ['0402', 'ZHATemperature'],
        ['0405', 'ZHAHumidity'],
      ]) {
        expect(sensors[uniqueidOf(AIR, 1, cluster!)], type).toMatchObject({ type, modelid: 'lumi.airmonitor.acn01', ep: 1 });
      }
      const id = sensors[uniqueidOf(AIR, 1, '000c')]!.id;
      const air = await sensorWhen<Sensor>(
        stack,
        id,
        (s) => s.state.airqualityppb !== undefined && s.config.battery !== undefined,
        'the reading and battery read after pairing',
        30_000,
      );
      expect(Object.keys(air.state).sort()).toEqual(['airquality', 'airqualityppb', 'lastupdated']);
      expect(air.state).toMatchObject({ airqualityppb: 120, airquality: 'good' });
      expect(Object.keys(air.config).sort()).toEqual(['battery', 'on', 'reachable']);
    }, 45_000);

    it.each([
      [450, 'moderate'],
      [3000, 'unhealthy'],
    ])(
      'should report %i ppb, rated %s by the device, to REST and the WebSocket',
      async (voc, verdict) => {
        const id = (await byUniqueid())[uniqueidOf(AIR, 1, '000c')]!.id;
        const from = ws.events.length;
        await act(stack, AIR, 'air', { voc });
        // The monitor reports its reading at most every 10 s.
        await sensorWhen<Sensor>(stack, id, (s) => s.state.airqualityppb === voc && s.state.airquality === verdict, `${voc} ppb, ${verdict}`, 30_000);
        await waitFor(
          () => changesOf(ws.events, id, from).some((e) => (e.state as Record<string, unknown> | undefined)?.airquality === verdict),
          `the ${verdict} push`,
        );
      },
      45_000,
    );

    it('should refuse config the monitor does not have with 6', async () => {
      const id = (await byUniqueid())[uniqueidOf(AIR, 1, '000c')]!.id;
      const { status, body } = await stack.rest.put(`/sensors/${id}/config`, { sensitivity: 1 });
      expect(status).toBe(400);
      expect(body).toEqual([{ error: expect.objectContaining({ type: 6, address: `/sensors/${id}/config/sensitivity` }) }]);
    });
  });
});
