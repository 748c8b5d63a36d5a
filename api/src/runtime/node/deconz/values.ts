/** Reading deCONZ's TEXT columns: JSON that may be damaged, dates in its ISO form, flags as words. */
import type { Row } from './zll';

export const str = (row: Row, key: string): string => (row[key] === null || row[key] === undefined ? '' : String(row[key]));

/** A JSON column; `what` names it in the error for a damaged value. */
export function json<T>(row: Row, key: string, fallback: T, what: string): T {
  const text = str(row, key);
  if (text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${what}: ${key} is not JSON (damaged database)`);
  }
}

/** deCONZ keeps UTC dates as `yyyy-MM-ddTHH:mm:ss` without a zone; `none` or empty is absent. */
export function date(text: string): number | undefined {
  if (text === '' || text === 'none') return undefined;
  const value = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  return Number.isFinite(value) ? value : undefined;
}

/** `0x0001`, `1` or 1. */
export function int(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isInteger(n) ? n : Number.NaN;
}

/** `00:11:…:77-01` → `0x0011…77`. */
export const ieeeOf = (uniqueid: string): string => `0x${uniqueid.slice(0, 23).replaceAll(':', '').toLowerCase()}`;
