import { eq } from 'drizzle-orm';
import { lightGroups } from '../../store/schema';
import type { Store } from '../../store/types';
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

/** Insert or replace a group row; `apply` updates memory after the commit. */
export function saveGroupRecord(store: Store, record: GroupRecord, apply: () => void): Promise<void> {
  const row = toRow(record);
  const { id: _id, ...rest } = row;
  return store.write(async (tx) => {
    await tx.insert(lightGroups).values(row).onConflictDoUpdate({ target: lightGroups.id, set: rest });
  }, apply);
}

export function deleteGroupRow(store: Store, id: string, apply: () => void): Promise<void> {
  return store.write(async (tx) => {
    await tx.update(lightGroups).set({ deleted: true }).where(eq(lightGroups.id, Number(id)));
  }, apply);
}
