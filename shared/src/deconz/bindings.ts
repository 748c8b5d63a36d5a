import type { ItemValue } from '../mqtt/schemas/common';
import { flattenExposes, type ExposeJson } from './expose';
import { isNumber } from './values';
import { toConverterSchedules, toDeconzSchedule } from './schedule';
import type { ThermostatSchedule } from '../mqtt/schemas/thermostat-schedule';
import { INPUT_PRESETS, inputActionsFor, inputModeOf, type InputActions } from './input-modes';
import { readProgramme, writeProgramme, type ProgrammeMap } from './programme';

/**
 * How a deCONZ item maps onto one converter key, as data. `number`: deCONZ = converter × scale;
 * `bool`: a binary expose (its own on/off values); `enum`: names, spaced where the converters use
 * underscores unless `names` says otherwise; `flag`: true when the converter value is one of `on`,
 * written as `write[0]` (true) or `write[1]` (false); `levels`: deCONZ 0, 1, 2… are the converter's
 * `names` (written by name; a number the converter reports is matched to the nearest of `numbers`),
 * as many of them as the device's expose offers (a Hue motion sensor has three, later models five);
 * `first` numbers the levels from another value (deCONZ's meter interface modes start at 1);
 * `levelsMax`: the device's highest level (deCONZ's read-only `sensitivitymax` beside `sensitivity`);
 * `thresholds`: a reading named by the first limit it does not exceed (read-only); `trigger`: a
 * one-shot command (a self-test) started by writing true, which sends `value` to `key`, and read
 * from the `state` key the device reports while it runs; `schedule`: a weekly programme read from
 * the days the bridge keeps (`key`), written as one `writeKey` per group; `inputs`: a switch module's
 * input actions as deCONZ's mode names for the device's model (input-modes.ts); `programme`: a week
 * of day programmes in fixed slots under a week format (programme.ts).
 */
export type KeyMap =
  | { key: string; kind: 'number'; scale: number }
  | { key: string; kind: 'bool' }
  | { key: string; kind: 'enum'; names?: Readonly<Record<string, string>> }
  | { key: string; kind: 'flag'; on: readonly string[]; write: readonly [string, string] }
  | { key: string; kind: 'levels' | 'levelsMax'; names: readonly string[]; numbers: readonly number[]; first?: number }
  | { key: string; kind: 'thresholds'; limits: ReadonlyArray<readonly [number, string]>; above: string }
  | { key: string; kind: 'trigger'; value: unknown; state: string }
  | { key: string; kind: 'schedule'; writeKey: string }
  | { key: string; kind: 'inputs' }
  | ProgrammeMap;

/** The converter key an item is read from: its own, or the state a trigger's device reports. */
export const readKeyOf = (map: KeyMap) => (map.kind === 'trigger' ? map.state : map.key);

/**
 * What the device's own expose says about an item (found when the sub-device is described): the
 * converter key, and what the device accepts, in deCONZ units. Kept in the sub-device plan, so
 * reading and writing the item need no device branches.
 */
export interface ItemBinding {
  map: KeyMap;
  writable: boolean;
  /** Binary exposes: the converter values for true and false. */
  on?: ItemValue;
  off?: ItemValue;
  min?: number;
  max?: number;
  /** Enums: the deCONZ names the device accepts. */
  values?: string[];
  /** Input modes: the named input actions of the device's model. */
  presets?: Readonly<Record<string, InputActions>>;
}

/** An item's alternatives, first exposed wins (`locked` is a child lock or a keypad lockout). */
export interface BoundItem {
  item: string;
  section: 'state' | 'config';
  keys: readonly KeyMap[];
}

const ACCESS_SET = 0b010;
const spaced = (value: string) => value.replace(/_/g, ' ');

function enumName(map: KeyMap & { kind: 'enum' }, value: string): string {
  return map.names?.[value] ?? spaced(value);
}

/**
 * The binding of one item from the exposes of its sub-device, or undefined when none is exposed (or,
 * for input modes, when the converters' `model` has no named presets).
 */
export function bindItem(row: BoundItem, exposes: readonly ExposeJson[], model?: string): ItemBinding | undefined {
  const flat = flattenExposes(exposes);
  for (const map of row.keys) {
    const presets = map.kind === 'inputs' && model !== undefined && Object.hasOwn(INPUT_PRESETS, model) ? INPUT_PRESETS[model] : undefined;
    if (map.kind === 'inputs' && !presets) continue;
    // By name, or by property where a feature's name is short for it (a fan's `mode` is `fan_mode`).
    const expose = flat.find((candidate) => (candidate.name ?? candidate.property) === map.key) ?? flat.find((candidate) => candidate.property === map.key);
    if (!expose) continue;
    const binding: ItemBinding = { map, writable: ((expose.access ?? 0) & ACCESS_SET) !== 0 };
    if (map.kind === 'bool') {
      binding.on = (expose as { value_on?: ItemValue }).value_on ?? true;
      binding.off = (expose as { value_off?: ItemValue }).value_off ?? false;
    } else if (map.kind === 'number') {
      if (isNumber(expose.value_min)) binding.min = Math.round(expose.value_min * map.scale);
      if (isNumber(expose.value_max)) binding.max = Math.round(expose.value_max * map.scale);
    } else if (map.kind === 'levels' || map.kind === 'levelsMax') {
      binding.min = map.first ?? 0;
      binding.max = binding.min + levelCount(map.names, expose.values) - 1;
      if (map.kind === 'levelsMax') binding.writable = false;
    } else if (map.kind === 'flag' && expose.values && !map.on.some((value) => expose.values!.includes(value))) {
      // An enum that never takes the flag's value is some other setting of the same name.
      continue;
    } else if (map.kind === 'enum' && expose.values) {
      binding.values = expose.values.map((value) => enumName(map, String(value)));
    } else if (presets) {
      binding.presets = presets;
      binding.values = Object.keys(presets);
    }
    return binding;
  }
  return undefined;
}

/** How many of `names` the device takes: the leading ones its enum expose lists (all without a list). */
function levelCount(names: readonly string[], values: ExposeJson['values']): number {
  if (!values) return names.length;
  const count = names.findIndex((name) => !values.includes(name));
  return count < 0 ? names.length : count;
}

/** Converter value -> deCONZ value through a binding (undefined when the value is not of its kind). */
export function readBound(binding: ItemBinding, raw: unknown): ItemValue | undefined {
  const { map } = binding;
  switch (map.kind) {
    case 'number':
      return isNumber(raw) ? Math.round(raw * map.scale) : undefined;
    case 'bool':
      return raw === binding.on ? true : raw === binding.off ? false : undefined;
    case 'enum':
      return typeof raw === 'string' ? enumName(map, raw) : undefined;
    case 'flag':
      return typeof raw === 'string' ? map.on.includes(raw) : undefined;
    case 'levels': {
      const level = levelOf(map.names, map.numbers, raw);
      return level === undefined ? undefined : level + (map.first ?? 0);
    }
    case 'levelsMax':
      return binding.max ?? (map.first ?? 0) + map.names.length - 1;
    case 'thresholds':
      return isNumber(raw) ? (map.limits.find(([limit]) => raw <= limit)?.[1] ?? map.above) : undefined;
    case 'trigger':
      return typeof raw === 'boolean' ? raw : false;
    case 'schedule':
      return toDeconzSchedule(raw);
    case 'inputs':
      return inputModeOf(binding.presets ?? {}, raw);
    case 'programme':
      return readProgramme(map, raw);
  }
}

function levelOf(names: readonly string[], numbers: readonly number[], raw: unknown): number | undefined {
  if (typeof raw === 'string') return names.includes(raw) ? names.indexOf(raw) : undefined;
  if (!isNumber(raw) || numbers.length === 0) return undefined;
  const distances = numbers.map((n) => Math.abs(n - raw));
  return distances.indexOf(Math.min(...distances));
}

export type BoundWrite =
  | { ok: true; key: string; value: unknown }
  /** Payloads sent one after another, after the other items (a converter takes one day group a call). */
  | { ok: true; payloads: Array<Record<string, unknown>> }
  | { ok: false; reason: string };

/**
 * deCONZ value -> converter payload entry, or the reason the device cannot take it. `current` is
 * the converter value the item is read from (a programme is written against the week it has).
 */
export function writeBound(binding: ItemBinding, value: unknown, current?: unknown): BoundWrite {
  const { map } = binding;
  if (!binding.writable) return { ok: false, reason: 'read-only on this device' };
  switch (map.kind) {
    case 'number': {
      if (!isNumber(value)) return { ok: false, reason: 'expected a number' };
      if ((binding.min !== undefined && value < binding.min) || (binding.max !== undefined && value > binding.max)) {
        return { ok: false, reason: `this device takes ${binding.min ?? '…'} to ${binding.max ?? '…'}` };
      }
      return { ok: true, key: map.key, value: value / map.scale };
    }
    case 'bool':
      return typeof value === 'boolean' ? { ok: true, key: map.key, value: value ? binding.on : binding.off } : { ok: false, reason: 'expected true or false' };
    case 'enum': {
      const names = binding.values ?? [];
      if (typeof value !== 'string' || !names.includes(value)) return { ok: false, reason: `this device takes ${names.join(', ')}` };
      const converter = Object.entries(map.names ?? {}).find(([, name]) => name === value)?.[0] ?? value.replace(/ /g, '_');
      return { ok: true, key: map.key, value: converter };
    }
    case 'flag':
      return typeof value === 'boolean' ? { ok: true, key: map.key, value: map.write[value ? 0 : 1] } : { ok: false, reason: 'expected true or false' };
    case 'thresholds':
      return { ok: false, reason: 'read-only on this device' };
    case 'trigger':
      if (value === true) return { ok: true, key: map.key, value: map.value };
      return { ok: false, reason: typeof value === 'boolean' ? 'only true starts it' : 'expected true' };
    // Validated against the deCONZ shape before it gets here (thermostatScheduleSchema): one payload per group of days.
    case 'schedule':
      return typeof value === 'object' && value !== null
        ? { ok: true, payloads: toConverterSchedules(value as ThermostatSchedule).map((group) => ({ [map.writeKey]: group })) }
        : { ok: false, reason: 'expected a weekly schedule' };
    case 'programme':
      return typeof value === 'object' && value !== null
        ? writeProgramme(map, value as ThermostatSchedule, current)
        : { ok: false, reason: 'expected a weekly schedule' };
    case 'inputs': {
      const actions = inputActionsFor(binding.presets ?? {}, value);
      return actions.ok ? { ok: true, key: map.key, value: actions.actions } : actions;
    }
    case 'levels':
    case 'levelsMax': {
      const first = map.first ?? 0;
      const last = binding.max ?? first + map.names.length - 1;
      const index = (value as number) - first;
      return Number.isInteger(value) && index >= 0 && (value as number) <= last
        ? { ok: true, key: map.key, value: map.names[index] }
        : { ok: false, reason: `this device takes ${first} to ${last}` };
    }
  }
}
