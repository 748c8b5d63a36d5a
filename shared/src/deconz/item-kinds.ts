import type { ItemValue } from '../mqtt/schemas/common';

/**
 * What a state item shows before the device or the gateway has set it. deCONZ lists every public
 * item of a resource from the moment it exists (rest_sensors.cpp `sensorToMap` walks all items):
 * an item never set is `null`, except a string one, which is `""` (resource.cpp
 * `ResourceItem::toVariant`), and `lastupdated`, which is `"none"`. deCONZ's device descriptions
 * give many items a default (below, `STATE_ITEM_DEFAULTS`); herdgate keeps an unreported item
 * unset in its records and fills the default in where it shows a device resource.
 */
export type ItemKind = 'string' | 'number' | 'bool' | 'array' | 'time';

/**
 * What deCONZ shows for a state item of a device resource before the device reported it: the
 * `default` of its generic item description (devices/generic/items/state_*_item.json), which deCONZ
 * writes into every new DDF resource, with `lastupdated` left at "none". Home Assistant creates a
 * sensor entity only for a value that is not null, so a sensor paired after setup needs these.
 * Items whose description has no default (battery, colormode, xy, airquality, timestamps...) are
 * absent here and stay null or "". herdgate shows them in the REST view and events only
 * (`withItemDefaults`); its records, MQTT and rules keep an unreported item unset.
 */
export const STATE_ITEM_DEFAULTS: Readonly<Record<string, ItemValue>> = {
  ...Object.fromEntries(
    [
      'airqualityppb',
      'angle',
      'bri',
      'buttonevent',
      'consumption',
      'ct',
      'current',
      'eventduration',
      'gesture',
      'hue',
      'humidity',
      'lift',
      'lightlevel',
      'lux',
      'power',
      'pressure',
      'sat',
      'seconds_remaining',
      'speed',
      'temperature',
      'tilt',
      'tiltangle',
      'valve',
      'vibrationstrength',
      'voltage',
      'x',
      'y',
    ].map((item) => [item, 0]),
  ),
  ...Object.fromEntries(
    [
      'alarm',
      'carbonmonoxide',
      'charging',
      'dark',
      'daylight',
      'fire',
      'heating',
      'lowbattery',
      'mountingmodeactive',
      'on',
      'open',
      'presence',
      'reachable',
      'tampered',
      'vibration',
      'water',
    ].map((item) => [item, false]),
  ),
  action: 'disarmed',
  alert: 'none',
  effect: 'none',
  panel: 'disarmed',
  windowopen: 'Quarantine',
};

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
  'airqualityppb',
  'angle',
  'battery',
  'bri',
  'buttonevent',
  'consumption',
  'ct',
  'current',
  'eventduration',
  'floortemperature',
  'gesture',
  'hue',
  'humidity',
  'lift',
  'lightlevel',
  'lux',
  'power',
  'pressure',
  'sat',
  'seconds_remaining',
  'speed',
  'status',
  'temperature',
  'tilt',
  'tiltangle',
  'valve',
  'vibrationstrength',
  'voltage',
  'x',
  'y',
] as const;
const BOOLS = [
  'alarm',
  'carbonmonoxide',
  'charging',
  'dark',
  'daylight',
  'fire',
  'heating',
  'lowbattery',
  'mountingmodeactive',
  'on',
  'open',
  'presence',
  'reachable',
  'tampered',
  'vibration',
  'water',
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

/** Whether `value` is what `item` shows before it is set: unset (null, "") or deCONZ's default. */
export function isUnsetShown(item: string, value: unknown): boolean {
  return value === null || value === '' || value === unsetValue(item) || (Object.hasOwn(STATE_ITEM_DEFAULTS, item) && value === STATE_ITEM_DEFAULTS[item]);
}

/**
 * A device resource's state as deCONZ shows it: each item still unset (null, or "" for a string)
 * at its generic default where deCONZ has one. A view-level fill: the caller's state is not changed.
 */
export function withItemDefaults<T extends Record<string, unknown>>(state: T): T {
  let out: Record<string, unknown> | undefined;
  for (const [item, value] of Object.entries(state)) {
    if ((value !== null && value !== '') || !Object.hasOwn(STATE_ITEM_DEFAULTS, item)) continue;
    out ??= { ...state };
    out[item] = STATE_ITEM_DEFAULTS[item];
  }
  return (out ?? state) as T;
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
