import { eq } from 'drizzle-orm';
import { lights } from '../../store/schema';
import type { Store } from '../../store/types';
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
export function freeLightId(rows: Iterable<LightRow>): string {
  const used = new Set<number>();
  for (const row of rows) used.add(Number(row.id));
  let id = 1;
  while (used.has(id)) id += 1;
  return String(id);
}

export function insertLightRow(store: Store, row: LightRow, apply: () => void): Promise<void> {
  return store.write(async (tx) => {
    await tx.insert(lights).values({ ...row, id: Number(row.id) });
  }, apply);
}

export function updateLightRow(store: Store, id: string, patch: Partial<Omit<LightRow, 'id'>>, apply: () => void): Promise<void> {
  return store.write(async (tx) => {
    await tx.update(lights).set(patch).where(eq(lights.id, Number(id)));
  }, apply);
}
