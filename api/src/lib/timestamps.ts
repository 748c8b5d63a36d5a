/** Timestamp formats of deconz-behavior.md §18. */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-ddTHH:mm:ss` in UTC without a zone suffix (config `UTC`, whitelist dates). */
export function utcSeconds(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The last answer per zone: config reads ask for "now" many times a second, and `formatToParts` is slow. */
const lastLocal = new Map<string, { second: number; text: string }>();

/** `yyyy-MM-ddTHH:mm:ss` as wall-clock time in an IANA zone (config `localtime`). */
export function localSeconds(epochMs: number, timeZone: string): string {
  const second = Math.floor(epochMs / 1000);
  const last = lastLocal.get(timeZone);
  if (last?.second === second) return last.text;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
  const text = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
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
