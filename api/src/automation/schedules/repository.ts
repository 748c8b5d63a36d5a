/**
 * The schedules model: all schedules in memory, each change committed to libSQL before it is
 * applied to memory. `nextFireAt` is part of every commit (see the runner for the restart policy).
 */
import { eq } from 'drizzle-orm';
import { schedules as schedulesTable } from '../../store/schema';
import type { Store } from '../../store/types';
import { newEtag } from '../resource-etag';

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
  private readonly listeners = new Set<() => void>();

  private constructor(private readonly store: Store, rows: Row[]) {
    for (const row of rows) this.byId.set(row.id, toRecord(row));
  }

  static async load(store: Store): Promise<ScheduleRepository> {
    return new ScheduleRepository(store, await store.read((tx) => tx.select().from(schedulesTable)));
  }

  all(): IterableIterator<ScheduleRecord> {
    return this.byId.values();
  }

  get(id: string): ScheduleRecord | undefined {
    return this.byId.get(id);
  }

  /** Told after every committed change; the runner re-arms its timer on it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async create(build: (id: string) => ScheduleInput): Promise<ScheduleRecord> {
    const id = await this.store.allocateId('schedules');
    const record: ScheduleRecord = { ...build(id), id, etag: newEtag() };
    await this.store.write((tx) => tx.insert(schedulesTable).values(toRow(record)), () => this.set(record));
    return record;
  }

  async update(id: string, changes: Partial<ScheduleInput>): Promise<ScheduleRecord | undefined> {
    const current = this.byId.get(id);
    if (!current) return undefined;
    const next: ScheduleRecord = { ...current, ...changes, etag: newEtag() };
    await this.store.write((tx) => tx.update(schedulesTable).set(toRow(next)).where(eq(schedulesTable.id, id)), () => this.set(next));
    return next;
  }

  async delete(id: string): Promise<boolean> {
    if (!this.byId.has(id)) return false;
    await this.store.write((tx) => tx.delete(schedulesTable).where(eq(schedulesTable.id, id)), () => {
      this.byId.delete(id);
      this.emit();
    });
    return true;
  }

  private set(record: ScheduleRecord): void {
    this.byId.set(record.id, record);
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
