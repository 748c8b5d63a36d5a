/**
 * deCONZ `buttonevent` = button * 1000 + gesture. Converter `action` strings are translated by
 * table; numbered actions (`2_single`, `button_3_hold`) by pattern. Unknown actions give nothing.
 */
export const GESTURE = {
  initial_press: 0,
  hold: 1,
  short_release: 2,
  long_release: 3,
  double_press: 4,
  treble_press: 5,
  quadruple_press: 6,
  shake: 7,
  drop: 8,
  tilt: 9,
  many_press: 10,
} as const;

const event = (button: number, gesture: keyof typeof GESTURE) => button * 1000 + GESTURE[gesture];

/**
 * Named actions, with deCONZ's numbering for the IKEA E1524/E1810 remote (1 toggle, 2 dim up,
 * 3 dim down, 4 left, 5 right) and the on/off switches (1 on, 2 off).
 */
export const ACTION_BUTTON_EVENTS: Readonly<Record<string, number>> = {
  on: event(1, 'short_release'),
  off: event(2, 'short_release'),
  toggle: event(1, 'short_release'),
  toggle_hold: event(1, 'hold'),
  brightness_up_click: event(2, 'short_release'),
  brightness_up_hold: event(2, 'hold'),
  brightness_up_release: event(2, 'long_release'),
  brightness_down_click: event(3, 'short_release'),
  brightness_down_hold: event(3, 'hold'),
  brightness_down_release: event(3, 'long_release'),
  brightness_move_up: event(1, 'hold'),
  brightness_move_down: event(2, 'hold'),
  arrow_left_click: event(4, 'short_release'),
  arrow_left_hold: event(4, 'hold'),
  arrow_left_release: event(4, 'long_release'),
  arrow_right_click: event(5, 'short_release'),
  arrow_right_hold: event(5, 'hold'),
  arrow_right_release: event(5, 'long_release'),
  single: event(1, 'short_release'),
  double: event(1, 'double_press'),
  triple: event(1, 'treble_press'),
  quadruple: event(1, 'quadruple_press'),
  long: event(1, 'long_release'),
  hold: event(1, 'hold'),
  release: event(1, 'long_release'),
  shake: event(1, 'shake'),
  drop: event(1, 'drop'),
  tilt: event(1, 'tilt'),
  // A colour remote's colour wheel (the tint remote's button 6 in deCONZ); where it points is `x`/`y`.
  color_move: event(6, 'short_release'),
};

/** The Hue wall switch module's two inputs (1 left, 2 right) and its four Hue notification types. */
const HUE_INPUTS: Readonly<Record<string, number>> = { left: 1, right: 2 };
const HUE_TYPES: Readonly<Record<string, keyof typeof GESTURE>> = {
  press: 'initial_press',
  hold: 'hold',
  press_release: 'short_release',
  hold_release: 'long_release',
};
const HUE_INPUT_EVENTS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(HUE_INPUTS).flatMap(([input, button]) => Object.entries(HUE_TYPES).map(([type, gesture]) => [`${input}_${type}`, event(button, gesture)])),
);

/** Aqara's rockers: inputs 1 left, 2 right, 3 both at once, as `<click>_<input>` actions. */
const ROCKER_INPUTS: Readonly<Record<string, number>> = { left: 1, right: 2, both: 3 };
const ROCKER_CLICKS: Readonly<Record<string, keyof typeof GESTURE>> = {
  single: 'short_release',
  double: 'double_press',
  triple: 'treble_press',
  hold: 'hold',
  release: 'long_release',
};
const ROCKER_EVENTS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(ROCKER_INPUTS).flatMap(([input, button]) =>
    Object.entries(ROCKER_CLICKS).map(([click, gesture]) => [`${click}_${input}`, event(button, gesture)]),
  ),
);

const NUMBERED_GESTURES: Readonly<Record<string, keyof typeof GESTURE>> = {
  press: 'initial_press',
  single: 'short_release',
  click: 'short_release',
  double: 'double_press',
  triple: 'treble_press',
  quadruple: 'quadruple_press',
  hold: 'hold',
  long: 'long_release',
  release: 'long_release',
};

/** The buttonevent for a converter action, or undefined when the action has no deCONZ meaning. */
export function buttonEventFor(action: string): number | undefined {
  if (action in ACTION_BUTTON_EVENTS) return ACTION_BUTTON_EVENTS[action];
  if (action in HUE_INPUT_EVENTS) return HUE_INPUT_EVENTS[action];
  if (action in ROCKER_EVENTS) return ROCKER_EVENTS[action];
  const match = /^(?:button_)?(\d{1,2})_([a-z]+)$/.exec(action);
  const gesture = match ? NUMBERED_GESTURES[match[2]] : undefined;
  return match && gesture ? event(Number(match[1]), gesture) : undefined;
}

/** IAS ACE keypad actions -> ZHAAncillaryControl `state.action` strings. */
export const KEYPAD_ACTION_NAMES: Readonly<Record<string, string>> = {
  disarm: 'disarmed',
  arm_day_zones: 'armed_stay',
  arm_night_zones: 'armed_night',
  arm_all_zones: 'armed_away',
  emergency: 'emergency',
  fire: 'fire',
  panic: 'panic',
  invalid_code: 'invalid_code',
};
