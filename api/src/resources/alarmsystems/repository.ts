/**
 * Alarm systems and their members in libSQL: loaded once, then every change committed (through
 * `store.write`, which serialises writes) before memory follows. System `1` is created at the first
 * start, as deCONZ does.
 */
import { eq } from 'drizzle-orm';
import type { AlarmPin } from './pin-record';
import { alarmDevices, alarmSystems } from '../../store/schema';
import type { Store } from '../../store/types';
import { ARM_MODES, DEFAULT_TIMINGS, INITIAL_STATE, type AlarmState, type AlarmTimings, type ArmMode, type ArmState } from './machine';

export interface AlarmSystemRecord {
  id: string;
  name: string;
  timings: AlarmTimings;
  pin: AlarmPin | null;
  state: AlarmState;
}

export interface AlarmDevice {
  uniqueid: string;
  alarmsystem: string;
  /** `A`/`S`/`N` letters in that order, or `none` (keypads). */
  armmask: string;
  trigger: string | null;
}

export const DEFAULT_SYSTEM_ID = '1';
const DEFAULT_NAME = 'default';

type SystemRow = typeof alarmSystems.$inferSelect;

function toRecord(row: SystemRow): AlarmSystemRecord {
  const armmode = (ARM_MODES as readonly string[]).includes(row.armmode) ? (row.armmode as ArmMode) : 'disarmed';
  return {
    id: row.id,
    name: row.name,
    timings: { ...DEFAULT_TIMINGS, ...(JSON.parse(row.config) as Partial<AlarmTimings>) },
    pin: row.pin ? (JSON.parse(row.pin) as AlarmPin) : null,
    state: { armmode, armstate: row.armstate as ArmState, deadline: row.deadline },
  };
}

function toRow(record: AlarmSystemRecord): SystemRow {
  return {
    id: record.id,
    name: record.name,
    config: JSON.stringify(record.timings),
    pin: record.pin ? JSON.stringify(record.pin) : null,
    armmode: record.state.armmode,
    armstate: record.state.armstate,
    deadline: record.state.deadline,
  };
}

export interface LoadedAlarms {
  systems: AlarmSystemRecord[];
  devices: AlarmDevice[];
}

/** Read everything; create system 1 when the database has none yet. */
export async function loadAlarms(store: Store): Promise<LoadedAlarms> {
  const loaded = await store.read(async (tx) => ({
    systems: await tx.select().from(alarmSystems),
    devices: await tx.select().from(alarmDevices),
  }));
  const systems = loaded.systems.map(toRecord);
  if (!systems.some((system) => system.id === DEFAULT_SYSTEM_ID)) {
    const first: AlarmSystemRecord = { id: DEFAULT_SYSTEM_ID, name: DEFAULT_NAME, timings: { ...DEFAULT_TIMINGS }, pin: null, state: INITIAL_STATE };
    await store.write((tx) => tx.insert(alarmSystems).values(toRow(first)).onConflictDoNothing());
    systems.unshift(first);
  }
  return { systems, devices: loaded.devices };
}

/**
 * Change a system's row: `edit` runs inside the write transaction on the row as committed, and
 * `apply` gets the stored result right after the commit. Undefined when the system is gone.
 */
export function modifySystem(
  store: Store,
  id: string,
  edit: (current: AlarmSystemRecord) => AlarmSystemRecord,
  apply: (next: AlarmSystemRecord) => void,
): Promise<AlarmSystemRecord | undefined> {
  return store.write(
    async (tx) => {
      const [row] = await tx.select().from(alarmSystems).where(eq(alarmSystems.id, id));
      if (!row) return undefined;
      const next = edit(toRecord(row));
      await tx.update(alarmSystems).set(toRow(next)).where(eq(alarmSystems.id, id));
      return next;
    },
    (next) => {
      if (next) apply(next);
    },
  );
}

/** Put a device into a system (moving it out of any other one). */
export function saveDevice(store: Store, device: AlarmDevice): Promise<void> {
  return store.write(async (tx) => {
    await tx.insert(alarmDevices).values(device).onConflictDoUpdate({ target: alarmDevices.uniqueid, set: device });
  });
}

export function deleteDevice(store: Store, uniqueid: string): Promise<void> {
  return store.write(async (tx) => {
    await tx.delete(alarmDevices).where(eq(alarmDevices.uniqueid, uniqueid));
  });
}
