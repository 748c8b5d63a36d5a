import { describe, expect, it } from 'vitest';
import type { SubdeviceType } from '../mqtt/schemas/device';
import { buttonEventFor } from './buttons';
import { ITEM_RULES } from './rules';
import { changedDeconzItems, eventOnlyItems, toDeconzItems } from './to-deconz';
import { luxToLightLevel } from './values';

/** A sub-device that declares every item its type can have. */
const all = (type: SubdeviceType) => {
  const pick = (section: 'state' | 'config') => ITEM_RULES.filter((rule) => rule.types.includes(type) && rule.section === section).map((rule) => rule.item);
  return { type, state: pick('state'), config: pick('config') };
};
const state = (type: SubdeviceType, converter: Record<string, unknown>) => toDeconzItems(all(type), converter).state;

describe('deconz item translation', () => {
  it('should translate light state with deCONZ ranges', () => {
    expect(state('Extended color light', { state: 'OFF', brightness: 254, color_temp: 153, color_mode: 'color_temp' })).toEqual({
      on: false,
      bri: 254,
      ct: 153,
      colormode: 'ct',
      alert: 'none',
      effect: 'none',
    });
    expect(state('Color light', { color: { hue: 360, saturation: 50 }, color_mode: 'hs' })).toMatchObject({ hue: 65535, sat: 127, colormode: 'hs' });
    expect(state('Dimmable light', { brightness: 300 }).bri).toBe(254);
    expect(state('On/Off plug-in unit', { state: 'ON', brightness: 10 })).toEqual({ on: true, alert: 'none' });
  });

  it('should invert covering positions into deCONZ lift and open', () => {
    expect(state('Window covering device', { position: 100 })).toEqual({ lift: 0, open: true, on: false, bri: 0 });
    expect(state('Window covering device', { position: 0, tilt: 25 })).toEqual({ lift: 100, open: false, tilt: 75, on: true, bri: 254 });
    expect(state('Window covering device', { state: 'CLOSE' })).toEqual({ open: false });
  });

  it('should scale measurements to deCONZ integers', () => {
    expect(state('ZHATemperature', { temperature: -5.25 })).toEqual({ temperature: -525 });
    expect(state('ZHAHumidity', { humidity: 55.555 })).toEqual({ humidity: 5556 });
    expect(state('ZHAPressure', { pressure: 1013.4 })).toEqual({ pressure: 1013 });
    expect(state('ZHAConsumption', { energy: 1.2345, power: 60.4 })).toEqual({ consumption: 1235, power: 60 });
    expect(state('ZHAPower', { power: 5, voltage: 230.2, current: 0.25 })).toEqual({ power: 5, voltage: 230, current: 250 });
  });

  it('should compute light level, dark and daylight against the thresholds', () => {
    expect(luxToLightLevel(0)).toBe(0);
    expect(luxToLightLevel(1)).toBe(1);
    expect(luxToLightLevel(10)).toBe(10001);
    expect(state('ZHALightLevel', { illuminance_lux: 10 })).toEqual({ lux: 10, lightlevel: 10001, dark: true, daylight: false });
    const custom = toDeconzItems(all('ZHALightLevel'), { illuminance: 10 }, { tholddark: 5000, tholdoffset: 5000 });
    expect(custom.state).toMatchObject({ dark: false, daylight: true });
    expect(custom.config).toMatchObject({ tholddark: 5000, tholdoffset: 5000 });
  });

  it('should map binary sensors, inverting contact', () => {
    expect(state('ZHAOpenClose', { contact: true, battery_low: true, tamper: false })).toEqual({ open: false, lowbattery: true, tampered: false });
    expect(state('ZHAPresence', { occupancy: true })).toEqual({ presence: true });
    expect(state('ZHAWater', { water_leak: true })).toEqual({ water: true });
    expect(state('ZHAFire', { smoke: false })).toEqual({ fire: false });
    expect(state('ZHAVibration', { vibration: true })).toEqual({ vibration: true });
  });

  it('should put battery in config, clamped to 0-100', () => {
    expect(toDeconzItems(all('ZHAPresence'), { battery: 104.4 }).config).toEqual({ battery: 100, on: true, pending: [] });
  });

  it('should read suffixed keys for a multi-endpoint sub-device', () => {
    const plan = { ...all('On/Off plug-in unit'), suffix: 'l2' };
    expect(toDeconzItems(plan, { state: 'OFF', state_l2: 'ON' }).state.on).toBe(true);
  });

  it('should number button events the deCONZ way', () => {
    const cases: Record<string, number> = {
      toggle: 1002,
      brightness_up_click: 2002,
      brightness_up_hold: 2001,
      brightness_up_release: 2003,
      brightness_down_click: 3002,
      brightness_down_hold: 3001,
      brightness_down_release: 3003,
      arrow_left_click: 4002,
      arrow_left_hold: 4001,
      arrow_left_release: 4003,
      arrow_right_click: 5002,
      arrow_right_hold: 5001,
      arrow_right_release: 5003,
      on: 1002,
      off: 2002,
      single: 1002,
      double: 1004,
      long: 1003,
      triple: 1005,
      '2_single': 2002,
      button_3_hold: 3001,
      '4_double': 4004,
    };
    for (const [action, event] of Object.entries(cases)) expect(buttonEventFor(action), action).toBe(event);
    expect(buttonEventFor('dance')).toBeUndefined();
    expect(state('ZHASwitch', { action: '' })).toEqual({});
  });

  it('should name keypad actions as deCONZ does', () => {
    const names: Record<string, string> = {
      disarm: 'disarmed',
      arm_day_zones: 'armed_stay',
      arm_night_zones: 'armed_night',
      arm_all_zones: 'armed_away',
      emergency: 'emergency',
      fire: 'fire',
      panic: 'panic',
    };
    for (const [action, name] of Object.entries(names)) expect(state('ZHAAncillaryControl', { action }).action).toBe(name);
    expect(state('ZHAAncillaryControl', { action: 'exit_delay' })).toEqual({});
  });

  it('should ignore values of the wrong type', () => {
    expect(state('ZHATemperature', { temperature: 'warm' })).toEqual({});
    expect(state('Extended color light', { color: { x: 'a', y: 1 }, brightness: null })).toEqual({ alert: 'none', effect: 'none' });
  });

  it('should give a keypad PIN as an event-only item and nothing for other types', () => {
    expect(eventOnlyItems({ type: 'ZHAAncillaryControl' }, { action: 'arm_all_zones', action_code: '1234', action_transaction: 17 })).toEqual({
      code: '1234',
      seq: 17,
    });
    expect(eventOnlyItems({ type: 'ZHASwitch' }, { action: 'single', action_code: '1234' })).toEqual({});
    expect(all('ZHAAncillaryControl').state).not.toContain('code');
  });

  it('should give only the items a report carries', () => {
    const lamp = all('Extended color light');
    expect(changedDeconzItems(lamp, { brightness: 10, linkquality: 3 })).toEqual({ state: { bri: 10 }, config: {} });
    expect(changedDeconzItems(lamp, { effect: 'none' })).toEqual({ state: { effect: 'none' }, config: {} });
    expect(changedDeconzItems(all('ZHALightLevel'), { illuminance: 10 }).state).toEqual({ lux: 10, lightlevel: 10001, dark: true, daylight: false });
    expect(changedDeconzItems(all('ZHATemperature'), { battery: 80 })).toEqual({ state: {}, config: { battery: 80 } });
  });
});
