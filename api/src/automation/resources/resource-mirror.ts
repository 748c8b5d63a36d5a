/**
 * What rules read: every `state`/`config` item of sensors, lights, groups and alarm systems, with
 * the time it last changed. Kept in step from the WebSocket event hub (every module already
 * publishes its `added`/`changed`/`deleted` events there) after a seed from the modules' collections,
 * so the rules engine depends on no resource module's internals and never queries per evaluation.
 */
import { isUnsetShown } from '@herdgate/shared/deconz';
import { PUSH_ALWAYS, stringifySorted, type DeconzEvent, type EventHub } from '../../events';
import type { ItemSample } from '../rules/evaluate';
import { createBus, type Bus, type ListenerErrorSink } from '@herdgate/shared/bus';

export interface ItemChange {
  address: string;
  previous: unknown;
  /** The value changed, or a push-always item (a button press) was written again. */
  changed: boolean;
}

export type MirrorChange = { kind: 'items'; resource: string; changes: ItemChange[] } | { kind: 'removed'; resource: string };

export type Collections = Partial<Record<'sensors' | 'lights' | 'groups' | 'alarmsystems', Record<string, unknown>>>;

const OBJECTS = ['state', 'config'] as const;
const KINDS = new Set(['sensors', 'lights', 'groups', 'alarmsystems']);

export class ResourceMirror {
  private readonly items = new Map<string, ItemSample>();
  /** resource (`/sensors/5`) → its item addresses. */
  private readonly resources = new Map<string, Set<string>>();
  private readonly changes: Bus<{ change: MirrorChange }>;

  /** `sink`: where a failing change listener is reported (the others still run). */
  constructor(
    private readonly now: () => number,
    sink: ListenerErrorSink,
  ) {
    this.changes = createBus(sink);
  }

  item(address: string): ItemSample | undefined {
    return this.items.get(address);
  }

  hasResource(resource: string): boolean {
    return this.resources.has(resource);
  }

  hasItem(address: string): boolean {
    return this.items.has(address);
  }

  subscribe(listener: (change: MirrorChange) => void): () => void {
    return this.changes.on('change', listener);
  }

  /** Take the collections as they are now (at start), without reporting changes. */
  seed(collections: Collections): void {
    for (const [kind, collection] of Object.entries(collections)) {
      for (const [id, resource] of Object.entries(collection ?? {})) this.merge(`/${kind}/${id}`, resource);
    }
  }

  /** Follow the hub from now on. */
  follow(hub: EventHub): () => void {
    return hub.subscribe((_message, event) => this.apply(event));
  }

  apply(event: DeconzEvent): void {
    if (!KINDS.has(event.r) || event.id === undefined) return;
    const resource = `/${event.r}/${event.id}`;
    if (event.e === 'deleted') {
      this.remove(resource);
      this.emit({ kind: 'removed', resource });
      return;
    }
    const body = event.e === 'added' ? findAddedBody(event) : event;
    if (!body) return;
    const changes = this.merge(resource, body);
    if (changes.length > 0) this.emit({ kind: 'items', resource, changes });
  }

  private merge(resource: string, body: unknown): ItemChange[] {
    let addresses = this.resources.get(resource);
    if (!addresses) this.resources.set(resource, (addresses = new Set()));
    const changes: ItemChange[] = [];
    const now = this.now();
    for (const object of OBJECTS) {
      const items = (body as Record<string, unknown>)[object];
      if (typeof items !== 'object' || items === null) continue;
      const record = items as Record<string, unknown>;
      const pressed = object === 'state' && this.differs(`${resource}/state/lastupdated`, record.lastupdated);
      for (const [name, value] of Object.entries(record)) {
        const address = `${resource}/${object}/${name}`;
        const before = this.items.get(address);
        const changed = before === undefined ? false : this.differs(address, value) || (pressed && PUSH_ALWAYS.has(`${object}/${name}`));
        // An item first shown not set yet (null, "" for a string, or deCONZ's default a new device
        // resource shows: temperature 0, presence false) is no update: a sensor paired or described
        // again after a restart lists its never-reported items so.
        const appeared = before === undefined && !(object === 'state' ? isUnsetShown(name, value) : value === null || value === '');
        if (before === undefined || changed) this.items.set(address, { value, changedAt: now });
        addresses.add(address);
        if (changed || appeared) changes.push({ address, previous: before?.value, changed: true });
      }
    }
    return changes;
  }

  private differs(address: string, value: unknown): boolean {
    const before = this.items.get(address);
    if (value === undefined) return false;
    return before === undefined || stringifySorted(before.value) !== stringifySorted(value);
  }

  private remove(resource: string): void {
    for (const address of this.resources.get(resource) ?? []) this.items.delete(address);
    this.resources.delete(resource);
  }

  private emit(change: MirrorChange): void {
    this.changes.emit('change', change);
  }
}

function findAddedBody(event: DeconzEvent): unknown {
  return event.sensor ?? event.light ?? event.group ?? event.alarmsystem;
}
