import type { ItemValue } from '../mqtt/schemas/common';

/**
 * What a state item shows before the device or the gateway has set it. deCONZ lists every public
 * item of a resource from the moment it exists (rest_sensors.cpp `sensorToMap` walks all items):
 * an item never set is `null`, except a string one, which is `""` (resource.cpp
 * `ResourceItem::toVariant`), and `lastupdated`, which is `"none"`. deCONZ's device descriptions
 * give some items a default instead (a keypad's `action` starts as `disarmed`); numbers and bools
 * stay `null` here rather than take a made-up 0 or false, so a client never reads a reading nobody took.
 */
export type ItemKind = 'string' | 'number' | 'bool' | 'array' | 'time';

interface KindRow {
  kind: ItemKind;
  /** Shown before it is set, where deCONZ's description gives a default a client depends on. */
  initial?: ItemValue;
  /**
   * Shown only once set: a client parses any value present as one of a fixed set (pydeconz reads
   * a present `presenceevent` as its enum, which has no member for `""`).
   */
  onceSet?: true;
}

const STRINGS = ['airquality', 'alert', 'colormode', 'effect', 'errorcode', 'fanmode', 'panel', 'windowopen'] as const;
const NUMBERS = [
  'airqualityppb', 'angle', 'battery', 'bri', 'buttonevent', 'consumption', 'ct', 'current', 'eventduration',
  'floortemperature', 'gesture', 'hue', 'humidity', 'lift', 'lightlevel', 'lux', 'power', 'pressure', 'sat',
  'seconds_remaining', 'speed', 'status', 'temperature', 'tilt', 'tiltangle', 'valve', 'vibrationstrength', 'voltage', 'x', 'y',
] as const;
const BOOLS = [
  'alarm', 'carbonmonoxide', 'charging', 'dark', 'daylight', 'fire', 'heating', 'lowbattery', 'mountingmodeactive',
  'on', 'open', 'presence', 'reachable', 'tampered', 'vibration', 'water',
] as const;
const ARRAYS = ['orientation', 'xy'] as const;
/** Timestamps: `null` until set (deCONZ's DataTypeTime). */
const TIMES = ['lastset', 'localtime', 'utc', 'sunrise', 'sunset'] as const;

/** Every state item herdgate shows, by name: its deCONZ data type and what it shows before it is set. */
export const STATE_ITEM_KINDS: Readonly<Record<string, KindRow>> = {
  ...Object.fromEntries(STRINGS.map((item) => [item, { kind: 'string' }])),
  ...Object.fromEntries(NUMBERS.map((item) => [item, { kind: 'number' }])),
  ...Object.fromEntries(BOOLS.map((item) => [item, { kind: 'bool' }])),
  ...Object.fromEntries(ARRAYS.map((item) => [item, { kind: 'array' }])),
  ...Object.fromEntries(TIMES.map((item) => [item, { kind: 'time' }])),
  // deCONZ's generic keypad item defaults to `disarmed`; pydeconz reads it as an enum without `""`.
  action: { kind: 'string', initial: 'disarmed' },
  presenceevent: { kind: 'string', onceSet: true },
};

/** The value an item shows before it is set; undefined for an item shown only once set. */
export function unsetValue(item: string): ItemValue | undefined {
  const row = STATE_ITEM_KINDS[item];
  if (item === 'lastupdated') return 'none';
  if (!row) return null;
  if (row.onceSet) return undefined;
  if (row.initial !== undefined) return row.initial;
  return row.kind === 'string' ? '' : null;
}

/** `items` with every one of `names` it lacks at its unset value (deCONZ's view of a new resource). */
export function withUnsetItems<T extends Record<string, unknown>>(names: readonly string[], items: T): T & Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = unsetValue(name);
    if (value !== undefined) out[name] = value;
  }
  for (const [name, value] of Object.entries(items)) if (value !== undefined) out[name] = value;
  return out as T & Record<string, unknown>;
}
