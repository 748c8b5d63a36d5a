import { and, eq, inArray } from 'drizzle-orm';
import { lights } from '../../store/schema';
import type { Store, Transaction } from '../../store/types';
import type { LightRow } from './types';

/**
 * The lights table behind the model. Reads happen once at start; every write goes through
 * `store.write`, whose `apply` is where the caller updates memory after the commit.
 */
export async function loadLightRows(store: Store): Promise<LightRow[]> {
  const rows = await store.read((tx) => tx.select().from(lights));
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/** deconz-behavior §19: the smallest id ≥ 1 no light row has ever used (deleted rows included). */
export function freeLightId(rows: Iterable<Pick<LightRow, 'id'>>): string {
  const used = new Set<number>();
  for (const row of rows) used.add(Number(row.id));
  let id = 1;
  while (used.has(id)) id += 1;
  return String(id);
}

/**
 * Insert a light at the smallest id no row has used, chosen from the committed rows inside the
 * insert's transaction (concurrent creates never share an id); `apply` gets the stored row.
 */
export function insertLightRow(store: Store, draft: Omit<LightRow, 'id'>, apply: (row: LightRow) => void): Promise<LightRow> {
  return store.write(async (tx) => {
    const used = await tx.select({ id: lights.id }).from(lights);
    const row: LightRow = { ...draft, id: freeLightId(used.map((r) => ({ id: String(r.id) }))) };
    await tx.insert(lights).values({ ...row, id: Number(row.id) });
    return row;
  }, apply);
}

/**
 * A conditional update: the patch lands only when the row's `deleted` flag is still `deleted`
 * (default: live), so a write that raced a DELETE cannot touch, or revive, the deleted light.
 * `apply` runs only when it landed; resolves whether it did.
 */
export function updateLightRow(store: Store, id: string, patch: Partial<Omit<LightRow, 'id'>>, apply: () => void, deleted = false): Promise<boolean> {
  return store.write(
    async (tx) => {
      const result = await tx
        .update(lights)
        .set(patch)
        .where(and(eq(lights.id, Number(id)), eq(lights.deleted, deleted)));
      return result.rowsAffected > 0;
    },
    (landed) => {
      if (landed) apply();
    },
  );
}

/** Inside a caller's transaction: mark these lights deleted (live ones only). */
export async function markLightRowsDeleted(tx: Transaction, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(lights)
    .set({ deleted: true })
    .where(and(inArray(lights.id, ids.map(Number)), eq(lights.deleted, false)));
}
