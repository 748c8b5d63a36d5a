import type { SubdeviceType } from '../mqtt/schemas/device';
import type { BoundItem } from './bindings';
import { boundRule } from './bound-rule';
import type { ItemRule } from './item-rules';
import { IAS_TYPES } from './item-rules';
import { isNumber } from './values';

/** Alarm sensors that may run a self-test (deCONZ `usertest`). */
export const SELF_TEST_TYPES: readonly SubdeviceType[] = ['ZHAFire', 'ZHACarbonMonoxide', 'ZHAWater', 'ZHAAlarm'];

/**
 * `usertest`: true starts the device's self-test (the converters' one-shot `selftest` or `trigger_selftest`), and reads
 * true while the device reports it is testing (`test`); it ends by itself, so false answers 7.
 * `sensitivity`: a detector's alarm threshold, 0 (low) to 2 (high) as deCONZ shows Xiaomi's smoke
 * and gas detectors, written by name (the converters keep the level they last wrote).
 */
export const IAS_ITEMS: readonly BoundItem[] = [
  {
    item: 'usertest',
    section: 'config',
    keys: [
      { key: 'selftest', kind: 'trigger', value: '', state: 'test' },
      // Heiman's newer alarms (HM-5HA-E): the IAS zone's own test mode, the zone's test bit while it runs.
      { key: 'trigger_selftest', kind: 'trigger', value: 'test', state: 'test' },
    ],
  },
  { item: 'sensitivity', section: 'config', keys: [{ key: 'sensitivity', kind: 'levels', names: ['low', 'medium', 'high'], numbers: [] }] },
];

/**
 * Config items of an IAS zone's sensor that come from the zone itself. `enrolled`: the zone's
 * ZCL zoneState, 1 once it is enrolled with the coordinator (its CIE), 0 before; read-only, as in
 * deCONZ (a write answers 8). The bridge adds the `zone_state` key for every device with a zone.
 */
export const IAS_RULES: readonly ItemRule[] = [
  {
    item: 'enrolled',
    section: 'config',
    types: IAS_TYPES,
    exposes: ['zone_state'],
    read: (get) => {
      const value = get('zone_state');
      return isNumber(value) ? value : undefined;
    },
  },
];

export const SELF_TEST_RULES: readonly ItemRule[] = SELF_TEST_TYPES.flatMap((type) => IAS_ITEMS.map((row) => boundRule(type, row)));
