import { describe, expect, it } from 'vitest';
import { INITIAL_READS, exposedKeys, planReads } from '../src/zigbee/initial-reads';

describe('initial reads plan', () => {
  it('should collect names and properties of nested exposes (climate features)', () => {
    const keys = exposedKeys([
      { type: 'numeric', name: 'battery', property: 'battery' },
      {
        type: 'climate',
        features: [
          { type: 'numeric', name: 'occupied_heating_setpoint', property: 'occupied_heating_setpoint' },
          { type: 'enum', name: 'system_mode' },
        ],
      },
    ]);
    expect([...keys].sort()).toEqual(['battery', 'occupied_heating_setpoint', 'system_mode']);
  });

  it('should plan only clusters the endpoint serves and attributes whose keys the definition exposes', () => {
    const plan = planReads(
      new Set(['genBasic', 'genPowerCfg', 'hvacThermostat']),
      new Set(['battery', 'occupied_heating_setpoint', 'system_mode', 'fan_mode']),
    );
    expect(Object.fromEntries(plan)).toEqual({
      genPowerCfg: ['batteryPercentageRemaining', 'batteryVoltage'],
      hvacThermostat: ['occupiedHeatingSetpoint', 'systemMode'],
    });
  });

  it('should read voltage alone for a device exposing voltage but no battery percentage', () => {
    expect(Object.fromEntries(planReads(new Set(['genPowerCfg']), new Set(['voltage'])))).toEqual({ genPowerCfg: ['batteryVoltage'] });
  });

  it("should read a dimmable lamp's on/off and level, and nothing it does not expose", () => {
    const plan = planReads(new Set(['genBasic', 'genOnOff', 'genLevelCtrl', 'lightingColorCtrl']), new Set(['state', 'brightness']));
    expect(Object.fromEntries(plan)).toEqual({ genOnOff: ['onOff'], genLevelCtrl: ['currentLevel'] });
  });

  it("should read a colour lamp's colour mode, temperature and xy", () => {
    const plan = planReads(new Set(['lightingColorCtrl']), new Set(['color_temp', 'color_xy']));
    expect(plan.get('lightingColorCtrl')).toEqual(['colorMode', 'colorTemperature', 'currentX', 'currentY']);
  });

  it('should plan nothing for clusters the device exposes nothing from', () => {
    expect(planReads(new Set(['genBasic', 'genIdentify']), new Set(['linkquality'])).size).toBe(0);
  });

  it('should name a converter key on every row', () => {
    for (const row of INITIAL_READS) expect(row.keys.length).toBeGreaterThan(0);
  });
});
