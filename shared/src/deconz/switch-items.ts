import type { BoundItem } from './bindings';
import { boundRule } from './bound-rule';

/**
 * ZHASwitch config items bound to converter keys, as the thermostat's are: present when the device
 * exposes the key, written only with the values its expose lists (others answer 7).
 */
export const SWITCH_ITEMS: readonly BoundItem[] = [
  // The Hue wall switch module's inputs: single or dual, rocker or push button (deCONZ's names).
  { item: 'devicemode', section: 'config', keys: [{ key: 'device_mode', kind: 'enum', names: {
    single_rocker: 'singlerocker', single_push_button: 'singlepushbutton', dual_rocker: 'dualrocker', dual_push_button: 'dualpushbutton',
  } }] },
];

export const SWITCH_BOUND_RULES = SWITCH_ITEMS.map((row) => boundRule('ZHASwitch', row));
