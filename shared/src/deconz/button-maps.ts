import type { Read } from './read';

/**
 * Switches whose buttons deCONZ numbers its own way, keyed by the converters' model, as data:
 * which `buttonevent` each converter action is, and the sensor `mode`s the switch can be put in.
 * deCONZ reads a switch's commands through a button map per model and sensor mode; a mode changes
 * how the same commands are numbered (IKEA's SYMFONISK sound controller: 1 scenes, its turns as
 * hold/long release; 4 dimmer, its turns as short releases and their end as nothing).
 */
export interface ButtonMap {
  /** Converter action -> buttonevent, or a stop numbered by what it ends. */
  events: Readonly<Record<string, number | StopEvent>>;
  /** The sensor modes the switch takes (the first is its default), and each mode's renumbering (null: no event). */
  modes?: { values: readonly number[]; renumber: Readonly<Record<number, Readonly<Record<number, number | null>>>> };
}

/** A stop, numbered by the action it ends (the bridge's `action_stopped`); any other: no event. */
interface StopEvent {
  stops: Readonly<Record<string, number>>;
}

/** deCONZ's sensor `mode` numbers. */
export const SENSOR_MODE = { scenes: 1, twoGroups: 2, colorTemperature: 3, dimmer: 4 } as const;

/** A stop ends the turn in progress: which one, from the action the switch sent before (frame facts). */
const stopOf = (up: number, down: number): StopEvent => ({ stops: { brightness_move_up: up, brightness_move_down: down } });

/**
 * One input of a ubisys switch module whose converters name each input's actions by a suffix. deCONZ
 * numbers a stop only after a move, of either input (it keeps one direction per switch), and then
 * by the input that sends the stop; a stop after a stop or a toggle is nothing.
 */
const MOVES = ['s1', 's2'].flatMap((input) => [`brightness_move_up_${input}`, `brightness_move_down_${input}`]);
const ubisysInput = (button: number, suffix: string): Record<string, number | StopEvent> => ({
  [`toggle_${suffix}`]: button * 1000 + 2,
  [`brightness_move_up_${suffix}`]: button * 1000 + 1,
  [`brightness_move_down_${suffix}`]: button * 1000 + 1,
  [`brightness_stop_${suffix}`]: { stops: Object.fromEntries(MOVES.map((move) => [move, button * 1000 + 3])) },
});

export const BUTTON_MAPS: Readonly<Record<string, ButtonMap>> = {
  // SYMFONISK sound controller, gen 1: 1 the knob (press, double press, triple press), 2 turned clockwise, 3 counter-clockwise.
  E1744: {
    events: {
      toggle: 1002,
      brightness_step_up: 1004,
      brightness_step_down: 1005,
      brightness_move_up: 2001,
      brightness_move_down: 3001,
      brightness_stop: stopOf(2003, 3003),
    },
    modes: {
      values: [SENSOR_MODE.scenes, SENSOR_MODE.dimmer],
      renumber: { [SENSOR_MODE.dimmer]: { 2001: 2002, 3001: 3002, 2003: null, 3003: null } },
    },
  },
  // ubisys J1 shutter control, its inputs' covering client (endpoint 2): 1 opens, 2 closes, each as a
  // short release; the stop when an input is let go is the long release of the input that moved it.
  J1: {
    events: {
      open: 1002,
      close: 2002,
      stop: { stops: { open: 1003, close: 2003 } },
    },
  },
  // ubisys S2 power switch, its inputs' clients: 1 from endpoint 3 (`_s1`), 2 from endpoint 4 (`_s2`);
  // a toggle is the short release, a move either way the hold, the stop after a move the long release.
  S2: { events: { ...ubisysInput(1, 's1'), ...ubisysInput(2, 's2') } },
};

const mapOf = (model: string | undefined) => (model !== undefined && Object.hasOwn(BUTTON_MAPS, model) ? BUTTON_MAPS[model] : undefined);

/** Whether the converters' model has a button map of its own. */
export const hasButtonMap = (model: string | undefined) => mapOf(model) !== undefined;

/** The buttonevent of a converter state through a model's button map (undefined: not a press it maps). */
export function buttonMapEvent(model: string, get: Read): number | undefined {
  const action = get('action');
  const entry = typeof action === 'string' ? mapOf(model)?.events[action] : undefined;
  if (typeof entry !== 'object') return entry;
  const stopped = get('action_stopped');
  return typeof stopped === 'string' && Object.hasOwn(entry.stops, stopped) ? entry.stops[stopped] : undefined;
}

/** Every buttonevent a model's button map can produce, sorted (stops' included). */
export function buttonMapEvents(model: string): number[] {
  const entries = Object.values(mapOf(model)?.events ?? {});
  const codes = new Set(entries.flatMap((entry) => (typeof entry === 'number' ? [entry] : Object.values(entry.stops))));
  return [...codes].sort((a, b) => a - b);
}

/** The sensor modes a switch of this model may be set to (empty: its mode is fixed). */
export function switchModes(model: string | undefined): readonly number[] {
  return mapOf(model)?.modes?.values ?? [];
}

/** A ZHASwitch's mode until a client sets another: the model's first, else deCONZ's default (scenes). */
export function defaultSwitchMode(model: string | undefined): number {
  return switchModes(model)[0] ?? SENSOR_MODE.scenes;
}

/** A press as the switch's mode numbers it: the same code, another, or null (no event in this mode). */
export function buttonEventInMode(model: string | undefined, mode: number | undefined, event: number): number | null {
  const renumber = mode === undefined ? undefined : mapOf(model)?.modes?.renumber[mode];
  return renumber && Object.hasOwn(renumber, event) ? renumber[event]! : event;
}
