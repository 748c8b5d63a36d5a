/** Timestamp formats of deconz-behavior.md §18. */
import { wallAsUtc, wallTimeAt } from '../automation/time/zoned';

/** `yyyy-MM-ddTHH:mm:ss` in UTC without a zone suffix (config `UTC`, whitelist dates, sunrise). */
export function utcSeconds(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19);
}

/** The last answer per zone: config reads ask for "now" many times a second, and `formatToParts` is slow. */
const lastLocal = new Map<string, { second: number; text: string }>();

/** `yyyy-MM-ddTHH:mm:ss` as wall-clock time in an IANA zone (config `localtime`). */
export function localSeconds(epochMs: number, timeZone: string): string {
  const second = Math.floor(epochMs / 1000);
  const last = lastLocal.get(timeZone);
  if (last?.second === second) return last.text;
  // The wall time written as if it were UTC is exactly the local text.
  const text = utcSeconds(wallAsUtc(wallTimeAt(epochMs, timeZone)));
  lastLocal.set(timeZone, { second, text });
  return text;
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * True for IANA names the runtime's zone database knows, aliases included (`Etc/UTC`, `US/Eastern`);
 * the name pattern rejects offsets like `+01:00` that newer engines would also accept.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
