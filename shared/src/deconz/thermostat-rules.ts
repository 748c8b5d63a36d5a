import type { ItemRule } from './item-rules';
import { SENSORS } from './item-rules';
import { CONVERTER_TO_DECONZ_MODE, MOTION_SENSITIVITY_LEVELS, isNumber } from './values';

const hundredths = (key: string) => (get: (key: string) => unknown) => {
  const value = get(key);
  return isNumber(value) ? Math.round(value * 100) : undefined;
};

/** ZHAThermostat items and the config items every sensor shares. */
export const THERMOSTAT_AND_COMMON_RULES: readonly ItemRule[] = [
  { item: 'temperature', section: 'state', types: ['ZHAThermostat'], exposes: [], read: hundredths('local_temperature') },
  { item: 'on', section: 'state', types: ['ZHAThermostat'], exposes: ['running_state'], read: (get) => {
    const state = get('running_state');
    return typeof state === 'string' ? state !== 'idle' : undefined;
  } },
  { item: 'heating', section: 'state', types: ['ZHAThermostat'], exposes: ['running_state'], read: (get) => {
    const state = get('running_state');
    return typeof state === 'string' ? state === 'heat' : undefined;
  } },
  { item: 'heatsetpoint', section: 'config', types: ['ZHAThermostat'], exposes: ['occupied_heating_setpoint'], read: hundredths('occupied_heating_setpoint') },
  { item: 'coolsetpoint', section: 'config', types: ['ZHAThermostat'], exposes: ['occupied_cooling_setpoint'], read: hundredths('occupied_cooling_setpoint') },
  { item: 'mode', section: 'config', types: ['ZHAThermostat'], exposes: ['system_mode'], read: (get) => {
    const mode = get('system_mode');
    return typeof mode === 'string' ? CONVERTER_TO_DECONZ_MODE[mode] ?? mode : undefined;
  } },
  { item: 'fanmode', section: 'config', types: ['ZHAThermostat'], exposes: ['fan_mode'], read: (get) => {
    const mode = get('fan_mode');
    return typeof mode === 'string' ? mode : undefined;
  } },
  { item: 'offset', section: 'config', types: ['ZHAThermostat'], exposes: ['local_temperature_calibration'], read: hundredths('local_temperature_calibration') },
  { item: 'locked', section: 'config', types: ['ZHAThermostat'], exposes: ['child_lock'], read: (get) => {
    const lock = get('child_lock');
    return lock === 'LOCK' ? true : lock === 'UNLOCK' ? false : undefined;
  } },
  { item: 'battery', section: 'config', types: SENSORS, exposes: ['battery'], read: (get) => {
    const value = get('battery');
    return isNumber(value) ? Math.min(100, Math.max(0, Math.round(value))) : undefined;
  } },
  { item: 'ledindication', section: 'config', types: ['ZHAPresence'], exposes: ['led_indication'], read: (get) => {
    const value = get('led_indication');
    return typeof value === 'boolean' ? value : undefined;
  } },
  { item: 'duration', section: 'config', types: ['ZHAPresence'], exposes: ['occupancy_timeout'], read: (get) => {
    const value = get('occupancy_timeout');
    return isNumber(value) ? value : undefined;
  } },
  // The device's own occupied-to-unoccupied delay (deCONZ shows it as `delay` on Hue sensors);
  // `duration` stays for clients that already use it: both are the same device attribute.
  { item: 'delay', section: 'config', types: ['ZHAPresence'], exposes: ['occupancy_timeout'], read: (get) => {
    const value = get('occupancy_timeout');
    return isNumber(value) ? value : undefined;
  } },
  { item: 'sensitivity', section: 'config', types: ['ZHAPresence'], exposes: ['motion_sensitivity'], read: (get) => {
    const index = MOTION_SENSITIVITY_LEVELS.indexOf(String(get('motion_sensitivity')));
    return index < 0 ? undefined : index;
  } },
  // Kept by the gateway (the device has no such attribute): 0 until a client sets one.
  { item: 'offset', section: 'config', types: ['ZHATemperature', 'ZHAHumidity'], exposes: [], read: () => 0 },
  { item: 'tholddark', section: 'config', types: ['ZHALightLevel'], exposes: [], read: (_get, ctx) => ctx.thresholds.tholddark },
  { item: 'tholdoffset', section: 'config', types: ['ZHALightLevel'], exposes: [], read: (_get, ctx) => ctx.thresholds.tholdoffset },
  // A device sensor is always enabled; reachable comes from the bridge's availability tracking.
  { item: 'on', section: 'config', types: SENSORS, exposes: [], read: () => true },
  { item: 'reachable', section: 'config', types: SENSORS, exposes: [] },
];
