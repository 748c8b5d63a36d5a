import { isNumber } from './values';
import type { ItemRule } from './item-rules';

/**
 * ZHABattery: the battery of a device whose other resources are no sensor (Aqara's roller shade
 * driver E1 is a window covering light). deCONZ shows its charge in `state.battery` beside the
 * common `config.battery`, and `charging` while the charger is plugged in (the converters'
 * `charging_status`).
 */
export const BATTERY_RULES: readonly ItemRule[] = [
  {
    item: 'battery',
    section: 'state',
    types: ['ZHABattery'],
    exposes: ['battery'],
    read: (get) => {
      const value = get('battery');
      return isNumber(value) ? Math.min(100, Math.max(0, Math.round(value))) : undefined;
    },
  },
  {
    item: 'charging',
    section: 'state',
    types: ['ZHABattery'],
    exposes: ['charging_status'],
    read: (get) => {
      const value = get('charging_status');
      return typeof value === 'boolean' ? value : undefined;
    },
  },
];
