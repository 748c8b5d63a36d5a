import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, radioControl, type EventClient } from './helpers/clients';
import type { Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { act, changesOf, realState, sensorId, sensorWhen, startSensorStack, uniqueidOf } from './sensors-support';

/**
 * A Hue motion sensor (SML001) on the real stack: one device, three sensors on endpoint 2.
 * Motion becomes ZHAPresence `presence`; the illuminance ZHALightLevel `lightlevel` (10000·log10(lux)+1),
 * `lux`, and `dark`/`daylight` against the default thresholds (tholddark 12000, tholdoffset 7000).
 */
const MOTION = '0017880104a16009';
const FP1 = '54ef441000a16010';
/** A later Hue motion sensor (SML003: five sensitivity levels), on the SML001's clusters. */
const MOTION3 = '0017880104a16011';

interface Sensor {
  type: string;
  ep: number;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}

describe('sensors: motion sensor on the real stack', () => {
  let stack: Stack;
  let ws: EventClient;
  let presence: string;
  let light: string;

  beforeAll(async () => {
    // The Hue sensor's LED indication was switched on before it pairs here (catalogue: off).
    stack = await startSensorStack([
      { model: 'SML001', ieee: MOTION, settings: { 2: { genBasic: { ledIndication: 1 } } } },
      { model: 'lumi.motion.ac01', ieee: FP1 },
      { model: 'SML001', ieee: MOTION3, settings: { 1: { genBasic: { modelId: 'SML003' } } } },
    ]);
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}`);
    presence = await sensorId(stack, uniqueidOf(MOTION, 2, '0406'));
    light = await sensorId(stack, uniqueidOf(MOTION, 2, '0400'));
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
  }, 60_000);

  it('should push presence on motion', async () => {
    expect((await stack.rest.get(`/sensors/${presence}`)).body).toMatchObject({ type: 'ZHAPresence', ep: 2 });
    const from = ws.events.length;
    await act(stack, MOTION, 'motion');
    await sensorWhen<Sensor>(stack, presence, (s) => s.state.presence === true, 'presence true');
    await waitFor(
      () => changesOf(ws.events, presence, from).some((e) => (e.state as Record<string, unknown> | undefined)?.presence === true),
      'the presence push',
    );
  }, 30_000);

  it('should give the light level, lux, dark and daylight', async () => {
    const from = ws.events.length;
    // 1000 lux: 10000·log10(1000)+1 = 30001, above tholddark + tholdoffset (19000).
    await act(stack, MOTION, 'set', { illuminance: 1000 });
    const bright = await sensorWhen<Sensor>(stack, light, (s) => s.state.lightlevel === 30001, 'light level 30001', 20_000);
    expect(bright).toMatchObject({ type: 'ZHALightLevel', ep: 2, config: { tholddark: 12000, tholdoffset: 7000 } });
    expect(bright.state).toMatchObject({ lightlevel: 30001, lux: 1000, dark: false, daylight: true });
    await waitFor(
      () => changesOf(ws.events, light, from).some((e) => (e.state as Record<string, unknown> | undefined)?.lightlevel === 30001),
      'the light level push',
    );
  }, 30_000);

  it('should keep written light-level thresholds and judge dark and daylight by them', async () => {
    await act(stack, MOTION, 'set', { illuminance: 1000 });
    await sensorWhen<Sensor>(stack, light, (s) => s.state.lightlevel === 30001 && s.state.dark === false, 'bright with the defaults', 20_000);
    const from = ws.events.length;
    const res = await stack.rest.put(`/sensors/${light}/config`, { tholddark: 40000, tholdoffset: 500 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ success: { [`/sensors/${light}/config/tholddark`]: 40000 } }, { success: { [`/sensors/${light}/config/tholdoffset`]: 500 } }]);
    const dark = (await stack.rest.get(`/sensors/${light}`)).body as Sensor;
    expect(dark.config).toMatchObject({ tholddark: 40000, tholdoffset: 500 });
    expect(dark.state).toMatchObject({ lightlevel: 30001, dark: true, daylight: false });
    await waitFor(() => changesOf(ws.events, light, from).some((e) => (e.state as Record<string, unknown> | undefined)?.dark === true), 'the dark push');
    // A later report is judged by the kept thresholds too: 100000 lux is level 50001, above 40500.
    await act(stack, MOTION, 'set', { illuminance: 100000 });
    const bright = await sensorWhen<Sensor>(stack, light, (s) => s.state.lightlevel === 50001, 'light level 50001', 20_000);
    expect(bright.state).toMatchObject({ dark: false, daylight: true });
  }, 40_000);

  it('should refuse bad thresholds with 7, thresholds on another type with 6, and change nothing', async () => {
    const before = (await stack.rest.get(`/sensors/${light}`)).body as Sensor;
    for (const [item, value] of [
      ['tholdoffset', 0],
      ['tholddark', 70000],
      ['tholddark', 'dark'],
    ] as const) {
      const res = await stack.rest.put(`/sensors/${light}/config`, { [item]: value });
      expect(res.status, `${item}=${value}`).toBe(400);
      expect(res.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${light}/config/${item}` }) }]);
    }
    const other = await stack.rest.put(`/sensors/${presence}/config`, { tholddark: 100 });
    expect(other.body).toEqual([{ error: expect.objectContaining({ type: 6, address: `/sensors/${presence}/config/tholddark` }) }]);
    expect(((await stack.rest.get(`/sensors/${light}`)).body as Sensor).config).toEqual(before.config);
    expect((await stack.rest.get(`/sensors/${presence}`)).body.config).not.toHaveProperty('tholddark');
  });

  it('should write the delay and sensitivity to the device and show what it holds', async () => {
    // What the device holds, read when it paired (delay 30 s, sensitivity high, LED indication on),
    // as deCONZ shows the SML001: sensitivity 0 (low) to 2 (high), the highest read-only beside it.
    const before = await sensorWhen<Sensor>(
      stack,
      presence,
      (s) => s.config.sensitivity !== undefined && s.config.ledindication !== undefined,
      'the settings the device holds',
    );
    expect(before.config).toMatchObject({ delay: 30, duration: 30, sensitivity: 2, sensitivitymax: 2, ledindication: true });
    const res = await stack.rest.put(`/sensors/${presence}/config`, { delay: 45, sensitivity: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ success: { [`/sensors/${presence}/config/delay`]: 45 } }, { success: { [`/sensors/${presence}/config/sensitivity`]: 1 } }]);
    const occupancy = (await realState(stack, MOTION)).endpoints['2'].msOccupancySensing;
    expect(occupancy).toMatchObject({ pirOToUDelay: 45, motionSensitivity: 1 });
    await sensorWhen<Sensor>(stack, presence, (s) => s.config.delay === 45 && s.config.sensitivity === 1, 'delay 45 and sensitivity 1 in config');
  }, 30_000);

  it('should refuse a bad delay or sensitivity with 7 and leave the device as it was', async () => {
    for (const body of [{ delay: -1 }, { delay: 70000 }, { sensitivity: 'high' }, { sensitivity: 300 }, { sensitivity: 3 }]) {
      const res = await stack.rest.put(`/sensors/${presence}/config`, body);
      const [item] = Object.keys(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${presence}/config/${item}` }) }]);
    }
    expect((await realState(stack, MOTION)).endpoints['2'].msOccupancySensing).toMatchObject({ pirOToUDelay: 45, motionSensitivity: 1 });
  });

  it("should switch the sensor's LED on ledindication, refuse a bad value with 7 and the item on the light sensor with 6", async () => {
    const led = async () => (await realState(stack, MOTION)).endpoints['2'].genBasic.ledIndication;
    for (const on of [true, false]) {
      const res = await stack.rest.put(`/sensors/${presence}/config`, { ledindication: on });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${presence}/config/ledindication`]: on } }] });
      expect(await led()).toBe(on ? 1 : 0);
      await sensorWhen<Sensor>(stack, presence, (s) => s.config.ledindication === on, `ledindication ${on} in config`);
    }
    const bad = await stack.rest.put(`/sensors/${presence}/config`, { ledindication: 'on' });
    expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${presence}/config/ledindication` }) }]);
    const other = await stack.rest.put(`/sensors/${light}/config`, { ledindication: true });
    expect(other.body).toEqual([{ error: expect.objectContaining({ type: 6, address: `/sensors/${light}/config/ledindication` }) }]);
    expect(await led()).toBe(0);
  }, 30_000);

  it("should list a write's items in pending until the device answered, then none, and refuse writing pending with 8", async () => {
    expect(((await stack.rest.get(`/sensors/${presence}`)).body as Sensor).config.pending).toEqual([]);
    // Frames to and from the sensor take a second longer: the write is on its way meanwhile.
    const fault = await radioControl<{ id: number }>(stack.radio.control, 'POST', '/faults', { kind: 'delay', ieee: MOTION, ms: 1000 });
    try {
      const writing = stack.rest.put(`/sensors/${presence}/config`, { delay: 60 });
      await sensorWhen<Sensor>(stack, presence, (s) => JSON.stringify(s.config.pending) === '["delay"]', 'pending ["delay"] during the write');
      expect((await writing).body).toEqual([{ success: { [`/sensors/${presence}/config/delay`]: 60 } }]);
      expect(((await stack.rest.get(`/sensors/${presence}`)).body as Sensor).config).toMatchObject({ pending: [], delay: 60 });
    } finally {
      await radioControl(stack.radio.control, 'DELETE', `/faults/${fault.id}`);
    }
    const bad = await stack.rest.put(`/sensors/${presence}/config`, { pending: [] });
    expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 8, address: `/sensors/${presence}/config/pending` }) }]);
  }, 30_000);

  it('should describe the sensitivity range each device takes through introspection: 0-2 on an SML001 and an FP1, 0-4 on an SML003', async () => {
    const introspect = async (ieee: string, endpoint: number, item: string) =>
      (await stack.rest.get(`/devices/${uniqueidOf(ieee, endpoint, '0406')}/config/${item}/introspect`)).body;
    const later = await sensorId(stack, uniqueidOf(MOTION3, 2, '0406'));
    const sensor = await sensorWhen<Sensor>(stack, later, (s) => s.config.sensitivity !== undefined, 'the SML003 sensitivity read');
    expect(sensor.config).toMatchObject({ sensitivity: 2, sensitivitymax: 4 });
    for (const [ieee, endpoint, max] of [
      [MOTION, 2, 2],
      [FP1, 1, 2],
      [MOTION3, 2, 4],
    ] as const) {
      expect(await introspect(ieee, endpoint, 'sensitivity'), ieee).toEqual({ type: 'uint8', minval: 0, maxval: max });
      expect(await introspect(ieee, endpoint, 'sensitivitymax'), ieee).toEqual({ type: 'uint8', minval: 0, maxval: max });
    }
    // The range said is the range taken: 4 on the SML003 reaches the device, 3 on the SML001 does not.
    const res = await stack.rest.put(`/sensors/${later}/config`, { sensitivity: 4 });
    expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${later}/config/sensitivity`]: 4 } }] });
    expect((await realState(stack, MOTION3)).endpoints['2'].msOccupancySensing.motionSensitivity).toBe(4);
    // The delay is the ZCL attribute on every model: 0-65535 seconds.
    expect(await introspect(MOTION3, 2, 'delay')).toEqual({ type: 'uint16', minval: 0, maxval: 65535 });
  }, 30_000);

  describe('Aqara presence sensor FP1', () => {
    const lumi = async () => (await realState(stack, FP1)).endpoints['1'].manuSpecificLumi as Record<string, number>;
    let fp1: string;
    beforeAll(async () => {
      fp1 = await sensorId(stack, uniqueidOf(FP1, 1, '0406'));
    });

    it('should show the presence event it saw beside presence, in REST and on the WebSocket', async () => {
      const sensor = await sensorWhen<Sensor>(stack, fp1, (s) => s.config.triggerdistance !== undefined, 'triggerdistance read');
      expect(sensor).toMatchObject({ type: 'ZHAPresence', config: { triggerdistance: 'far', resetpresence: false } });
      for (const [event, presenceevent, presence] of [
        ['enter', 'enter', true],
        ['approach', 'approaching', true],
        ['left_leave', 'leftleave', false],
      ] as const) {
        const from = ws.events.length;
        await act(stack, FP1, 'presence', { event });
        await sensorWhen<Sensor>(
          stack,
          fp1,
          (s) => s.state.presenceevent === presenceevent && s.state.presence === presence,
          `${presenceevent}, presence ${presence}`,
        );
        await waitFor(
          () => changesOf(ws.events, fp1, from).some((e) => (e.state as Record<string, unknown> | undefined)?.presenceevent === presenceevent),
          `the ${presenceevent} push`,
        );
      }
    });

    it('should write the trigger distance to the device and refuse one it does not have with 7', async () => {
      const res = await stack.rest.put(`/sensors/${fp1}/config`, { triggerdistance: 'near' });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${fp1}/config/triggerdistance`]: 'near' } }] });
      expect((await lumi()).approachDistance).toBe(2);
      await sensorWhen<Sensor>(stack, fp1, (s) => s.config.triggerdistance === 'near', 'triggerdistance near');
      for (const value of ['nearby', 2]) {
        const bad = await stack.rest.put(`/sensors/${fp1}/config`, { triggerdistance: value });
        expect(bad.body, JSON.stringify(value)).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${fp1}/config/triggerdistance` }) }]);
      }
      expect((await lumi()).approachDistance).toBe(2);
      const hue = await stack.rest.put(`/sensors/${presence}/config`, { triggerdistance: 'far' });
      expect(hue.body).toEqual([{ error: expect.objectContaining({ type: 6 }) }]);
    });

    it('should show the sensitivity 0 (low) to 2 (high) as deCONZ does, write it to the device as 1 to 3, and refuse 3 with 7', async () => {
      // The catalogue FP1 holds 2 (medium) in Lumi's attribute: deCONZ shows it one lower.
      const sensor = await sensorWhen<Sensor>(stack, fp1, (s) => s.config.sensitivity !== undefined, 'sensitivity read');
      expect(sensor.config).toMatchObject({ sensitivity: 1, sensitivitymax: 2 });
      for (const [level, device] of [
        [2, 3],
        [0, 1],
      ] as const) {
        const res = await stack.rest.put(`/sensors/${fp1}/config`, { sensitivity: level });
        expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${fp1}/config/sensitivity`]: level } }] });
        expect((await lumi()).motionSensitivity).toBe(device);
        await sensorWhen<Sensor>(stack, fp1, (s) => s.config.sensitivity === level, `sensitivity ${level}`);
      }
      const bad = await stack.rest.put(`/sensors/${fp1}/config`, { sensitivity: 3 });
      expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${fp1}/config/sensitivity` }) }]);
      const max = await stack.rest.put(`/sensors/${fp1}/config`, { sensitivitymax: 3 });
      expect(max.body).toEqual([{ error: expect.objectContaining({ type: 8, address: `/sensors/${fp1}/config/sensitivitymax` }) }]);
      expect((await lumi()).motionSensitivity).toBe(1);
    });

    it('should write the device mode (undirected or leftright, as deCONZ names them) to the device', async () => {
      await sensorWhen<Sensor>(stack, fp1, (s) => s.config.devicemode === undefined || s.config.devicemode === 'undirected', 'devicemode not yet set');
      const res = await stack.rest.put(`/sensors/${fp1}/config`, { devicemode: 'leftright' });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${fp1}/config/devicemode`]: 'leftright' } }] });
      expect((await lumi()).monitoringMode).toBe(1);
      await sensorWhen<Sensor>(stack, fp1, (s) => s.config.devicemode === 'leftright', 'devicemode leftright');
      const bad = await stack.rest.put(`/sensors/${fp1}/config`, { devicemode: 'dualrocker' });
      expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${fp1}/config/devicemode` }) }]);
      expect((await lumi()).monitoringMode).toBe(1);
    });

    it('should clear a presence the sensor holds on resetpresence, and take only true', async () => {
      await act(stack, FP1, 'presence', { event: 'enter' });
      await sensorWhen<Sensor>(stack, fp1, (s) => s.state.presence === true, 'presence true');
      const res = await stack.rest.put(`/sensors/${fp1}/config`, { resetpresence: true });
      expect(res).toEqual({ status: 200, body: [{ success: { [`/sensors/${fp1}/config/resetpresence`]: true } }] });
      expect((await lumi()).presence).toBe(0);
      await sensorWhen<Sensor>(stack, fp1, (s) => s.state.presence === false && s.config.resetpresence === false, 'presence cleared');
      const bad = await stack.rest.put(`/sensors/${fp1}/config`, { resetpresence: false });
      expect(bad.body).toEqual([{ error: expect.objectContaining({ type: 7, address: `/sensors/${fp1}/config/resetpresence` }) }]);
    });
  });
});
