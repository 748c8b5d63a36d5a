import { and, eq, inArray } from 'drizzle-orm';
import { sensors } from '../../store/schema';
import type { Store, Transaction } from '../../store/types';
import type { Items, SensorRecord } from './types';

type Row = typeof sensors.$inferSelect;

const parse = (text: string): Items => {
  const value = JSON.parse(text) as unknown;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Items) : {};
};

/** What is persisted of a record: device state lives in the bridge's retained topics, not here. */
function toRow(record: SensorRecord): Row {
  const owned = record.kind !== 'device';
  return {
    id: Number(record.id),
    uniqueid: record.uniqueid,
    kind: record.kind,
    type: record.type,
    name: record.name,
    modelid: record.modelid,
    manufacturername: record.manufacturername,
    swversion: record.swversion,
    ieee: record.ieee ?? null,
    endpoint: record.endpoint ?? null,
    mode: record.mode ?? null,
    state: JSON.stringify(owned ? record.state : {}),
    config: JSON.stringify(owned ? record.config : record.localConfig),
    deleted: record.deleted,
  };
}

function fromRow(row: Row): SensorRecord {
  const device = row.kind === 'device';
  const config = parse(row.config);
  return {
    id: String(row.id),
    kind: row.kind,
    uniqueid: row.uniqueid,
    type: row.type,
    name: row.name,
    modelid: row.modelid,
    manufacturername: row.manufacturername,
    swversion: row.swversion,
    ieee: row.ieee ?? undefined,
    endpoint: row.endpoint ?? undefined,
    mode: row.mode ?? undefined,
    state: device ? { lastupdated: 'none' } : parse(row.state),
    config: device ? {} : config,
    localConfig: device ? config : {},
    lastseen: device ? null : undefined,
    etag: '',
    deleted: row.deleted,
  };
}

/** Every sensor row, read once at start. */
export async function loadSensorRecords(store: Store): Promise<SensorRecord[]> {
  const rows = await store.read((tx) => tx.select().from(sensors));
  return rows.map(fromRow);
}

export async function insertSensor(tx: Transaction, record: SensorRecord): Promise<void> {
  await tx.insert(sensors).values(toRow(record));
}

/** The committed row of a sensor as a record (device values empty: they are not persisted). */
export async function readSensor(tx: Transaction, id: string): Promise<SensorRecord | undefined> {
  const [row] = await tx
    .select()
    .from(sensors)
    .where(eq(sensors.id, Number(id)));
  return row ? fromRow(row) : undefined;
}

/** Write a changed record over its row; false when the row is gone (deleted meanwhile). */
export async function updateSensor(tx: Transaction, record: SensorRecord, wasDeleted: boolean): Promise<boolean> {
  const { id, ...rest } = toRow(record);
  const result = await tx
    .update(sensors)
    .set(rest)
    .where(and(eq(sensors.id, id), eq(sensors.deleted, wasDeleted)));
  return result.rowsAffected > 0;
}

export async function removeSensor(tx: Transaction, id: string): Promise<boolean> {
  return (await tx.delete(sensors).where(eq(sensors.id, Number(id)))).rowsAffected > 0;
}

/** Inside a caller's transaction: mark these device sensors deleted (live ones only; rows stay for a rejoin). */
export async function markSensorRowsDeleted(tx: Transaction, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(sensors)
    .set({ deleted: true })
    .where(and(inArray(sensors.id, ids.map(Number)), eq(sensors.deleted, false)));
}
