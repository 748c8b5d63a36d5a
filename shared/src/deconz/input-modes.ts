/**
 * deCONZ's `config.mode` of ubisys' switch modules (S1, S2, J1): how the device's inputs act, kept in
 * the input actions of its device setup cluster (an array of octet strings, each `input, transition,
 * source endpoint, cluster (u16 LE), command…`). deCONZ names two presets per model, `momentary` (push
 * buttons) and `rocker` (switches: a change either way toggles, or stops a covering), and shows any
 * other content as `custom_<hex>`: the array as the device sends it without its type byte (element
 * type 0x41, count u16 LE, then each entry's length and bytes), upper-case hex. Writing `custom_<hex>`
 * writes exactly that. Keyed by the converters' model, the presets are the byte strings deCONZ writes.
 */
export type InputActions = ReadonlyArray<readonly number[]>;

const OCTET_STRING = 0x41;
const CUSTOM = 'custom_';

const ON_OFF = [0x06, 0x00];
const COVERING = [0x02, 0x01];
const PRESS = 0x0d;
const RELEASE = 0x07;
const ANY_RELEASE = 0x03;
const TOGGLE = 0x02;

/** S1 and S1-R: input 0 toggles the relay through the on/off client of endpoint 2 (1 through 3). */
const S1: Readonly<Record<string, InputActions>> = {
  momentary: [
    [0, PRESS, 2, ...ON_OFF, TOGGLE],
    [1, PRESS, 3, ...ON_OFF, TOGGLE],
  ],
  rocker: [
    [0, PRESS, 2, ...ON_OFF, TOGGLE],
    [0, ANY_RELEASE, 2, ...ON_OFF, TOGGLE],
  ],
};

export const INPUT_PRESETS: Readonly<Record<string, Readonly<Record<string, InputActions>>>> = {
  S1,
  'S1-R': S1,
  // Inputs 0 and 1 toggle through the on/off clients of endpoints 3 and 4.
  S2: {
    momentary: [
      [0, PRESS, 3, ...ON_OFF, TOGGLE],
      [1, PRESS, 4, ...ON_OFF, TOGGLE],
    ],
    rocker: [
      [0, PRESS, 3, ...ON_OFF, TOGGLE],
      [1, PRESS, 4, ...ON_OFF, TOGGLE],
      [0, ANY_RELEASE, 3, ...ON_OFF, TOGGLE],
      [1, ANY_RELEASE, 4, ...ON_OFF, TOGGLE],
    ],
  },
  // Input 0 opens and input 1 closes through the covering client of endpoint 2; letting go stops.
  J1: {
    momentary: [
      [0, PRESS, 2, ...COVERING, 0x00],
      [0, RELEASE, 2, ...COVERING, 0x02],
      [1, PRESS, 2, ...COVERING, 0x01],
      [1, RELEASE, 2, ...COVERING, 0x02],
    ],
    rocker: [
      [0, PRESS, 2, ...COVERING, 0x00],
      [0, ANY_RELEASE, 2, ...COVERING, 0x02],
      [1, PRESS, 2, ...COVERING, 0x01],
      [1, ANY_RELEASE, 2, ...COVERING, 0x02],
    ],
  },
};

const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
const same = (a: InputActions, b: InputActions) =>
  a.length === b.length && a.every((entry, i) => entry.length === b[i]!.length && entry.every((x, j) => x === b[i]![j]));
const isActions = (raw: unknown): raw is InputActions =>
  Array.isArray(raw) && raw.every((entry) => Array.isArray(entry) && entry.every((x) => Number.isInteger(x) && x >= 0 && x <= 255));

/** The device's input actions as deCONZ names them (undefined until they were read). */
export function inputModeOf(presets: Readonly<Record<string, InputActions>>, raw: unknown): string | undefined {
  if (!isActions(raw)) return undefined;
  const named = Object.entries(presets).find(([, actions]) => same(actions, raw));
  if (named) return named[0];
  const count = raw.length;
  return `${CUSTOM}${hex(OCTET_STRING)}${hex(count & 0xff)}${hex(count >> 8)}${raw.map((entry) => hex(entry.length) + entry.map(hex).join('')).join('')}`;
}

/** A mode a client wrote -> the input actions to write, or why they cannot be written. */
export function inputActionsFor(
  presets: Readonly<Record<string, InputActions>>,
  value: unknown,
): { ok: true; actions: InputActions } | { ok: false; reason: string } {
  const expected = `${Object.keys(presets).join(', ')} or ${CUSTOM}<hex>`;
  if (typeof value !== 'string') return { ok: false, reason: `expected ${expected}` };
  if (Object.hasOwn(presets, value)) return { ok: true, actions: presets[value]! };
  const digits = value.startsWith(CUSTOM) ? value.slice(CUSTOM.length) : '';
  if (!/^([0-9a-fA-F]{2})+$/.test(digits)) return { ok: false, reason: `expected ${expected}` };
  const bytes = digits.match(/../g)!.map((pair) => parseInt(pair, 16));
  const [type, low, high] = bytes;
  if (type !== OCTET_STRING || low === undefined || high === undefined)
    return { ok: false, reason: 'custom input actions start with 41 (octet strings) and a 16-bit count' };
  const actions: number[][] = [];
  let at = 3;
  for (let i = 0; i < low + (high << 8); i++) {
    const length = bytes[at];
    if (length === undefined || at + 1 + length > bytes.length) return { ok: false, reason: `custom input actions: entry ${i + 1} runs past the end` };
    actions.push(bytes.slice(at + 1, at + 1 + length));
    at += 1 + length;
  }
  if (at !== bytes.length) return { ok: false, reason: 'custom input actions: bytes left after the last entry' };
  return { ok: true, actions };
}
