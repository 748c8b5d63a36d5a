import type { BoundItem } from './bindings';
import { boundRule } from './bound-rule';
import type { ItemRule } from './item-rules';
import { MOTION_SENSITIVITY_LEVELS } from './values';

/** The converters' presence events under deCONZ's names (Aqara FP1). */
const PRESENCE_EVENTS: Readonly<Record<string, string>> = {
  enter: 'enter',
  leave: 'leave',
  left_enter: 'enterleft',
  right_leave: 'rightleave',
  right_enter: 'enterright',
  left_leave: 'leftleave',
  approach: 'approaching',
  away: 'absenting',
};

/** ZHAPresence `presenceevent`: what the sensor last saw someone do. */
export const PRESENCE_RULES: readonly ItemRule[] = [
  {
    item: 'presenceevent',
    section: 'state',
    types: ['ZHAPresence'],
    exposes: ['presence_event'],
    read: (get) => {
      const event = get('presence_event');
      return typeof event === 'string' ? (PRESENCE_EVENTS[event] ?? event) : undefined;
    },
  },
];

/**
 * The motion sensitivity as deCONZ shows it: 0 (low) up to the device's highest level, which
 * `sensitivitymax` gives (2 for a Hue SML001 and an Aqara FP1, 4 for later Hue models), bound to the
 * converters' `motion_sensitivity` names.
 */
const SENSITIVITY = { key: 'motion_sensitivity', names: MOTION_SENSITIVITY_LEVELS, numbers: [] } as const;

/**
 * ZHAPresence config items bound to converter keys: `sensitivity` and `sensitivitymax`; `devicemode`,
 * undirected or leftright; `triggerdistance`, the distance at which someone
 * approaching is detected (far, medium, near); `resetpresence`, write-only, clears a presence the
 * sensor holds (reads false, as in deCONZ).
 */
export const PRESENCE_ITEMS: readonly BoundItem[] = [
  { item: 'sensitivity', section: 'config', keys: [{ ...SENSITIVITY, kind: 'levels' }] },
  { item: 'sensitivitymax', section: 'config', keys: [{ ...SENSITIVITY, kind: 'levelsMax' }] },
  { item: 'triggerdistance', section: 'config', keys: [{ key: 'approach_distance', kind: 'enum' }] },
  // Whether the sensor tells left from right (Aqara FP1; deCONZ's names).
  { item: 'devicemode', section: 'config', keys: [{ key: 'monitoring_mode', kind: 'enum', names: { left_right: 'leftright' } }] },
  { item: 'resetpresence', section: 'config', keys: [{ key: 'reset_nopresence_status', kind: 'trigger', value: '', state: 'reset_nopresence_status' }] },
];

export const PRESENCE_BOUND_RULES = PRESENCE_ITEMS.map((row) => boundRule('ZHAPresence', row));
