import type { ItemRule } from './item-rules';
import { SENSORS } from './item-rules';
import { boundRule } from './bound-rule';
import { THERMOSTAT_ITEMS } from './thermostat-items';
import { isNumber } from './values';

const [temperature, ...thermostatRows] = THERMOSTAT_ITEMS.map((row) => boundRule('ZHAThermostat', row));

/** ZHAThermostat items (from the bound table) and the config items every sensor shares. */
export const THERMOSTAT_AND_COMMON_RULES: readonly ItemRule[] = [
  temperature!,
  // Heating (deCONZ: `on`) while the valve opens more than a few percent, where the device reports
  // its heating demand; else what its running state says.
  {
    item: 'on',
    section: 'state',
    types: ['ZHAThermostat'],
    exposes: ['running_state', 'pi_heating_demand'],
    read: (get) => {
      const demand = get('pi_heating_demand');
      if (isNumber(demand)) return demand > 3;
      const state = get('running_state');
      return typeof state === 'string' ? state !== 'idle' : undefined;
    },
  },
  {
    item: 'heating',
    section: 'state',
    types: ['ZHAThermostat'],
    exposes: ['running_state', 'pi_heating_demand'],
    read: (get) => {
      const demand = get('pi_heating_demand');
      if (isNumber(demand)) return demand > 3;
      const state = get('running_state');
      return typeof state === 'string' ? state === 'heat' : undefined;
    },
  },
  ...thermostatRows,
  {
    item: 'battery',
    section: 'config',
    types: SENSORS,
    exposes: ['battery'],
    read: (get) => {
      const value = get('battery');
      return isNumber(value) ? Math.min(100, Math.max(0, Math.round(value))) : undefined;
    },
  },
  {
    item: 'ledindication',
    section: 'config',
    types: ['ZHAPresence'],
    exposes: ['led_indication'],
    read: (get) => {
      const value = get('led_indication');
      return typeof value === 'boolean' ? value : undefined;
    },
  },
  {
    item: 'duration',
    section: 'config',
    types: ['ZHAPresence'],
    exposes: ['occupancy_timeout'],
    read: (get) => {
      const value = get('occupancy_timeout');
      return isNumber(value) ? value : undefined;
    },
  },
  // The device's own occupied-to-unoccupied delay (deCONZ shows it as `delay` on Hue sensors);
  // `duration` stays for clients that already use it: both are the same device attribute.
  {
    item: 'delay',
    section: 'config',
    types: ['ZHAPresence'],
    exposes: ['occupancy_timeout'],
    read: (get) => {
      const value = get('occupancy_timeout');
      return isNumber(value) ? value : undefined;
    },
  },
  // Kept by the gateway (the device has no such attribute): 0 until a client sets one.
  { item: 'offset', section: 'config', types: ['ZHATemperature', 'ZHAHumidity'], exposes: [], read: () => 0 },
  { item: 'tholddark', section: 'config', types: ['ZHALightLevel'], exposes: [], read: (_get, ctx) => ctx.thresholds.tholddark },
  { item: 'tholdoffset', section: 'config', types: ['ZHALightLevel'], exposes: [], read: (_get, ctx) => ctx.thresholds.tholdoffset },
  // A device sensor is always enabled; reachable comes from the bridge's availability tracking.
  { item: 'on', section: 'config', types: SENSORS, exposes: [], read: () => true },
  { item: 'reachable', section: 'config', types: SENSORS, exposes: [] },
];
