/**
 * The rules model: all rules in memory, every change committed to libSQL first (`store.write`) and
 * applied to memory only after the commit, so a 200 means durable and a failure changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { rules as rulesTable } from '../../store/schema';
import type { Store } from '../../store/types';
import { newEtag } from '../resource-etag';
import { createBus, type Bus, type ListenerErrorSink } from '@herdgate/shared/bus';

export interface RuleAction {
  address: string;
  method: string;
  body: Record<string, unknown>;
}

export interface StoredCondition {
  address: string;
  operator: string;
  /** deCONZ shows condition values as strings; absent for `dx`. */
  value?: string;
}

export interface RuleRecord {
  id: string;
  name: string;
  owner: string;
  status: 'enabled' | 'disabled';
  periodic: number;
  conditions: StoredCondition[];
  actions: RuleAction[];
  createdAt: number;
  lastTriggeredAt: number | null;
  timesTriggered: number;
  etag: string;
}

export type RuleChanges = Partial<Pick<RuleRecord, 'name' | 'status' | 'periodic' | 'conditions' | 'actions'>>;

type Row = typeof rulesTable.$inferSelect;

const toRecord = (row: Row): RuleRecord => ({
  ...row,
  status: row.status,
  conditions: JSON.parse(row.conditions) as StoredCondition[],
  actions: JSON.parse(row.actions) as RuleAction[],
});

const toRow = (record: RuleRecord): Row => ({
  ...record,
  conditions: JSON.stringify(record.conditions),
  actions: JSON.stringify(record.actions),
});

export class RuleRepository {
  private readonly byId = new Map<string, RuleRecord>();
  private readonly changes: Bus<{ change: { id: string; rule: RuleRecord | undefined } }>;

  private constructor(
    private readonly store: Store,
    rows: Row[],
    sink: ListenerErrorSink,
  ) {
    this.changes = createBus(sink);
    for (const row of rows) this.byId.set(row.id, toRecord(row));
  }

  /** `sink`: where a failing change listener is reported (the others still run). */
  static async load(store: Store, sink: ListenerErrorSink): Promise<RuleRepository> {
    const rows = await store.read((tx) => tx.select().from(rulesTable));
    return new RuleRepository(store, rows, sink);
  }

  all(): IterableIterator<RuleRecord> {
    return this.byId.values();
  }

  get(id: string): RuleRecord | undefined {
    return this.byId.get(id);
  }

  /** Told after every committed change (`undefined` = deleted); the engine re-indexes on it. */
  onChange(listener: (id: string, rule: RuleRecord | undefined) => void): () => void {
    return this.changes.on('change', ({ id, rule }) => listener(id, rule));
  }

  async create(input: Omit<RuleRecord, 'id' | 'etag' | 'lastTriggeredAt' | 'timesTriggered'>): Promise<RuleRecord> {
    const id = await this.store.allocateId('rules');
    const record: RuleRecord = { ...input, id, lastTriggeredAt: null, timesTriggered: 0, etag: newEtag() };
    await this.store.write(
      (tx) => tx.insert(rulesTable).values(toRow(record)),
      () => this.set(record),
    );
    return record;
  }

  /**
   * Apply `changes` to the committed row in one store transaction (counters written meanwhile by
   * triggers are kept). Undefined when the rule is gone: a late update never brings it back.
   */
  async update(id: string, changes: RuleChanges): Promise<RuleRecord | undefined> {
    if (!this.byId.has(id)) return undefined;
    return this.store.write(
      async (tx) => {
        const [row] = await tx.select().from(rulesTable).where(eq(rulesTable.id, id));
        if (!row) return undefined;
        const next: RuleRecord = { ...toRecord(row), ...changes, etag: newEtag() };
        await tx.update(rulesTable).set(toRow(next)).where(eq(rulesTable.id, id));
        return next;
      },
      (next) => {
        if (next) this.set(next);
      },
    );
  }

  /** A trigger: counters and `lasttriggered`, committed like any other change (no re-index needed). */
  async recordTrigger(id: string, at: number): Promise<void> {
    if (!this.byId.has(id)) return;
    const etag = newEtag();
    // Counted in SQL and in memory at apply time, so overlapping triggers are all counted.
    const counted = sql`${rulesTable.timesTriggered} + 1`;
    await this.store.write(
      async (tx) => (await tx.update(rulesTable).set({ lastTriggeredAt: at, timesTriggered: counted, etag }).where(eq(rulesTable.id, id))).rowsAffected > 0,
      (counted) => {
        const latest = this.byId.get(id);
        if (counted && latest) this.byId.set(id, { ...latest, lastTriggeredAt: at, timesTriggered: latest.timesTriggered + 1, etag });
      },
    );
  }

  async delete(id: string): Promise<boolean> {
    if (!this.byId.has(id)) return false;
    return this.store.write(
      async (tx) => (await tx.delete(rulesTable).where(eq(rulesTable.id, id))).rowsAffected > 0,
      (deleted) => {
        if (!deleted) return;
        this.byId.delete(id);
        this.emit(id, undefined);
      },
    );
  }

  private set(record: RuleRecord): void {
    this.byId.set(record.id, record);
    this.emit(record.id, record);
  }

  private emit(id: string, rule: RuleRecord | undefined): void {
    this.changes.emit('change', { id, rule });
  }
}
