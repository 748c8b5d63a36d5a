import type { BoundItem } from './bindings';
import type { ItemRule } from './item-rules';
import { isNumber } from './values';

/**
 * ZHAVibration beyond `vibration` (gateway-rest-api.md): the axes the sensor rests at as three
 * angles in degrees (deCONZ `orientation`), the angle of its last tilt, and the strength of its
 * last vibration.
 */
export const VIBRATION_RULES: readonly ItemRule[] = [
  {
    item: 'orientation',
    section: 'state',
    types: ['ZHAVibration'],
    exposes: ['angle_x'],
    read: (get) => {
      const axes = [get('angle_x'), get('angle_y'), get('angle_z')];
      return axes.every(isNumber) ? (axes as number[]) : undefined;
    },
  },
  {
    item: 'tiltangle',
    section: 'state',
    types: ['ZHAVibration'],
    exposes: ['angle_x'],
    read: (get) => {
      const value = get('angle');
      return isNumber(value) ? Math.round(value) : undefined;
    },
  },
  {
    item: 'vibrationstrength',
    section: 'state',
    types: ['ZHAVibration'],
    exposes: ['strength'],
    read: (get) => {
      const value = get('strength');
      return isNumber(value) ? Math.round(value) : undefined;
    },
  },
];

/**
 * The sensitivity as deCONZ shows it, 0 (low) to 2 (high), bound to the converters' `sensitivity`
 * (written as low/medium/high; reported as the device value, 21 least to 1 most sensitive).
 */
const LEVELS = { key: 'sensitivity', names: ['low', 'medium', 'high'], numbers: [21, 11, 1] } as const;
export const VIBRATION_ITEMS: readonly BoundItem[] = [
  { item: 'sensitivity', section: 'config', keys: [{ ...LEVELS, kind: 'levels' }] },
  { item: 'sensitivitymax', section: 'config', keys: [{ ...LEVELS, kind: 'levelsMax' }] },
];
