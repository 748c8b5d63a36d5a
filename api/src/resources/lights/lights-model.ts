import type { Logger } from 'pino';
import type { DeviceDescription, Subdevice } from '@herdgate/shared/mqtt';
import { createBus } from '@herdgate/shared/bus';
import type { BridgeLink, LinkEvent } from '../../services/bridge-link';
import type { Store } from '../../store/types';
import { adoptedRows } from '../adopted-rows';
import { lightNameFrom } from './default-name';
import { EventGate } from './event-gate';
import { LatestWrites } from './latest-writes';
import { insertLightRow, loadLightRows, updateLightRow } from './light-rows';
import { lightAttr, lightPowerup, lightState } from './light-view';
import type { LightChange, LightEntry } from './types';

export interface LightsModelDeps {
  store: Store;
  link: BridgeLink;
  logger: Logger;
}

/** deCONZ treats an id this long as a uniqueid (deconz-behavior §0). */
const MIN_UNIQUEID_LENGTH = 26;
const REJOIN: ReadonlySet<string> = new Set(['join', 'announce']);

/**
 * Every light the gateway knows, in memory, kept in step with the bridge's device mirror and the
 * lights table. Changes go to `onChange` listeners (events, groups) through an `EventGate`, so a
 * change caused by a REST call is announced only after that call's reply.
 */
export class LightsModel {
  private readonly entries = new Map<string, LightEntry>();
  private readonly byUniqueid = new Map<string, LightEntry>();
  private readonly changes = createBus<{ change: LightChange }>((err, _event, change) =>
    this.deps.logger.error({ err, light: (change as LightChange).entry.row.id }, 'light change listener failed'),
  );
  readonly gate = new EventGate<LightChange>((change) => this.emit(change));
  /** State writes in flight, so a superseded one answers as the newest did. */
  readonly writes = new LatestWrites();
  private chain: Promise<void> = Promise.resolve();
  private readonly etagBase = crypto.randomUUID().slice(0, 8);
  private counter = 0;
  private unsubscribe: (() => void) | undefined;
  /** Grows with every change of any light: the lights part of collection ETags. */
  version = 0;

  constructor(private readonly deps: LightsModelDeps) {}

  async load(): Promise<void> {
    for (const row of await loadLightRows(this.deps.store)) this.index({ row, state: {}, etag: this.nextEtag() });
    for (const device of this.deps.link.devices().values()) await this.syncDevice(device);
    this.unsubscribe = this.deps.link.subscribe((event) => {
      this.chain = this.chain.then(() => this.onLink(event)).catch((err: unknown) => this.deps.logger.error({ err }, 'light update failed'));
    });
  }

  /** Stops following the bridge; resolves once the updates already received are applied. */
  close(): Promise<void> {
    this.unsubscribe?.();
    return this.chain;
  }

  /** Resolves once every link event received so far is applied (tests, shutdown). */
  settled(): Promise<void> {
    return this.chain;
  }

  onChange(listener: (change: LightChange) => void): () => void {
    return this.changes.on('change', listener);
  }

  /** A live light by id, or by uniqueid as deCONZ allows. */
  get(id: string): LightEntry | undefined {
    const entry = id.length >= MIN_UNIQUEID_LENGTH ? this.byUniqueid.get(id) : this.entries.get(id);
    return entry && !entry.row.deleted ? entry : undefined;
  }

  live(): LightEntry[] {
    return [...this.entries.values()].filter((entry) => !entry.row.deleted);
  }

  /**
   * What the light shows now that a command was taken: the state items of the bridge's answer (its
   * prediction from the converters, `set/result` `state`) or a recalled scene's stored values.
   * Shown at once, so a GET right after the reply agrees; the bridge's own state report then
   * changes nothing (no second event). Items the light does not have are left out.
   */
  show(entry: LightEntry, items: Readonly<Record<string, unknown>>): void {
    const declared = entry.subdevice?.state ?? [];
    const next = { ...entry.state };
    for (const [item, value] of Object.entries(items)) if (declared.includes(item)) next[item] = value as never;
    if (JSON.stringify(next) === JSON.stringify(entry.state)) return;
    const before = entry.state;
    entry.state = next;
    this.touch(entry);
    this.gate.push(entry.row.id, { kind: 'state', entry, before });
  }

  /** The device acknowledged a new start-up brightness: show it at once (one attr event). */
  applyPowerup(entry: LightEntry, powerup: number): void {
    if (entry.powerup === powerup) return;
    const before = lightAttr(entry);
    entry.powerup = powerup;
    this.touch(entry);
    this.gate.push(entry.row.id, { kind: 'attr', entry, before });
  }

  /** False when the light was deleted meanwhile (nothing written). */
  async rename(entry: LightEntry, name: string): Promise<boolean> {
    const before = lightAttr(entry);
    if (
      !(await updateLightRow(this.deps.store, entry.row.id, { name }, () => {
        entry.row.name = name;
      }))
    )
      return false;
    this.touch(entry);
    this.gate.push(entry.row.id, { kind: 'attr', entry, before });
    return true;
  }

  /** False when the light was already deleted. */
  async remove(entry: LightEntry): Promise<boolean> {
    if (
      !(await updateLightRow(this.deps.store, entry.row.id, { deleted: true }, () => {
        entry.row.deleted = true;
      }))
    )
      return false;
    this.touch(entry);
    this.gate.push(entry.row.id, { kind: 'deleted', entry });
    return true;
  }

  /**
   * Lights whose rows a cross-model transaction marked deleted (their device left the network):
   * memory and the `deleted` events follow the commit, as for `remove`.
   */
  forgetCommitted(ids: readonly string[]): void {
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry || entry.row.deleted) continue;
      entry.row.deleted = true;
      this.touch(entry);
      this.gate.push(id, { kind: 'deleted', entry });
    }
  }

  private emit(change: LightChange): void {
    this.changes.emit('change', change);
  }

  private async onLink(event: LinkEvent): Promise<void> {
    if (event.kind === 'device') await this.syncDevice(event.device);
    else if (event.kind === 'state') this.refreshEndpoint(event.ieee, event.endpoint);
    else if (event.kind === 'device-removed') this.markGone(event.ieee);
    else if (event.kind === 'bridge-event' && REJOIN.has(event.event.type)) await this.rejoined(event.event.ieee);
  }

  /** A deleted light comes back only when its device (re)joins, never from a retained description. */
  private async rejoined(ieee: string | undefined): Promise<void> {
    for (const entry of [...this.entries.values()]) {
      if (entry.row.ieee === ieee && entry.row.deleted) {
        await this.revive(entry);
        this.refresh(entry);
      }
    }
  }

  private async syncDevice(device: DeviceDescription): Promise<void> {
    const subdevices = device.subdevices.filter((s) => s.resource === 'lights');
    // A light taken over from deCONZ keeps its row (id, name, uniqueid) where the bridge names it otherwise.
    const rows = [...this.entries.values()].filter((entry) => entry.row.ieee === device.ieee).map((entry) => ({ ...entry.row, entry }));
    const adopted = adoptedRows(subdevices, rows, () => true);
    for (const [index, subdevice] of subdevices.entries()) {
      const entry =
        this.byUniqueid.get(subdevice.uniqueid) ??
        adopted.get(subdevice.uniqueid)?.entry ??
        (await this.create(device, subdevice, lightNameFrom(device.name, index, subdevices.length)));
      this.attach(entry, device, subdevice);
    }
  }

  private async create(device: DeviceDescription, subdevice: Subdevice, name: string): Promise<LightEntry> {
    const draft = { uniqueid: subdevice.uniqueid, ieee: device.ieee, endpoint: subdevice.endpoint, name, deleted: false };
    const entry: LightEntry = { row: { ...draft, id: '' }, device, subdevice, state: {}, etag: this.nextEtag() };
    const row = await insertLightRow(this.deps.store, draft, (stored) => {
      entry.row = stored;
      this.index(entry);
    });
    const endpoint = this.deps.link.endpointState(device.ieee, subdevice.endpoint);
    entry.state = lightState(subdevice, device, endpoint);
    entry.powerup = lightPowerup(subdevice, endpoint);
    this.deps.logger.debug({ light: row.id, uniqueid: row.uniqueid }, 'light added');
    this.gate.push(row.id, { kind: 'added', entry });
    return entry;
  }

  /** A deleted light whose device rejoined gets its old id and name again. */
  private async revive(entry: LightEntry): Promise<void> {
    if (
      !(await updateLightRow(
        this.deps.store,
        entry.row.id,
        { deleted: false },
        () => {
          entry.row.deleted = false;
        },
        true,
      ))
    )
      return;
    this.touch(entry);
    this.gate.push(entry.row.id, { kind: 'added', entry });
  }

  private attach(entry: LightEntry, device: DeviceDescription, subdevice: Subdevice): void {
    const before = lightAttr(entry);
    const hadDevice = entry.device !== undefined;
    // The bridge published the device because it was heard (at most once per lightlastseeninterval).
    const heard = hadDevice && device.lastseen_at !== undefined && device.lastseen_at !== entry.device?.lastseen_at;
    entry.device = device;
    entry.subdevice = subdevice;
    if (entry.row.ieee !== device.ieee || entry.row.endpoint !== subdevice.endpoint) {
      const patch = { ieee: device.ieee, endpoint: subdevice.endpoint };
      void updateLightRow(this.deps.store, entry.row.id, patch, () => Object.assign(entry.row, patch), entry.row.deleted);
    }
    const after = lightAttr(entry);
    if (hadDevice && !entry.row.deleted && JSON.stringify(before) !== JSON.stringify(after)) {
      this.touch(entry);
      this.gate.push(entry.row.id, { kind: 'attr', entry, before });
    } else if (heard && !entry.row.deleted) {
      // Same minute shown, still an update: deCONZ sends its `lastseen` event once per interval.
      this.touch(entry);
      this.gate.push(entry.row.id, { kind: 'attr', entry, before: { ...before, lastseen: null } });
    }
    this.refresh(entry);
  }

  private refreshEndpoint(ieee: string, endpoint: number): void {
    for (const entry of this.entries.values()) {
      if (entry.row.ieee === ieee && entry.row.endpoint === endpoint && !entry.row.deleted) this.refresh(entry);
    }
  }

  private markGone(ieee: string): void {
    for (const entry of this.entries.values()) {
      if (entry.row.ieee !== ieee || !entry.device || entry.row.deleted) continue;
      entry.device = { ...entry.device, availability: 'offline' };
      this.refresh(entry);
    }
  }

  private refresh(entry: LightEntry): void {
    if (!entry.device || !entry.subdevice || entry.row.deleted) return;
    const endpoint = this.deps.link.endpointState(entry.row.ieee, entry.row.endpoint);
    const powerup = lightPowerup(entry.subdevice, endpoint);
    if (powerup !== entry.powerup) {
      const attrBefore = lightAttr(entry);
      entry.powerup = powerup;
      this.touch(entry);
      this.gate.push(entry.row.id, { kind: 'attr', entry, before: attrBefore });
    }
    const before = entry.state;
    const after = lightState(entry.subdevice, entry.device, endpoint);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    entry.state = after;
    this.touch(entry);
    this.gate.push(entry.row.id, { kind: 'state', entry, before });
  }

  private index(entry: LightEntry): void {
    this.entries.set(entry.row.id, entry);
    this.byUniqueid.set(entry.row.uniqueid, entry);
  }

  private touch(entry: LightEntry): void {
    entry.etag = this.nextEtag();
    this.version += 1;
  }

  private nextEtag(): string {
    this.counter += 1;
    return `${this.etagBase}${this.counter.toString(16).padStart(8, '0')}`;
  }
}
