import type { Logger } from 'pino';
import { createBus } from '@herdgate/shared/bus';
import type { LightsModel } from '../lights/lights-model';
import type { LightChange } from '../lights/types';
import type { Store } from '../../store/types';
import { MembershipDoubts } from './membership-doubts';
import { deleteGroupRow, insertGroupRecord, loadGroupRecords, readLiveGroup, updateLiveGroup, usedGroupAddresses } from './group-rows';
import { ALL_GROUP_ADDRESS, DEFAULT_ACTION, MAX_GROUP_ADDRESS, type GroupEntry, type GroupRecord } from './types';

export interface GroupsModelDeps {
  store: Store;
  lights: LightsModel;
  logger: Logger;
}

export type GroupChange =
  | { kind: 'added' | 'deleted'; entry: GroupEntry }
  | { kind: 'state'; entry: GroupEntry }
  | { kind: 'attr'; entry: GroupEntry; before: Record<string, unknown> };

/**
 * Groups in memory, kept in step with the groups table; `all_on`/`any_on` follow the member
 * lights' changes. The `All` group is not stored: its members are every live light.
 */
export class GroupsModel {
  private readonly entries = new Map<string, GroupEntry>();
  private readonly changes = createBus<{ change: GroupChange }>((err, _event, change) =>
    this.deps.logger.error({ err, group: (change as GroupChange).entry.record.id }, 'group change listener failed'),
  );
  private readonly etagBase = crypto.randomUUID().slice(0, 8);
  private counter = 0;
  version = 0;
  readonly all: GroupEntry;
  /** Device memberships to assert again, and the per-group order of membership writes. */
  readonly doubts: MembershipDoubts;

  constructor(private readonly deps: GroupsModelDeps) {
    this.doubts = new MembershipDoubts(deps.store);
    const record: GroupRecord = {
      id: String(ALL_GROUP_ADDRESS),
      name: 'All',
      type: 'LightGroup',
      class: null,
      hidden: false,
      lights: [],
      lightsequence: [],
      multideviceids: [],
      devicemembership: [],
      action: { ...DEFAULT_ACTION },
      deleted: false,
    };
    this.all = { record, state: { all_on: false, any_on: false }, etag: this.nextEtag() };
  }

  async load(): Promise<void> {
    await this.doubts.load();
    for (const record of await loadGroupRecords(this.deps.store)) {
      this.entries.set(record.id, { record, state: { all_on: false, any_on: false }, etag: this.nextEtag() });
    }
    this.recomputeAll(false);
    // Light changes arrive after their REST reply (the lights' gate), so group events follow them.
    this.deps.lights.onChange((change) => this.onLight(change));
  }

  onChange(listener: (change: GroupChange) => void): () => void {
    return this.changes.on('change', listener);
  }

  /** A live group by id; `0` (and the real address) is the `All` group. */
  get(id: string): GroupEntry | undefined {
    if (id === '0' || id === this.all.record.id) return this.all;
    const entry = this.entries.get(id);
    return entry && !entry.record.deleted ? entry : undefined;
  }

  /** Live groups without `All`, in id order. */
  live(): GroupEntry[] {
    return [...this.entries.values()].filter((e) => !e.record.deleted).sort((a, b) => Number(a.record.id) - Number(b.record.id));
  }

  /** Live groups a light belongs to. */
  groupsOf(lightId: string): GroupEntry[] {
    return this.live().filter((entry) => entry.record.lights.includes(lightId));
  }

  /**
   * Create a group at the smallest address no group has used (deconz-behavior §11), chosen inside
   * the insert's transaction from the committed rows, so concurrent creates never share one. A live
   * group of the same name is answered instead (`created` false). Undefined: every address is used
   * (or the `wanted` one was, once).
   */
  async create(draft: Omit<GroupRecord, 'id'>, wanted?: number): Promise<{ entry: GroupEntry; created: boolean } | undefined> {
    type Outcome = { existing: GroupEntry; record?: undefined } | { record: GroupRecord; existing?: undefined } | undefined;
    const outcome = await this.deps.store.write(
      async (tx): Promise<Outcome> => {
        const named = this.live().find((entry) => entry.record.name === draft.name);
        if (named) return { existing: named };
        const used = await usedGroupAddresses(tx);
        // An address asked for (a Zigbee2MQTT `group/add` with an id): only one never used.
        if (wanted !== undefined) {
          if (used.has(String(wanted))) return undefined;
          const record: GroupRecord = { ...draft, id: String(wanted) };
          await insertGroupRecord(tx, record);
          return { record };
        }
        let address = 1;
        while (used.has(String(address))) address += 1;
        if (address > MAX_GROUP_ADDRESS) return undefined;
        const record: GroupRecord = { ...draft, id: String(address) };
        await insertGroupRecord(tx, record);
        return { record };
      },
      (result) => {
        if (result?.record) this.entries.set(result.record.id, { record: result.record, state: { all_on: false, any_on: false }, etag: this.nextEtag() });
      },
    );
    if (!outcome) return undefined;
    if (outcome.existing) return { entry: outcome.existing, created: false };
    const entry = this.entries.get(outcome.record.id)!;
    this.recompute(entry, false);
    this.version += 1;
    this.emit({ kind: 'added', entry });
    return { entry, created: true };
  }

  /**
   * Read-modify-write of a group inside the serialised store transaction: `change` gets the
   * committed record. False when the group is gone (deleted meanwhile; nothing written).
   */
  async modify(entry: GroupEntry, change: (current: GroupRecord) => GroupRecord): Promise<boolean> {
    const before = attrOf(entry.record);
    if (entry === this.all) {
      entry.record = change(entry.record);
    } else {
      const next = await this.deps.store.write(
        async (tx) => {
          const current = await readLiveGroup(tx, entry.record.id);
          if (!current) return undefined;
          const changed = change(current);
          await updateLiveGroup(tx, changed);
          return changed;
        },
        (changed) => {
          if (changed) entry.record = changed;
        },
      );
      if (!next) return false;
    }
    this.touch(entry);
    this.emit({ kind: 'attr', entry, before });
    this.recompute(entry, true);
    return true;
  }

  /** A group record a cross-model transaction committed: memory and the `changed` event follow. */
  applyCommitted(entry: GroupEntry, record: GroupRecord): void {
    const before = attrOf(entry.record);
    entry.record = record;
    this.touch(entry);
    this.emit({ kind: 'attr', entry, before });
    this.recompute(entry, true);
  }

  /** False when the group was already gone. */
  async remove(entry: GroupEntry): Promise<boolean> {
    const removed = await deleteGroupRow(this.deps.store, entry.record.id, (done) => {
      if (done) entry.record.deleted = true;
    });
    if (!removed) return false;
    this.touch(entry);
    this.emit({ kind: 'deleted', entry });
    return true;
  }

  private onLight(change: LightChange): void {
    const id = change.entry.row.id;
    if (change.kind === 'deleted') {
      for (const entry of this.groupsOf(id)) {
        void this.modify(entry, (current) => ({
          ...current,
          lights: current.lights.filter((l) => l !== id),
          lightsequence: current.lightsequence.filter((l) => l !== id),
        })).catch((err: unknown) => this.deps.logger.error({ err, group: entry.record.id }, 'dropping a deleted light from a group failed'));
      }
    }
    if (change.kind === 'attr') return;
    this.recompute(this.all, true);
    for (const entry of this.groupsOf(id)) this.recompute(entry, true);
  }

  private recomputeAll(notify: boolean): void {
    this.recompute(this.all, notify);
    for (const entry of this.live()) this.recompute(entry, notify);
  }

  /** deconz-behavior §11: from the reachable member lights that have an `on` state. */
  private recompute(entry: GroupEntry, notify: boolean): void {
    const members = entry === this.all ? this.deps.lights.live() : entry.record.lights.map((id) => this.deps.lights.get(id));
    const ons: boolean[] = [];
    for (const light of members) {
      if (light && light.state.reachable !== false && typeof light.state.on === 'boolean') ons.push(light.state.on);
    }
    const state = { all_on: ons.length > 0 && ons.every(Boolean), any_on: ons.some(Boolean) };
    if (state.all_on === entry.state.all_on && state.any_on === entry.state.any_on) return;
    entry.state = state;
    this.touch(entry);
    if (notify) this.emit({ kind: 'state', entry });
  }

  private emit(change: GroupChange): void {
    this.changes.emit('change', change);
  }

  private touch(entry: GroupEntry): void {
    entry.etag = this.nextEtag();
    this.version += 1;
  }

  private nextEtag(): string {
    this.counter += 1;
    return `${this.etagBase}${this.counter.toString(16).padStart(8, '0')}`;
  }
}

/** The group attributes a `changed` event carries flat at the top level. */
export function attrOf(record: GroupRecord): Record<string, unknown> {
  const attr: Record<string, unknown> = {
    hidden: record.hidden,
    lights: record.lights,
    lightsequence: record.lightsequence,
    multideviceids: record.multideviceids,
    name: record.name,
    type: record.type,
  };
  if (record.class !== null) attr.class = record.class;
  return attr;
}
