import type { ItemValue } from '../mqtt/schemas/common';
import type { ThermostatSchedule } from '../mqtt/schemas/thermostat-schedule';
import { isNumber } from './values';

/**
 * A valve whose week is a format (five work days and two holidays, six and one, or seven alike)
 * and one day programme per part of it, each a fixed number of slots (hour, minute, whole °C): the
 * Tuya radiator valves' data points 111-113. The bridge keeps the parts and the format under one
 * key (`{ week, workdays: [{hour, minute, temperature}], holidays: […] }`); deCONZ shows each part
 * under the `W<days>` of the days it runs on (Monday = 64 … Sunday = 1), as it does for this valve.
 */
export interface ProgrammeMap {
  key: string;
  kind: 'programme';
  /** The converter key of the week format. */
  week: string;
  /** Part (as the bridge keeps it) -> the converter key a programme for it is written to. */
  parts: Readonly<Record<string, string>>;
  /** Week format -> part -> the deCONZ day bitmap it runs on. */
  formats: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Slots a part holds; a shorter programme repeats its last transition into the rest. */
  slots: number;
  /** Setpoints the slots take, in 0.01 °C (whole degrees only). */
  heat: readonly [number, number];
}

interface Slot {
  hour?: unknown;
  minute?: unknown;
  temperature?: unknown;
}
type Transition = { localtime: string; heatsetpoint: number };
type Written = { ok: true; payloads: Array<Record<string, unknown>> } | { ok: false; reason: string };

const pad = (n: number) => String(n).padStart(2, '0');
const fullWeek = (parts: Readonly<Record<string, number>>) => Object.values(parts).reduce((all, bits) => all | bits, 0) === 127;

/** One part's slots -> deCONZ transitions; a slot that repeats the one before it adds nothing and is left out. */
function transitionsOf(slots: unknown): Transition[] | undefined {
  if (!Array.isArray(slots)) return undefined;
  const out: Transition[] = [];
  for (const slot of slots as Slot[]) {
    if (!isNumber(slot?.hour) || !isNumber(slot.minute) || !isNumber(slot.temperature)) return undefined;
    const t = { localtime: `T${pad(slot.hour)}:${pad(slot.minute)}`, heatsetpoint: slot.temperature * 100 };
    const last = out[out.length - 1];
    if (!last || last.localtime !== t.localtime || last.heatsetpoint !== t.heatsetpoint) out.push(t);
  }
  return out.length > 0 ? out : undefined;
}

/** What the bridge keeps -> deCONZ's `schedule`: the parts the valve's week format runs on. */
export function readProgramme(map: ProgrammeMap, raw: unknown): ItemValue | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const kept = raw as Record<string, unknown>;
  const parts = map.formats[String(kept[map.week])];
  if (!parts) return undefined;
  const entries = Object.entries(parts)
    .map(([part, bits]) => [bits, transitionsOf(kept[part])] as const)
    .filter((entry): entry is readonly [number, Transition[]] => entry[1] !== undefined)
    .sort(([a], [b]) => a - b);
  return entries.length > 0 ? (Object.fromEntries(entries.map(([bits, list]) => [`W${bits}`, list])) as unknown as ItemValue) : undefined;
}

/** Which week format and part a day bitmap is, or undefined when no format has it. */
function partOf(map: ProgrammeMap, bits: number): { format: string; part: string } | undefined {
  for (const [format, parts] of Object.entries(map.formats)) {
    const part = Object.entries(parts).find(([, b]) => b === bits)?.[0];
    if (part) return { format, part };
  }
  return undefined;
}

const groupsOf = (map: ProgrammeMap) =>
  Object.entries(map.formats)
    .map(
      ([format, parts]) =>
        `${Object.values(parts)
          .map((b) => `W${b}`)
          .join(' and ')} (${format})`,
    )
    .join(', ');

/** One part's transitions -> the converters' text ("06:00/20°C …", every slot filled), or the reason the valve cannot hold them. */
function slotText(map: ProgrammeMap, transitions: readonly Transition[]): string | { reason: string } {
  if (transitions.length > map.slots) return { reason: `this valve holds ${map.slots} transitions a day` };
  const [low, high] = map.heat;
  const minutes = transitions.map((t) => Number(t.localtime.slice(1, 3)) * 60 + Number(t.localtime.slice(4, 6)));
  if (minutes.some((m, i) => i > 0 && m <= minutes[i - 1]!)) return { reason: 'transitions must follow each other in time' };
  if (transitions.some((t) => t.heatsetpoint % 100 !== 0 || t.heatsetpoint < low || t.heatsetpoint > high)) {
    return { reason: `this valve takes whole degrees from ${low} to ${high}` };
  }
  const filled = [...transitions, ...Array<Transition>(map.slots - transitions.length).fill(transitions[transitions.length - 1]!)];
  return filled.map((t) => `${t.localtime.slice(1)}/${t.heatsetpoint / 100}°C`).join(' ');
}

/**
 * deCONZ's `schedule` (already validated) -> converter payloads: the week format first when it
 * changes, then one programme per part. `current` is what the bridge keeps. A write names day
 * groups of one format; a write that changes the format must name the whole week, or days the
 * client did not name would change their programme.
 */
export function writeProgramme(map: ProgrammeMap, schedule: ThermostatSchedule, current: unknown): Written {
  const named = Object.keys(schedule).map((key) => ({ key, found: partOf(map, Number(key.slice(1))) }));
  const unknown = named.find((n) => !n.found);
  if (unknown) return { ok: false, reason: `${unknown.key}: this valve programmes ${groupsOf(map)}` };
  const formats = new Set(named.map((n) => n.found!.format));
  if (formats.size > 1) return { ok: false, reason: `${named.map((n) => n.key).join(' and ')} belong to different weeks of this valve: ${groupsOf(map)}` };
  const format = [...formats][0]!;
  const held = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[map.week] : undefined;
  const everyPart = Object.keys(map.formats[format]!).every((part) => named.some((n) => n.found!.part === part));
  if (held !== format && !(everyPart && fullWeek(map.formats[format]!))) {
    return {
      ok: false,
      reason: `the valve's week is ${held === undefined ? 'not known yet' : held}: name all of ${Object.values(map.formats[format]!)
        .map((b) => `W${b}`)
        .join(' and ')} to make it ${format}`,
    };
  }
  const payloads: Array<Record<string, unknown>> = held === format ? [] : [{ [map.week]: format }];
  for (const { key, found } of named) {
    const text = slotText(map, schedule[key]!);
    if (typeof text !== 'string') return { ok: false, reason: `${key}: ${text.reason}` };
    payloads.push({ [map.parts[found!.part]!]: text });
  }
  return { ok: true, payloads };
}
