/**
 * The four schedule time formats (gateway-rest-api.md "Schedule", deconz-behavior.md §8) and when
 * each fires. Pure: the caller passes the instant, the zone and the random source.
 *
 *   absolute   yyyy-MM-ddThh:mm:ss        once, at that wall time
 *   weekly     W<0-127>/Thh:mm:ss         every day whose bit is set (0MTWTFSS), at that wall time
 *   timer      PThh:mm:ss                 once, that long after it was (re)started
 *   recurring  R[nn]/PThh:mm:ss           every period, nn times (absent or 0: for ever)
 *
 * Any of them may end in `A hh:mm:ss`: up to that many random seconds are added to each firing.
 */
import { parseClock, parseDuration, parseTimeOfDay } from '../time/duration';
import { addDays, epochOfWall, wallTimeAt, weekdayBit, weekdayOf, type WallTime } from '../time/zoned';

export type ScheduleTime =
  | { kind: 'absolute'; wall: WallTime; randomMs: number }
  | { kind: 'weekly'; mask: number; secondOfDay: number; randomMs: number }
  | { kind: 'timer'; durationMs: number; randomMs: number }
  | { kind: 'recurring'; count: number; durationMs: number; randomMs: number };

/** deCONZ caps the random part of a weekly schedule at 12 hours. */
const WEEKLY_RANDOM_CAP_MS = 12 * 3600_000;
const ABSOLUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})$/;
const WEEKLY = /^W(\d{1,3})\/(T\d{2}:\d{2}:\d{2})$/;
const RECURRING = /^R(\d{0,2})\/(PT\d{2}:\d{2}:\d{2})$/;

/** Parse a `time`/`localtime` value; undefined when it is none of the four formats. */
export function parseScheduleTime(text: string): ScheduleTime | undefined {
  let body = text;
  let randomMs = 0;
  const split = text.lastIndexOf('A');
  if (split > 0) {
    const seconds = parseClock(text.slice(split + 1), true);
    if (seconds === undefined) return undefined;
    randomMs = seconds * 1000;
    body = text.slice(0, split);
  }
  return parseBody(body, randomMs);
}

function parseBody(body: string, randomMs: number): ScheduleTime | undefined {
  const absolute = ABSOLUTE.exec(body);
  if (absolute) {
    const [year, month, day] = [Number(absolute[1]), Number(absolute[2]), Number(absolute[3])];
    const seconds = parseClock(absolute[4]!);
    if (seconds === undefined || !validDate(year, month, day)) return undefined;
    const wall = { year, month, day, hour: Math.floor(seconds / 3600), minute: Math.floor(seconds / 60) % 60, second: seconds % 60 };
    return { kind: 'absolute', wall, randomMs };
  }
  const weekly = WEEKLY.exec(body);
  if (weekly) {
    const mask = Number(weekly[1]);
    const secondOfDay = parseTimeOfDay(weekly[2]!);
    if (mask > 127 || secondOfDay === undefined) return undefined;
    return { kind: 'weekly', mask, secondOfDay, randomMs: Math.min(randomMs, WEEKLY_RANDOM_CAP_MS) };
  }
  const recurring = RECURRING.exec(body);
  if (recurring) {
    const durationMs = parseDuration(recurring[2]!);
    if (!durationMs) return undefined;
    return { kind: 'recurring', count: Number(recurring[1] || 0), durationMs, randomMs };
  }
  const durationMs = parseDuration(body);
  if (durationMs === undefined) return undefined;
  return { kind: 'timer', durationMs, randomMs };
}

function validDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** What `nextFire` needs besides the time itself. */
export interface FireContext {
  /** Zone the wall times are read in: the gateway's `timezone` for `localtime`, `UTC` for `time`. */
  timeZone: string;
  /** When a timer was (re)started; for recurring timers, when the current period began. */
  startedAt: number;
  /** Returns a number in [0, 1). */
  random: () => number;
}

/**
 * The next instant strictly after `after` at which the schedule fires, random part included;
 * undefined when it never will (an absolute time in the past, an empty weekday mask).
 */
export function nextFire(time: ScheduleTime, after: number, ctx: FireContext): number | undefined {
  const jitter = time.randomMs > 0 ? 1000 + Math.floor(ctx.random() * Math.max(0, time.randomMs - 1000)) : 0;
  switch (time.kind) {
    case 'absolute': {
      const at = epochOfWall(time.wall, ctx.timeZone) + jitter;
      return at > after ? at : undefined;
    }
    case 'timer': {
      const at = ctx.startedAt + time.durationMs + jitter;
      return at > after ? at : undefined;
    }
    case 'recurring': {
      // Periods are counted from the start, so the firings do not drift by the work each one does.
      const periods = Math.max(1, Math.floor((after - ctx.startedAt) / time.durationMs) + 1);
      return ctx.startedAt + periods * time.durationMs + jitter;
    }
    case 'weekly':
      return nextWeekly(time, after, ctx.timeZone, jitter);
  }
}

function nextWeekly(time: Extract<ScheduleTime, { kind: 'weekly' }>, after: number, timeZone: string, jitter: number) {
  if (time.mask === 0) return undefined;
  const today = wallTimeAt(after, timeZone);
  const clock = { hour: Math.floor(time.secondOfDay / 3600), minute: Math.floor(time.secondOfDay / 60) % 60, second: time.secondOfDay % 60 };
  // Eight days cover "later today" and "the same weekday next week".
  for (let offset = 0; offset <= 8; offset += 1) {
    const day = addDays(today, offset);
    if ((time.mask & weekdayBit(weekdayOf(day))) === 0) continue;
    const at = epochOfWall({ ...day, ...clock }, timeZone);
    // The jitter delays a slot; it never moves which slot is next.
    if (at > after) return at + jitter;
  }
  return undefined;
}
