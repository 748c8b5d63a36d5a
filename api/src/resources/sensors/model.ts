import type { Logger } from 'pino';
import { createBus } from '@herdgate/shared/bus';
import { addedEvent, changedEvents, deletedEvent, stringifySorted, type EventHub } from '../../events';
import type { Store } from '../../store/types';
import { insertSensor, readSensor, removeSensor, updateSensor } from './repository';
import type { SensorChange, SensorListener, SensorRecord, SensorResource, SensorsReader } from './types';
import { eventView, toResource } from './view';

/** deCONZ treats an id of this length or more as a uniqueid (deconz-behavior.md §0). */
const MIN_UNIQUEID_LENGTH = 26;

export interface SensorsCoreDeps {
  store: Store;
  events: EventHub;
  logger: Logger;
  records: readonly SensorRecord[];
}

/** A fresh opaque ETag; deCONZ mints a new one per change too (§3 allows any changing value). */
export const newEtag = () => crypto.randomUUID().replace(/-/g, '');

/**
 * The in-memory sensors: every read is answered from here. Writes go through `persist` (commit to
 * libSQL, then memory) or `applyVolatile` (device values mirrored from the bridge, which keeps them
 * itself); both publish the WebSocket events and tell subscribers, after memory changed.
 */
export class SensorsCore implements SensorsReader {
  private readonly records = new Map<string, SensorRecord>();
  private readonly views = new Map<string, SensorResource>();
  private readonly changes = createBus<{ change: SensorChange }>((err, _event, change) =>
    this.deps.logger.error({ err, sensor: (change as SensorChange).id }, 'sensor listener failed'),
  );
  /** Changes that were not store writes (device values, Daylight state); see `version()`. */
  private memoryChanges = 0;

  constructor(private readonly deps: SensorsCoreDeps) {
    for (const record of deps.records) {
      record.etag ||= newEtag();
      this.records.set(record.id, record);
    }
  }

  get(id: string): Readonly<SensorResource> | undefined {
    const record = id.length >= MIN_UNIQUEID_LENGTH ? this.byUniqueid(id) : this.records.get(id);
    if (!record || record.deleted) return undefined;
    return this.viewOf(record);
  }

  list(): Record<string, Readonly<SensorResource>> {
    const out: Record<string, SensorResource> = {};
    for (const record of this.records.values()) {
      if (!record.deleted && record.modelid !== '') out[record.id] = this.viewOf(record);
    }
    return out;
  }

  subscribe(listener: SensorListener): () => void {
    return this.changes.on('change', listener);
  }

  version(): number {
    return this.memoryChanges;
  }

  /** A record including deleted ones (internal; callers must not mutate it). */
  record(id: string): SensorRecord | undefined {
    return id.length >= MIN_UNIQUEID_LENGTH ? this.byUniqueid(id) : this.records.get(id);
  }

  all(): IterableIterator<SensorRecord> {
    return this.records.values();
  }

  byUniqueid(uniqueid: string, includeDeleted = false): SensorRecord | undefined {
    for (const record of this.records.values()) {
      if (record.uniqueid === uniqueid && (includeDeleted || !record.deleted)) return record;
    }
    return undefined;
  }

  /** Commit a new record (its id freshly allocated), then update memory and tell everyone. */
  async insert(record: SensorRecord): Promise<void> {
    await this.deps.store.write(
      (tx) => insertSensor(tx, record),
      () => this.apply(record, [], true),
    );
  }

  /**
   * Read-modify-write of one sensor inside the serialised store transaction: `change` gets the
   * committed record (the row, with the device values memory holds) and returns the next one.
   * Resolves with it, or undefined when the sensor is gone (nothing written). A deleted sensor is
   * only changed with `includeDeleted` (a device that rejoins), so a late write cannot revive it.
   */
  async modify(id: string, change: (current: SensorRecord) => SensorRecord, options: ModifyOptions = {}): Promise<SensorRecord | undefined> {
    return this.deps.store.write(
      async (tx) => {
        const row = await readSensor(tx, id);
        const current = this.records.get(id);
        if (!row || !current || (row.deleted && !options.includeDeleted)) return undefined;
        const next = change(withVolatile(row, current));
        return (await updateSensor(tx, next, row.deleted)) ? next : undefined;
      },
      (next) => {
        // Device values may have moved while the transaction ran: keep the newest ones.
        const now = next && this.records.get(id);
        if (next && now) this.apply(withVolatile(next, now), options.written ?? [], true);
      },
    );
  }

  /** Remove a record for good (CLIP sensors); false when it was already gone. */
  async remove(id: string): Promise<boolean> {
    return this.deps.store.write(
      (tx) => removeSensor(tx, id),
      (removed) => {
        const record = this.records.get(id);
        if (removed && record) this.apply({ ...record, deleted: true }, [], true);
        this.records.delete(id);
      },
    );
  }

  /** Device sensors whose rows a cross-model transaction marked deleted: memory and events follow. */
  forgetCommitted(ids: readonly string[]): void {
    for (const id of ids) {
      const record = this.records.get(id);
      if (record && !record.deleted) this.apply({ ...record, deleted: true }, [], true);
    }
  }

  /**
   * Device values that are the bridge's to keep (and Daylight's derived state): memory only. Only
   * the volatile fields of `next` are taken; the persisted ones stay as committed, so a copy taken
   * before a rename cannot bring the old name back.
   */
  applyVolatile(next: SensorRecord, written: readonly string[] = []): void {
    const current = this.records.get(next.id);
    if (!current) return;
    this.apply(withVolatile(current, next), written, false);
  }

  private viewOf(record: SensorRecord): SensorResource {
    let view = this.views.get(record.id);
    if (!view) {
      view = toResource(record);
      this.views.set(record.id, view);
    }
    return view;
  }

  /** `durable`: the change was a store write, so the store revision already counts it. */
  private apply(next: SensorRecord, written: readonly string[], durable: boolean): void {
    const previous = this.records.get(next.id);
    const before = previous && !previous.deleted ? this.viewOf(previous) : undefined;
    const candidate = toResource({ ...next, etag: before?.etag ?? next.etag });
    const after = next.deleted ? undefined : candidate;
    if (before && after && !differs(before, after) && written.length === 0) {
      this.records.set(next.id, { ...next, etag: before.etag });
      return;
    }
    const stored = { ...next, etag: newEtag() };
    this.records.set(next.id, stored);
    this.views.delete(next.id);
    if (!durable) this.memoryChanges += 1;
    const afterView = stored.deleted ? undefined : this.viewOf(stored);
    this.publish(stored, before, afterView, written);
    this.changes.emit('change', { id: next.id, before, after: afterView, written });
  }

  private publish(record: SensorRecord, before: SensorResource | undefined, after: SensorResource | undefined, written: readonly string[]) {
    const ref = { r: 'sensors' as const, id: record.id, uniqueid: record.uniqueid };
    const { events } = this.deps;
    if (!after) {
      if (before) events.publish(deletedEvent(ref));
      return;
    }
    if (!before) {
      events.publish(addedEvent({ ...ref, resource: after as unknown as Record<string, unknown> }));
      return;
    }
    const notifyAll = this.deps.store.settings().websocketnotifyall;
    for (const event of changedEvents({ ...ref, before: eventView(before), after: eventView(after), notifyAll, written })) {
      events.publish(event);
    }
  }
}

export interface ModifyOptions {
  /** `state/<item>` paths the change wrote (events and rules see a repeated equal value). */
  written?: readonly string[];
  includeDeleted?: boolean;
}

/** Fields of a record that are not persisted, per kind: the bridge's device values, Daylight's derived state. */
const VOLATILE: Readonly<Record<SensorRecord['kind'], readonly ('state' | 'config' | 'lastseen')[]>> = {
  device: ['state', 'config', 'lastseen'],
  daylight: ['state'],
  clip: [],
};

/** `persisted` with the volatile fields of `live`. */
function withVolatile(persisted: SensorRecord, live: SensorRecord): SensorRecord {
  const out: SensorRecord = { ...persisted, etag: live.etag };
  for (const field of VOLATILE[persisted.kind]) (out as unknown as Record<string, unknown>)[field] = live[field];
  return out;
}

function differs(a: SensorResource, b: SensorResource): boolean {
  return stringifySorted({ ...a, etag: '' }) !== stringifySorted({ ...b, etag: '' });
}
