/** Where a stored schedule's time comes from, and when it fires next. */
import { nextFire, parseScheduleTime, type ScheduleTime } from './schedule-time';

export interface TimedSchedule {
  time: string | null;
  localtime: string | null;
  startedAt: number;
}

export interface ScheduleClock {
  /** The gateway's IANA zone (`config.timezone`). */
  timeZone: string;
  random: () => number;
}

/** `localtime` is read in the gateway zone and wins over `time`, which is UTC (deconz-behavior.md §8). */
export function scheduleTimeOf(schedule: TimedSchedule, clock: ScheduleClock): { time: ScheduleTime; timeZone: string } | undefined {
  const text = schedule.localtime ?? schedule.time;
  const time = text === null ? undefined : parseScheduleTime(text);
  if (!time) return undefined;
  return { time, timeZone: schedule.localtime !== null ? clock.timeZone : 'UTC' };
}

/** The next firing strictly after `after`, or null when there is none. */
export function nextFireOf(schedule: TimedSchedule, after: number, clock: ScheduleClock): number | null {
  const parsed = scheduleTimeOf(schedule, clock);
  if (!parsed) return null;
  return nextFire(parsed.time, after, { timeZone: parsed.timeZone, startedAt: schedule.startedAt, random: clock.random }) ?? null;
}
