/**
 * The resourcelinks model: every resourcelink in memory, each change committed to libSQL (with a
 * store revision, so ETags move) before memory follows. Reads never touch the database.
 */
import { eq } from 'drizzle-orm';
import { resourcelinks as table } from '../../store/schema';
import type { Store } from '../../store/types';

export interface ResourcelinkRecord {
  id: string;
  name: string;
  description: string;
  /** Always `Link` (deCONZ and Hue know no other). */
  type: string;
  classid: number;
  /** The API key that created it. */
  owner: string;
  recycle: boolean;
  /** Resource addresses as given: `/lights/1`, `/groups/2`… */
  links: string[];
}

export type ResourcelinkInput = Omit<ResourcelinkRecord, 'id'>;
export type ResourcelinkChanges = Partial<Pick<ResourcelinkRecord, 'name' | 'description' | 'classid' | 'recycle' | 'links'>>;
type Row = typeof table.$inferSelect;

const toRecord = (row: Row): ResourcelinkRecord => ({ ...row, links: JSON.parse(row.links) as string[] });
const toRow = (record: ResourcelinkRecord): Row => ({ ...record, links: JSON.stringify(record.links) });

export class ResourcelinksModel {
  private readonly byId = new Map<string, ResourcelinkRecord>();

  private constructor(
    private readonly store: Store,
    rows: Row[],
  ) {
    for (const row of rows) this.byId.set(row.id, toRecord(row));
  }

  static async load(store: Store): Promise<ResourcelinksModel> {
    return new ResourcelinksModel(store, await store.read((tx) => tx.select().from(table)));
  }

  /** In id order, as deCONZ lists them. */
  all(): ResourcelinkRecord[] {
    return [...this.byId.values()].sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
  }

  get(id: string): ResourcelinkRecord | undefined {
    return this.byId.get(id);
  }

  async create(input: ResourcelinkInput): Promise<ResourcelinkRecord> {
    const id = await this.store.allocateId('resourcelinks');
    const record: ResourcelinkRecord = { ...input, id };
    await this.store.write(
      (tx) => tx.insert(table).values(toRow(record)),
      () => this.byId.set(id, record),
    );
    return record;
  }

  /** Applied to the committed row; undefined when it is gone (a late update never revives it). */
  async update(id: string, changes: ResourcelinkChanges): Promise<ResourcelinkRecord | undefined> {
    if (!this.byId.has(id)) return undefined;
    return this.store.write(
      async (tx) => {
        const [row] = await tx.select().from(table).where(eq(table.id, id));
        if (!row) return undefined;
        const next: ResourcelinkRecord = { ...toRecord(row), ...changes };
        await tx.update(table).set(toRow(next)).where(eq(table.id, id));
        return next;
      },
      (next) => {
        if (next) this.byId.set(id, next);
      },
    );
  }

  /** False when it was already gone. */
  async delete(id: string): Promise<boolean> {
    if (!this.byId.has(id)) return false;
    return this.store.write(
      async (tx) => (await tx.delete(table).where(eq(table.id, id))).rowsAffected > 0,
      (deleted) => {
        if (deleted) this.byId.delete(id);
      },
    );
  }
}
