import type { ItemValue } from '../mqtt/schemas/common';
import type { ThermostatSchedule } from '../mqtt/schemas/thermostat-schedule';
import { isNumber } from './values';

/**
 * A thermostat's weekly programme between the converters and deCONZ. The bridge keeps what the
 * device answered per day (`sunday` … `saturday`: transitions with `time` in minutes after midnight
 * and `heat` in 0.01 °C); deCONZ groups days with the same transitions under `W<days>`, a bitmap
 * with Monday = 64 … Sunday = 1. A write becomes one converter `weekly_schedule` per group.
 */
export const SCHEDULE_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** deCONZ's bit for each day, in SCHEDULE_DAYS order (Sunday 1, Monday 64 … Saturday 2). */
const DAY_BITS = [1, 64, 32, 16, 8, 4, 2];

export interface DayTransition {
  time: number;
  heat?: number;
}
export type DaySchedules = Partial<Record<(typeof SCHEDULE_DAYS)[number], DayTransition[]>>;

const pad = (n: number) => String(n).padStart(2, '0');
const localtime = (minutes: number) => `T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The device's days -> deCONZ's `schedule` object (days without heating transitions left out). */
export function toDeconzSchedule(raw: unknown): ItemValue | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const byTransitions = new Map<string, { bits: number; transitions: Array<{ localtime: string; heatsetpoint: number }> }>();
  SCHEDULE_DAYS.forEach((day, index) => {
    const list = (raw as DaySchedules)[day];
    if (!Array.isArray(list)) return;
    const transitions = list.filter((t) => isNumber(t.time) && isNumber(t.heat)).map((t) => ({ localtime: localtime(t.time), heatsetpoint: t.heat! }));
    if (transitions.length === 0) return;
    const key = JSON.stringify(transitions);
    const group = byTransitions.get(key) ?? { bits: 0, transitions };
    group.bits |= DAY_BITS[index]!;
    byTransitions.set(key, group);
  });
  const groups = [...byTransitions.values()].sort((a, b) => a.bits - b.bits);
  return Object.fromEntries(groups.map((g) => [`W${g.bits}`, g.transitions])) as unknown as ItemValue;
}

/** deCONZ's `schedule` (already validated) -> the converters' `weekly_schedule` payloads, one per group of days. */
export function toConverterSchedules(schedule: ThermostatSchedule): Array<Record<string, unknown>> {
  return Object.entries(schedule).map(([key, transitions]) => {
    const bits = Number(key.slice(1));
    return {
      dayofweek: SCHEDULE_DAYS.filter((_, index) => bits & DAY_BITS[index]!),
      transitions: transitions.map((t) => ({
        transitionTime: Number(t.localtime.slice(1, 3)) * 60 + Number(t.localtime.slice(4, 6)),
        heatSetpoint: t.heatsetpoint / 100,
      })),
    };
  });
}
