/**
 * Wall-clock maths in an IANA zone with nothing but `Intl` (platform-free, no dependency). Epoch
 * milliseconds are the truth; a wall time is what a clock on the wall in that zone shows.
 */

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall time an epoch instant shows in `timeZone` (whole seconds). */
export function wallTimeAt(epochMs: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The wall time read as if it were UTC; differences of these are offsets. */
export function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** Offset of `timeZone` from UTC at an instant, in ms (Berlin in summer: +7 200 000). */
export function offsetAt(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return wallAsUtc(wallTimeAt(whole, timeZone)) - whole;
}

/**
 * The instant a wall time happens in `timeZone`. A time skipped by a spring-forward change
 * (02:30 in Berlin on the last Sunday of March) happens as the same moment shifted by the gap
 * (03:30), so an alarm set inside the gap still rings that day; a time that happens twice in
 * autumn resolves to its first occurrence, so it rings once.
 */
export function epochOfWall(wall: WallTime, timeZone: string): number {
  const guess = wallAsUtc(wall);
  const before = offsetAt(guess - 86_400_000, timeZone);
  const after = offsetAt(guess + 86_400_000, timeZone);
  // Try the earlier offset first: for an ambiguous time that is the first occurrence.
  const first = Math.max(before, after);
  for (const offset of [first, before + after - first]) {
    const candidate = guess - offset;
    if (wallAsUtc(wallTimeAt(candidate, timeZone)) === guess) return candidate;
  }
  // In a gap: neither offset reproduces the wall time. Using the offset from before the change
  // lands on the same moment after it, shifted forward by the gap.
  return guess - before;
}

/** Calendar arithmetic on a wall date (no zone involved). */
export function addDays(wall: WallTime, days: number): WallTime {
  const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday, of the wall date. */
export function weekdayOf(wall: WallTime): number {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
}

/** The deCONZ weekday bit (layout 0MTWTFSS: Monday 64 … Saturday 2, Sunday 1). */
export function weekdayBit(weekday: number): number {
  return weekday === 0 ? 1 : 1 << (7 - weekday);
}

/** Seconds since local midnight of a wall time. */
export function secondOfDay(wall: WallTime): number {
  return wall.hour * 3600 + wall.minute * 60 + wall.second;
}
