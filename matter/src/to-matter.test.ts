import { describe, expect, it } from 'vitest';
import type { EndpointState } from '@herdgate/shared/mqtt';
import { toMatter } from './to-matter';

const at = (state: Record<string, unknown>, config: Record<string, unknown> = {}) =>
  ({ state: { lastupdated: 'none', ...state }, config }) as unknown as EndpointState;

describe('toMatter', () => {
  it('should clamp brightness into the Matter level range and keep colour temperature in the lamp range', () => {
    expect(toMatter('color-light', at({ on: true, bri: 255, ct: 600, colormode: 'ct' }), { min: 153, max: 500 })).toEqual({
      onOff: { onOff: true },
      levelControl: { currentLevel: 254 },
      colorControl: { colorTemperatureMireds: 500, colorMode: 2, enhancedColorMode: 2 },
    });
    expect(toMatter('dimmable-light', at({ on: false, bri: 0 }))).toEqual({ onOff: { onOff: false }, levelControl: { currentLevel: 1 } });
  });

  it("should scale xy to Matter's 16-bit coordinates", () => {
    expect(toMatter('color-light', at({ xy: [0.5, 0.25], colormode: 'xy' }), { min: 153, max: 500 }).colorControl).toEqual({
      currentX: 32768,
      currentY: 16384,
      colorMode: 1,
      enhancedColorMode: 1,
    });
  });

  it('should give plugs and on/off lights no level', () => {
    expect(toMatter('plug', at({ on: true, bri: 100 }))).toEqual({ onOff: { onOff: true } });
  });

  it('should map covers in percent closed to hundredths, both ways the same orientation', () => {
    expect(toMatter('cover', at({ lift: 40, tilt: 10, open: true })).windowCovering).toEqual({
      currentPositionLiftPercent100ths: 4000,
      targetPositionLiftPercent100ths: 4000,
      currentPositionTiltPercent100ths: 1000,
      targetPositionTiltPercent100ths: 1000,
    });
  });

  it('should invert contact (Matter true = closed) and keep leak as is', () => {
    expect(toMatter('contact', at({ open: true }))).toEqual({ booleanState: { stateValue: false } });
    expect(toMatter('water-leak', at({ water: true }))).toEqual({ booleanState: { stateValue: true } });
  });

  it('should pass measurements through in the units both sides share', () => {
    expect(toMatter('temperature', at({ temperature: 2150 }))).toEqual({ temperatureMeasurement: { measuredValue: 2150 } });
    expect(toMatter('humidity', at({ humidity: 4520 }))).toEqual({ relativeHumidityMeasurement: { measuredValue: 4520 } });
    expect(toMatter('light-level', at({ lightlevel: 30001 }))).toEqual({ illuminanceMeasurement: { measuredValue: 30001 } });
    expect(toMatter('occupancy', at({ presence: true }))).toEqual({ occupancySensing: { occupancy: { occupied: true } } });
  });

  it('should map smoke and CO alarms to the SmokeCoAlarm states', () => {
    expect(toMatter('smoke', at({ fire: true }))).toEqual({ smokeCoAlarm: { smokeState: 2, expressedState: 1 } });
    expect(toMatter('co', at({ carbonmonoxide: false }))).toEqual({ smokeCoAlarm: { coState: 0, expressedState: 0 } });
  });

  it("should map a heating thermostat and leave modes Matter's heating type lacks", () => {
    expect(toMatter('thermostat', at({ temperature: 2012 }, { heatsetpoint: 2150, mode: 'heat' }))).toEqual({
      thermostat: { localTemperature: 2012, occupiedHeatingSetpoint: 2150, systemMode: 4 },
    });
    expect(toMatter('thermostat', at({}, { mode: 'cool' }))).toEqual({});
  });

  it('should leave out what the state does not carry', () => {
    expect(toMatter('ct-light', at({}), { min: 153, max: 454 })).toEqual({});
  });
});
