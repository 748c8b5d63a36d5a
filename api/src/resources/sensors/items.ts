import * as v from 'valibot';
import type { ErrorItemInput } from '@herdgate/shared/errors';
import type { ItemSchema } from './clip-types';

/** The result of checking one item of a write: its value when valid, or the deCONZ error. */
export type ItemCheck = { item: string; ok: true; value: unknown } | { item: string; ok: false; error: ErrorItemInput };

const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

export function unknownItem(address: string, item: string): ErrorItemInput {
  return { type: 6, address, params: { name: item } };
}

export function invalidItem(address: string, item: string, value: unknown): ErrorItemInput {
  return { type: 7, address, params: { name: item, value: show(value) } };
}

export function notModifiable(address: string, item: string): ErrorItemInput {
  return { type: 8, address, params: { name: item } };
}

/**
 * Check every item of `patch` against `table` (unknown → 6, wrong type or range → 7), in body
 * order. `base` is the address prefix, e.g. `/sensors/4/state`.
 */
export function checkItems(
  table: Readonly<Record<string, ItemSchema>>,
  patch: Readonly<Record<string, unknown>>,
  base: string,
  aliases: Readonly<Record<string, string>> = {},
): ItemCheck[] {
  return Object.entries(patch).map(([item, value]) => {
    const address = `${base}/${item}`;
    const schema = table[aliases[item] ?? item];
    if (!schema || !Object.hasOwn(table, aliases[item] ?? item)) return { item, ok: false, error: unknownItem(address, item) };
    const result = v.safeParse(schema, value);
    return result.success ? { item, ok: true, value: result.output } : { item, ok: false, error: invalidItem(address, item, value) };
  });
}
