/**
 * `in` / `not in` windows over `/config/localtime`: `Thh:mm:ss/Thh:mm:ss` or
 * `W<0-127>/Thh:mm:ss/Thh:mm:ss` (weekday bits 0MTWTFSS). A window may wrap midnight.
 */
import { parseTimeOfDay } from '../time/duration';
import { addDays, secondOfDay, weekdayBit, weekdayOf, type WallTime } from '../time/zoned';

export interface TimeWindow {
  /** Days the window starts on; 127 = every day. */
  mask: number;
  start: number;
  end: number;
}

export function parseTimeWindow(text: string): TimeWindow | undefined {
  const parts = text.split('/');
  let mask = 127;
  if (parts.length === 3) {
    const match = /^W(\d{1,3})$/.exec(parts.shift()!);
    if (!match || Number(match[1]) > 127) return undefined;
    mask = Number(match[1]);
  }
  if (parts.length !== 2) return undefined;
  const start = parseTimeOfDay(parts[0]!);
  const end = parseTimeOfDay(parts[1]!);
  if (start === undefined || end === undefined || start === end) return undefined;
  return { mask, start, end };
}

/**
 * Whether a wall time lies inside the window, start included, end excluded. The weekday that counts
 * is the one the window began on, so `W64/T22:00:00/T06:00:00` covers Monday night into Tuesday.
 */
export function inTimeWindow(window: TimeWindow, wall: WallTime): boolean {
  const now = secondOfDay(wall);
  if (window.start < window.end) {
    return now >= window.start && now < window.end && dayMatches(window, wall);
  }
  if (now >= window.start) return dayMatches(window, wall);
  if (now < window.end) return dayMatches(window, addDays(wall, -1));
  return false;
}

function dayMatches(window: TimeWindow, wall: WallTime): boolean {
  return (window.mask & weekdayBit(weekdayOf(wall))) !== 0;
}
