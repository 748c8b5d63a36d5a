import { describe, expect, it } from 'vitest';
import { testDevice } from '../test-device';

describe('window covering behaviour', () => {
  it('should travel to a lift percentage at the catalogue speed and stop on command', () => {
    const t = testDevice('FYRTUR-block-out-roller-blind');
    t.command(0x0102, 0x05, [65]); // 65 % at 6.5 %/s → 10 s
    t.ctx.advance(5000);
    const half = t.attrs('closuresWindowCovering').currentPositionLiftPercentage as number;
    expect(half).toBeGreaterThanOrEqual(31);
    expect(half).toBeLessThanOrEqual(34);
    t.ctx.advance(5000);
    expect(t.attrs('closuresWindowCovering').currentPositionLiftPercentage).toBe(65);
    t.command(0x0102, 0x00); // up/open
    t.ctx.advance(2000);
    t.command(0x0102, 0x02); // stop
    const stopped = t.attrs('closuresWindowCovering').currentPositionLiftPercentage as number;
    t.ctx.advance(20_000);
    expect(t.attrs('closuresWindowCovering').currentPositionLiftPercentage).toBe(stopped);
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(65);
  });

  it('should refuse a percentage above 100 with INVALID_VALUE', () => {
    const t = testDevice('FYRTUR-block-out-roller-blind');
    t.frames();
    t.device.receive({ profileId: 0x0104, clusterId: 0x0102, srcEndpoint: 1, dstEndpoint: 1, asdu: Uint8Array.of(0x01, 4, 0x05, 150) });
    expect(t.frames()[0].bytes).toEqual([0x18, 4, 0x0b, 0x05, 0x87]);
  });
});

describe('thermostat behaviour', () => {
  it('should heat toward the setpoint and go idle when it is reached', () => {
    const t = testDevice('Zen-01');
    // occupiedHeatingSetpoint := 21.50 °C (room at 20.50 °C)
    t.global(0x0201, 0x02, [0x12, 0x00, 0x29, 0x66, 0x08]);
    expect(t.attrs('hvacThermostat')).toMatchObject({ occupiedHeatingSetpoint: 2150, runningState: 1 });
    t.ctx.advance(60_000);
    expect(t.attrs('hvacThermostat').localTemp).toBe(2100);
    t.ctx.advance(120_000);
    expect(t.attrs('hvacThermostat')).toMatchObject({ localTemp: 2150, runningState: 0 });
  });

  it('should raise and lower setpoints in tenths of a degree and stop heating when off', () => {
    const t = testDevice('Zen-01');
    t.command(0x0201, 0x00, [0, 0xec]); // heat setpoint −2.0 °C
    expect(t.attrs('hvacThermostat').occupiedHeatingSetpoint).toBe(1900);
    t.command(0x0201, 0x00, [0, 30]); // +3.0 °C → 22.00 °C, room 20.50 → heats
    expect(t.attrs('hvacThermostat')).toMatchObject({ occupiedHeatingSetpoint: 2200, runningState: 1 });
    t.global(0x0201, 0x02, [0x1c, 0x00, 0x30, 0x00]); // systemMode off
    expect(t.attrs('hvacThermostat').runningState).toBe(0);
  });
});

describe('sensor actions', () => {
  it('should set temperature, humidity and battery in ZCL units', () => {
    const t = testDevice('TH01');
    expect(t.device.act('set', { temperature: 23.45, humidity: 51.2, battery: 50 })).toMatchObject({ ok: true });
    expect(t.attrs('msTemperatureMeasurement').measuredValue).toBe(2345);
    expect(t.attrs('msRelativeHumidity').measuredValue).toBe(5120);
    expect(t.attrs('genPowerCfg')).toMatchObject({ batteryPercentageRemaining: 100, batteryVoltage: 26 });
  });

  it('should refuse quantities the device does not measure and non-numbers', () => {
    const t = testDevice('TH01');
    expect(t.device.act('set', { illuminance: 5 })).toEqual({ ok: false, error: expect.stringMatching(/cannot set illuminance/) });
    expect(t.device.act('set', { temperature: 'hot' })).toEqual({ ok: false, error: 'temperature must be a number' });
    expect(t.device.act('fly', {})).toMatchObject({ ok: false });
  });

  it('should encode illuminance as 10000·log10(lux)+1 and clear motion after the timeout', () => {
    const t = testDevice('SML001');
    t.device.act('set', { illuminance: 1000 });
    expect(t.attrs('msIlluminanceMeasurement', 2).measuredValue).toBe(30001);
    t.bindToCoordinator(0x0406, 2);
    t.global(0x0406, 0x06, [0x00, 0x00, 0x00, 0x18, 0x00, 0x00, 0x58, 0x02], 2); // occupancy: min 0, max 600
    t.frames();
    expect(t.device.act('motion', {})).toEqual({ ok: true, detail: { clearsAfterSeconds: 30 } });
    expect(t.frames().map((f) => f.bytes.slice(2))).toEqual([[0x0a, 0x00, 0x00, 0x18, 0x01]]);
    t.ctx.advance(30_000);
    expect(t.attrs('msOccupancySensing', 2).occupancy).toBe(0);
    expect(t.frames().map((f) => f.bytes.slice(2))).toEqual([[0x0a, 0x00, 0x00, 0x18, 0x00]]);
  });

  it('should answer a Signify-specific read of motionSensitivity', () => {
    const t = testDevice('SML001');
    t.frames();
    t.device.receive({ profileId: 0x0104, clusterId: 0x0406, srcEndpoint: 1, dstEndpoint: 2, asdu: Uint8Array.of(0x04, 0x0b, 0x10, 0x21, 0x00, 0x30, 0x00) });
    expect(t.frames()[0].bytes).toEqual([0x1c, 0x0b, 0x10, 0x21, 0x01, 0x30, 0x00, 0x00, 0x20, 0x02]);
  });
});
