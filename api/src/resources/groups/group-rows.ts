import { and, eq } from 'drizzle-orm';
import { lightGroups } from '../../store/schema';
import type { Store, Transaction } from '../../store/types';
import type { GroupRecord } from './types';

type Row = typeof lightGroups.$inferSelect;

const toRecord = (row: Row): GroupRecord => ({
  id: String(row.id),
  name: row.name,
  type: row.type,
  class: row.class,
  hidden: row.hidden,
  lights: JSON.parse(row.lights) as string[],
  lightsequence: JSON.parse(row.lightsequence) as string[],
  multideviceids: JSON.parse(row.multideviceids) as string[],
  devicemembership: JSON.parse(row.devicemembership) as string[],
  action: JSON.parse(row.action) as Record<string, unknown>,
  deleted: row.deleted,
});

const toRow = (record: GroupRecord): Row => ({
  id: Number(record.id),
  name: record.name,
  type: record.type,
  class: record.class,
  hidden: record.hidden,
  lights: JSON.stringify(record.lights),
  lightsequence: JSON.stringify(record.lightsequence),
  multideviceids: JSON.stringify(record.multideviceids),
  devicemembership: JSON.stringify(record.devicemembership),
  action: JSON.stringify(record.action),
  deleted: record.deleted,
});

export async function loadGroupRecords(store: Store): Promise<GroupRecord[]> {
  return (await store.read((tx) => tx.select().from(lightGroups))).map(toRecord);
}

/** Insert a new group row (its address chosen in the same transaction). */
export async function insertGroupRecord(tx: Transaction, record: GroupRecord): Promise<void> {
  await tx.insert(lightGroups).values(toRow(record));
}

/** The committed, live group, or undefined when it is gone. */
export async function readLiveGroup(tx: Transaction, id: string): Promise<GroupRecord | undefined> {
  const [row] = await tx
    .select()
    .from(lightGroups)
    .where(eq(lightGroups.id, Number(id)));
  return row && !row.deleted ? toRecord(row) : undefined;
}

/** Write a changed live group over its row (never one deleted meanwhile). */
export async function updateLiveGroup(tx: Transaction, record: GroupRecord): Promise<void> {
  const { id, ...rest } = toRow(record);
  await tx
    .update(lightGroups)
    .set(rest)
    .where(and(eq(lightGroups.id, id), eq(lightGroups.deleted, false)));
}

/** Mark a group deleted; false when it was already gone. */
export function deleteGroupRow(store: Store, id: string, apply: (deleted: boolean) => void): Promise<boolean> {
  return store.write(async (tx) => {
    const result = await tx
      .update(lightGroups)
      .set({ deleted: true })
      .where(and(eq(lightGroups.id, Number(id)), eq(lightGroups.deleted, false)));
    return result.rowsAffected > 0;
  }, apply);
}

/** Every group address ever used (deleted groups included), read inside a transaction. */
export async function usedGroupAddresses(tx: Transaction): Promise<Set<string>> {
  const rows = await tx.select({ id: lightGroups.id }).from(lightGroups);
  return new Set(rows.map((row) => String(row.id)));
}
