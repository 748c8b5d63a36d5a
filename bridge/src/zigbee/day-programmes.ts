import type { Definition } from 'zigbee-herdsman-converters';
import { fromZigbee as legacy } from 'zigbee-herdsman-converters/lib/legacy';
import type { ConverterState, ExposeJson } from './types';

/**
 * A Tuya radiator valve's week: a format (`week`: 5+2, 6+1 or 7) and a work-day and a holiday
 * programme (`workdays`, `holidays`: slots of hour, minute and °C), each its own data point, which
 * the valves' converter reports as its own key when that point comes. deCONZ shows the week as one
 * item, so the bridge keeps the three under one key (`weekly_programme`), merged from every report,
 * and names it in an expose for definitions that use the converter and can write all three. Found
 * by the converter a definition uses, never by its model.
 */
type FzConverter = Definition['fromZigbee'][number];

const KEY = 'weekly_programme';
const PARTS = ['week', 'workdays', 'holidays'] as const;
const WRITTEN = ['week', 'workdays_schedule', 'holidays_schedule'];
const CONVERTER = legacy.tuya_thermostat as FzConverter;

interface Slot {
  hour?: unknown;
  minute?: unknown;
  temperature?: unknown;
}
/** Slots as the valve holds them (the converter also marks the running one; that is no part of the programme). */
const slotsOf = (value: unknown) => (Array.isArray(value) ? (value as Slot[]).map(({ hour, minute, temperature }) => ({ hour, minute, temperature })) : value);

const keeps = (definition: Definition) => definition.fromZigbee.includes(CONVERTER);

/** The kept week after converter output `out`, or nothing when `out` carries none of it. */
export function keptProgramme(definition: Definition, out: ConverterState, state: ConverterState): ConverterState {
  if (!keeps(definition) || !PARTS.some((part) => part in out)) return {};
  const held = state[KEY];
  const next: Record<string, unknown> = typeof held === 'object' && held !== null ? { ...(held as Record<string, unknown>) } : {};
  for (const part of PARTS) if (part in out) next[part] = part === 'week' ? out[part] : slotsOf(out[part]);
  return { [KEY]: next };
}

/** The key as an expose, where the definition reads the week with the converter and writes all of it. */
export function keptProgrammeExposes(definition: Definition): ExposeJson[] {
  const writes = WRITTEN.every((key) => definition.toZigbee.some((c) => c.key?.includes(key) && c.convertSet));
  return keeps(definition) && writes ? [{ type: 'composite', name: KEY, property: KEY, access: 7, features: [] }] : [];
}
