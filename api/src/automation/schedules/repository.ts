/**
 * The schedules model: all schedules in memory, each change committed to libSQL before it is
 * applied to memory. `nextFireAt` is part of every commit (see the runner for the restart policy).
 */
import { and, eq } from 'drizzle-orm';
import { schedules as schedulesTable } from '../../store/schema';
import type { Store } from '../../store/types';
import { newEtag } from '../resource-etag';
import { createBus, type Bus, type ListenerErrorSink } from '@herdgate/shared/bus';

export interface ScheduleCommand {
  address: string;
  method: string;
  body: Record<string, unknown>;
}

export interface ScheduleRecord {
  id: string;
  name: string;
  description: string;
  command: ScheduleCommand;
  /** As given in `time` (UTC); null when only `localtime` was given. */
  time: string | null;
  /** As given in `localtime` (the gateway's zone); wins over `time`. */
  localtime: string | null;
  status: 'enabled' | 'disabled';
  autodelete: boolean;
  createdAt: number;
  /** When a timer was (re)started; the base of `PT…` and `R…/PT…` periods. */
  startedAt: number;
  nextFireAt: number | null;
  /** Firings so far in this run (recurring timers stop after their count). */
  firings: number;
  etag: string;
}

export type ScheduleInput = Omit<ScheduleRecord, 'id' | 'etag'>;
type Row = typeof schedulesTable.$inferSelect;

const toRecord = (row: Row): ScheduleRecord => ({ ...row, command: JSON.parse(row.command) as ScheduleCommand });
const toRow = (record: ScheduleRecord): Row => ({ ...record, command: JSON.stringify(record.command) });

export class ScheduleRepository {
  private readonly byId = new Map<string, ScheduleRecord>();
  private readonly changes: Bus<{ change: undefined }>;

  private constructor(
    private readonly store: Store,
    rows: Row[],
    sink: ListenerErrorSink,
  ) {
    this.changes = createBus(sink);
    for (const row of rows) this.byId.set(row.id, toRecord(row));
  }

  /** `sink`: where a failing change listener is reported (the others still run). */
  static async load(store: Store, sink: ListenerErrorSink): Promise<ScheduleRepository> {
    return new ScheduleRepository(store, await store.read((tx) => tx.select().from(schedulesTable)), sink);
  }

  all(): IterableIterator<ScheduleRecord> {
    return this.byId.values();
  }

  get(id: string): ScheduleRecord | undefined {
    return this.byId.get(id);
  }

  /** Told after every committed change; the runner re-arms its timer on it. */
  onChange(listener: () => void): () => void {
    return this.changes.on('change', listener);
  }

  async create(build: (id: string) => ScheduleInput): Promise<ScheduleRecord> {
    const id = await this.store.allocateId('schedules');
    const record: ScheduleRecord = { ...build(id), id, etag: newEtag() };
    await this.store.write(
      (tx) => tx.insert(schedulesTable).values(toRow(record)),
      () => this.set(record),
    );
    return record;
  }

  /**
   * Apply `changes` to the committed row in one store transaction. Undefined when the schedule is
   * gone (deleted meanwhile, or auto-deleted by its last firing): a late update never revives it.
   * With `ifEtag`, also undefined when the schedule changed since that version (the runner's firing
   * must not overwrite a client's newer timing).
   */
  async update(id: string, changes: Partial<ScheduleInput>, ifEtag?: string): Promise<ScheduleRecord | undefined> {
    if (!this.byId.has(id)) return undefined;
    return this.store.write(
      async (tx) => {
        const [row] = await tx.select().from(schedulesTable).where(eq(schedulesTable.id, id));
        if (!row || (ifEtag !== undefined && row.etag !== ifEtag)) return undefined;
        const next: ScheduleRecord = { ...toRecord(row), ...changes, etag: newEtag() };
        await tx.update(schedulesTable).set(toRow(next)).where(eq(schedulesTable.id, id));
        return next;
      },
      (next) => {
        if (next) this.set(next);
      },
    );
  }

  /** False when it was already gone (or, with `ifEtag`, changed since that version). */
  async delete(id: string, ifEtag?: string): Promise<boolean> {
    if (!this.byId.has(id)) return false;
    const where = ifEtag === undefined ? eq(schedulesTable.id, id) : and(eq(schedulesTable.id, id), eq(schedulesTable.etag, ifEtag));
    return this.store.write(
      async (tx) => (await tx.delete(schedulesTable).where(where)).rowsAffected > 0,
      (deleted) => {
        if (!deleted) return;
        this.byId.delete(id);
        this.emit();
      },
    );
  }

  private set(record: ScheduleRecord): void {
    this.byId.set(record.id, record);
    this.emit();
  }

  private emit(): void {
    this.changes.emit('change', undefined);
  }
}
