import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJoinedBridge, type JoinedBridge } from './support/joined-bridge';
import type { MqttMessage } from '../../test/helpers/clients';

/**
 * The Hue motion sensor (SML001) on the real bridge: its ZLL endpoint 1 must interview (the answers
 * carry the request's profile), and endpoint 2's occupancy, illuminance and temperature must arrive as
 * deCONZ items over MQTT.
 */
const MOTION = '0x0017880104a1c0e9';
const SENSOR_EP = 2;

describe('bridge motion sensor', () => {
  let g: JoinedBridge;
  let mark = 0;
  /** Only messages published after the last `since()` count. */
  const since = () => {
    mark = g.probe.messages.length;
  };
  const state = (test: (s: any) => boolean, what: string, timeoutMs = 10_000) => {
    const from = mark;
    const topic = g.dt(MOTION, `${SENSOR_EP}/state`);
    return g.probe.waitFor((m: MqttMessage) => g.probe.messages.indexOf(m) >= from && m.topic === topic && test(m.json().state ?? {}), timeoutMs, what);
  };

  beforeAll(async () => {
    g = await startJoinedBridge([{ model: 'SML001', ieee: MOTION }]);
  }, 120_000);
  afterAll(async () => {
    await g?.close();
  });

  it('should interview the sensor and describe presence, light level and temperature on endpoint 2', () => {
    const description = g.probe.messages
      .filter((m) => m.topic === g.dt(MOTION))
      .at(-1)!
      .json();
    expect(description).toMatchObject({ interview: 'successful', supported: true });
    const types = description.subdevices.map((s: { type: string; endpoint: number }) => `${s.type}@${s.endpoint}`).sort();
    expect(types).toEqual(expect.arrayContaining(['ZHALightLevel@2', 'ZHAPresence@2', 'ZHATemperature@2']));
  });

  it('should configure reporting on the device, including the binds the converters ask for', async () => {
    const real = await g.real(MOTION);
    const reported = real.reporting.map((r: { clusterName: string; attributeName: string }) => `${r.clusterName}.${r.attributeName}`);
    expect(reported).toEqual(
      expect.arrayContaining(['msOccupancySensing.occupancy', 'msIlluminanceMeasurement.measuredValue', 'msTemperatureMeasurement.measuredValue']),
    );
    const bound = real.bindings.filter((b: { endpoint: number }) => b.endpoint === SENSOR_EP).map((b: { cluster: number }) => b.cluster);
    expect(bound).toEqual(expect.arrayContaining([0x0406, 0x0400, 0x0402]));
  });

  it('should publish presence when someone walks past and clear it after the sensor timeout', async () => {
    since();
    expect(await g.act(MOTION, 'motion', { clearAfter: 1 })).toMatchObject({ ok: true });
    await state((s) => s.presence === true, 'presence true');
    await state((s) => s.presence === false, 'presence cleared', 8_000);
  });

  it('should publish lightlevel, lux, dark and daylight from the illuminance', async () => {
    since();
    await g.act(MOTION, 'set', { illuminance: 1000 });
    // 10000 × log10(1000) + 1 = 30001: above tholddark + tholdoffset (12000 + 7000), so daylight.
    const bright = await state((s) => s.lux === 1000, 'lux 1000', 20_000);
    expect(bright.json().state).toMatchObject({ lightlevel: 30001, lux: 1000, dark: false, daylight: true });
    since();
    await g.act(MOTION, 'set', { illuminance: 2 });
    // The converters ask for at most one illuminance report per 10 s: the dark reading comes after that.
    const dark = await state((s) => s.lux === 2, 'lux 2', 20_000);
    expect(dark.json().state).toMatchObject({ lux: 2, dark: true, daylight: false });
    expect(dark.json().state.lightlevel).toBeLessThanOrEqual(12000);
  }, 45_000);

  it('should write duration and the Signify-specific LED indication on the sensor', async () => {
    expect(await g.set(MOTION, SENSOR_EP, { duration: 90, ledindication: true })).toMatchObject({ status: 'ok' });
    const real = await g.real(MOTION);
    expect(real.endpoints[String(SENSOR_EP)].msOccupancySensing.pirOToUDelay).toBe(90);
    expect(real.endpoints[String(SENSOR_EP)].genBasic.ledIndication).toBe(1);
  });

  it('should publish the temperature in hundredths of a degree', async () => {
    since();
    await g.act(MOTION, 'set', { temperature: 19.5 });
    await state((s) => s.temperature === 1950, 'temperature', 20_000);
  }, 30_000);
});
