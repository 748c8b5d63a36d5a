import type { BoundItem } from './bindings';
import { boundRule } from './bound-rule';
import type { ItemRule } from './item-rules';
import type { Read } from './read';
import { isNumber } from './values';

/**
 * ZHASwitch config items bound to converter keys, as the thermostat's are: present when the device
 * exposes the key, written only with the values its expose lists (others answer 7).
 */
export const SWITCH_ITEMS: readonly BoundItem[] = [
  // The Hue wall switch module's inputs: single or dual, rocker or push button (deCONZ's names).
  {
    item: 'devicemode',
    section: 'config',
    keys: [
      {
        key: 'device_mode',
        kind: 'enum',
        names: {
          single_rocker: 'singlerocker',
          single_push_button: 'singlepushbutton',
          dual_rocker: 'dualrocker',
          dual_push_button: 'dualpushbutton',
        },
      },
    ],
  },
  // Aqara's wireless switches: every click kind (multiclick) or a single click sent at once (highspeed).
  { item: 'clickmode', section: 'config', keys: [{ key: 'click_mode', kind: 'enum', names: { multi: 'multiclick', fast: 'highspeed' } }] },
  // ubisys' switch modules: how their inputs act (`momentary`, `rocker`, `custom_<hex>`, input-modes.ts),
  // from the input actions of the device setup cluster (keys the bridge adds, see its input-setup.ts).
  { item: 'mode', section: 'config', keys: [{ key: 'input_actions', kind: 'inputs' }] },
  // The ubisys J1's covering type (0-9, ZCL window covering types); writing it starts a calibration.
  { item: 'windowcoveringtype', section: 'config', keys: [{ key: 'window_covering_type', kind: 'number', scale: 1 }] },
];

export const SWITCH_BOUND_RULES = SWITCH_ITEMS.map((row) => boundRule('ZHASwitch', row));

const num = (key: string) => (get: Read) => {
  const value = get(key);
  return isNumber(value) ? value : undefined;
};

/**
 * ZHASwitch items read from what the switch sends (keys the bridge adds from the frame where the
 * converters leave them out, see the bridge's frame-facts): how long a Hue button was held, in the
 * switch's own count (`eventduration`); the colour a remote's colour wheel asks for, as raw CIE
 * words 0-65535 (`x`, `y`); and the group the switch's commands go to (`group`, from the group
 * address of its groupcasts, as the converters name it), present where the device sends such.
 */
export const SWITCH_RULES: readonly ItemRule[] = [
  { item: 'eventduration', section: 'state', types: ['ZHASwitch'], exposes: ['event_duration'], read: num('event_duration') },
  { item: 'x', section: 'state', types: ['ZHASwitch'], exposes: ['action_color_x'], read: num('action_color_x') },
  { item: 'y', section: 'state', types: ['ZHASwitch'], exposes: ['action_color_y'], read: num('action_color_y') },
  { item: 'group', section: 'config', types: ['ZHASwitch'], exposes: ['action_group'], read: num('action_group') },
];
