/** `PThh:mm:ss` durations and `Thh:mm:ss` times of day, as rules and schedules write them. */

const CLOCK = /^(\d{2}):(\d{2}):(\d{2})$/;

/** Seconds of an `hh:mm:ss` string (hours 00-23, or any two digits when `anyHours`); undefined if malformed. */
export function parseClock(text: string, anyHours = false): number | undefined {
  const match = CLOCK.exec(text);
  if (!match) return undefined;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if ((!anyHours && h > 23) || m > 59 || s > 59) return undefined;
  return h * 3600 + m * 60 + s;
}

/** Milliseconds of `PThh:mm:ss` (hours 00-99); undefined if malformed. */
export function parseDuration(text: string): number | undefined {
  if (!text.startsWith('PT')) return undefined;
  const seconds = parseClock(text.slice(2), true);
  return seconds === undefined ? undefined : seconds * 1000;
}

/** Seconds of day of `Thh:mm:ss`; undefined if malformed. */
export function parseTimeOfDay(text: string): number | undefined {
  return text.startsWith('T') ? parseClock(text.slice(1)) : undefined;
}
