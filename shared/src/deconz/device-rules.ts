import type { ItemRule } from './item-rules';
import { SENSORS } from './item-rules';
import { isNumber } from './values';

/** Sensor types whose own `temperature` is what they measure, not the device's. */
const MEASURING_TEMPERATURE = new Set(['ZHATemperature', 'ZHAThermostat']);

/**
 * Config items every sensor of a device shares, from the device itself. `temperature`: the device's
 * own temperature (a Xiaomi device's status report, a Device Temperature Configuration cluster) in
 * hundredths of a degree, on sensors that measure something else (deCONZ, "some sensors").
 */
export const DEVICE_RULES: readonly ItemRule[] = [
  // deCONZ's list of config items on their way to the device (sensors it shows it on): none
  // outstanding here; the api lists a write's items while the device has not answered it.
  { item: 'pending', section: 'config', types: ['ZHAPresence', 'ZHAAncillaryControl'], exposes: [], read: () => [] },
  {
    item: 'temperature',
    section: 'config',
    types: SENSORS.filter((type) => !MEASURING_TEMPERATURE.has(type)),
    exposes: ['device_temperature'],
    read: (get) => {
      const value = get('device_temperature');
      return isNumber(value) ? Math.max(-27315, Math.min(32767, Math.round(value * 100))) : undefined;
    },
  },
];
