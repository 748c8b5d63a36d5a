import type { Logger } from 'pino';
import type { DeviceDescription, EndpointState } from '@herdgate/shared/mqtt';
import type { EventHub } from '../../events/types';
import type { BridgeLink, LinkEvent } from '../../services/bridge-link';
import type { Clock } from '../../services/clock';
import type { Store } from '../../store/types';
import type { DdfBundles, StoredBundle } from '../ddf/bundles-model';
import { deviceAdded, deviceAttrChanged, deviceDeleted, deviceItemsChanged } from './device-events';
import { otauView } from './otau-view';
import { deviceView } from './device-view';
import { itemStamp, stampItems } from './item-stamps';
import { loadPolicies, savePolicy } from './policy-rows';
import type { DeviceEntry, PolicyRecord } from './types';

export interface DevicesDeps {
  store: Store;
  link: BridgeLink;
  events: EventHub;
  clock: Clock;
  logger: Logger;
  bundles: DdfBundles;
}

const DEFAULT_POLICY: PolicyRecord = { policy: 'latest_prefer_stable' };
/** Top-level Device fields whose change is pushed as an `attr` event. */
const ATTRS = ['name', 'manufacturername', 'modelid', 'productid', 'swversion', 'lastannounced', 'lastseen', 'ddf_policy', 'ddf_hash'] as const;

/** Which sub-devices a view has (type and uniqueid), to tell a changed list from changed items. */
const shape = (view: Record<string, unknown>) => (view.subdevices as Array<{ type: string; uniqueid: string }>).map((s) => `${s.type}|${s.uniqueid}`);

const utcSecond = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/**
 * Every paired device as the spec's Device object, kept current from the bridge link (identity,
 * sub-devices, item values with their own `lastupdated`), with the DDF policy each one follows.
 * Reads never touch the database; policies are loaded once and written through.
 */
export class DevicesModel {
  private readonly entries = new Map<string, DeviceEntry>();
  private readonly macOf = new Map<string, string>();
  private memberships = 0;
  /** Grows with every change of any device's view (items, identity, policy, bundles). */
  private changes = 0;
  private unsubscribe: (() => void) | undefined;

  private constructor(
    private readonly deps: DevicesDeps,
    private readonly policies: Map<string, PolicyRecord>,
  ) {}

  static async open(deps: DevicesDeps): Promise<DevicesModel> {
    const model = new DevicesModel(deps, await loadPolicies(deps.store));
    model.unsubscribe = deps.link.subscribe((event) => model.handle(event));
    for (const device of deps.link.devices().values()) model.describe(device, false);
    return model;
  }

  close(): void {
    this.unsubscribe?.();
  }

  /** Grows whenever a device appears or leaves: the list's ETag follows it. */
  listVersion(): number {
    return this.memberships;
  }

  /** A counter that moves whenever any Device object may have changed: cached renderings follow it. */
  viewVersion(): number {
    return this.changes;
  }

  /** MAC addresses with colons, sorted. */
  macs(): string[] {
    return [...this.entries.keys()].sort();
  }

  entry(mac: string): DeviceEntry | undefined {
    return this.entries.get(mac);
  }

  view(mac: string): Record<string, unknown> | undefined {
    const entry = this.entries.get(mac);
    if (!entry) return undefined;
    const view = deviceView(entry, this.policy(mac), this.ddfHash(mac));
    const ota = this.deps.link.deviceOta(entry.description.ieee);
    return ota ? { ...view, otau: otauView(ota) } : view;
  }

  policy(mac: string): PolicyRecord {
    return this.policies.get(mac) ?? DEFAULT_POLICY;
  }

  /** The device (and sub-device) a deCONZ uniqueid names: the MAC, or `MAC-ep[-cluster]`. */
  byUniqueid(uniqueid: string): { mac: string; entry: DeviceEntry; subdevice?: string } | undefined {
    const mac = uniqueid.slice(0, 23);
    const entry = this.entries.get(mac);
    if (!entry) return undefined;
    if (uniqueid.length === 23) return { mac, entry };
    return entry.description.subdevices.some((s) => s.uniqueid === uniqueid) ? { mac, entry, subdevice: uniqueid } : undefined;
  }

  /**
   * The uploaded bundle a device uses under its policy: the pinned one, else the newest bundle for
   * its manufacturer and model (`latest_prefer_stable`: one signed with the official stable key
   * first). None: the description generated from what the bridge knows.
   */
  bundleFor(mac: string): StoredBundle | undefined {
    const entry = this.entries.get(mac);
    const policy = this.policy(mac);
    if (policy.policy === 'pin') return policy.hash ? this.deps.bundles.get(policy.hash) : undefined;
    if (!entry || policy.policy === 'raw_json') return undefined;
    const candidates = this.deps.bundles.matching(entry.description.manufacturername, entry.description.modelid);
    if (policy.policy === 'latest_prefer_stable') {
      const stable = candidates.find((b) => b.signatures.some((s) => s.official === 'stable'));
      if (stable) return stable;
    }
    return candidates[0];
  }

  async setPolicy(mac: string, record: PolicyRecord): Promise<void> {
    const before = this.view(mac);
    await this.deps.store.write(
      (tx) => savePolicy(tx, mac, record),
      () => {
        this.policies.set(mac, record);
        this.changes += 1;
      },
    );
    this.pushAttrs(mac, before);
  }

  /**
   * The bridge took a new name for the device: shown at once (one `attr` event), so a read right
   * after the answer has it; the bridge's new description then changes nothing.
   */
  applyName(mac: string, name: string): void {
    const entry = this.entries.get(mac);
    if (!entry || entry.description.name === name) return;
    const before = this.view(mac);
    this.entries.set(mac, { ...entry, description: { ...entry.description, name } });
    this.changes += 1;
    this.pushAttrs(mac, before);
  }

  /** A bundle arrived: the devices it now applies to change their `ddf_hash`. Returns their MACs. */
  bundleAdded(before: Map<string, Record<string, unknown> | undefined>): string[] {
    this.changes += 1;
    const affected: string[] = [];
    for (const [mac, view] of before) if (this.pushAttrs(mac, view)) affected.push(mac);
    return affected;
  }

  /** Views of every device, to compare after a change that may touch many (a new bundle). */
  snapshot(): Map<string, Record<string, unknown> | undefined> {
    return new Map(this.macs().map((mac) => [mac, this.view(mac)]));
  }

  /** The hash of the bundle in use; a pin shows its hash even before that bundle is uploaded. */
  private ddfHash(mac: string): string | undefined {
    const policy = this.policy(mac);
    return policy.policy === 'pin' ? policy.hash : this.bundleFor(mac)?.hash;
  }

  private handle(event: LinkEvent): void {
    switch (event.kind) {
      case 'device':
        return this.describe(event.device, true);
      case 'device-removed':
        return this.removed(event.ieee);
      case 'state':
        return this.stateChanged(event.ieee, event.endpoint, event.state, true);
      case 'device-ota':
        return this.otaChanged(event.ieee);
      default:
        return;
    }
  }

  private describe(device: DeviceDescription, push: boolean): void {
    const mac = device.uniqueid;
    const existing = this.entries.get(mac);
    const before = existing ? this.view(mac) : undefined;
    this.macOf.set(device.ieee, mac);
    const entry: DeviceEntry = existing ? { ...existing, description: device } : { description: device, items: new Map(), activity: null };
    this.changes += 1;
    this.entries.set(mac, entry);
    if (!existing) this.memberships += 1;
    for (const endpoint of new Set(device.subdevices.map((s) => s.endpoint))) {
      const state = this.deps.link.endpointState(device.ieee, endpoint);
      if (state) this.stateChanged(device.ieee, endpoint, state, false);
    }
    if (!push) return;
    if (!existing) this.deps.events.publish(deviceAdded(mac, this.view(mac)!));
    else this.pushAttrs(mac, before);
  }

  private removed(ieee: string): void {
    const mac = this.macOf.get(ieee);
    if (!mac || !this.entries.delete(mac)) return;
    this.changes += 1;
    this.macOf.delete(ieee);
    this.memberships += 1;
    this.deps.events.publish(deviceDeleted(mac));
  }

  private stateChanged(ieee: string, endpoint: number, state: EndpointState, push: boolean): void {
    const mac = this.macOf.get(ieee);
    const entry = mac === undefined ? undefined : this.entries.get(mac);
    if (!mac || !entry) return;
    const before = push ? this.view(mac) : undefined;
    this.changes += 1;
    const stamp = itemStamp(state.state.lastupdated, utcSecond(this.deps.clock.now()));
    if (typeof state.state.lastupdated === 'string' && state.state.lastupdated !== 'none') {
      const minute = `${state.state.lastupdated.slice(0, 16)}Z`;
      if (entry.activity === null || minute > entry.activity) entry.activity = minute;
    }
    for (const sub of entry.description.subdevices) {
      if (sub.endpoint !== endpoint) continue;
      let items = entry.items.get(sub.uniqueid);
      if (!items) entry.items.set(sub.uniqueid, (items = new Map()));
      const changed = stampItems(items, sub, state, stamp);
      if (push && changed.length > 0)
        this.deps.events.publish(
          deviceItemsChanged(
            mac,
            sub.uniqueid,
            changed.map((key) => [key, items.get(key)!]),
          ),
        );
    }
    if (push) this.pushAttrs(mac, before);
  }

  /** A firmware update moved: the Device object's `otau` is pushed whole (clients that asked for device events). */
  private otaChanged(ieee: string): void {
    const mac = this.macOf.get(ieee);
    if (!mac || !this.entries.has(mac)) return;
    this.changes += 1;
    const otau = this.view(mac)?.otau;
    if (otau) this.deps.events.publish(deviceAttrChanged(mac, { otau }));
  }

  /** Pushes the top-level fields that differ from `before`; true when something did. */
  private pushAttrs(mac: string, before: Record<string, unknown> | undefined): boolean {
    const after = this.view(mac);
    if (!after || !before) return false;
    const attr: Record<string, unknown> = {};
    for (const key of ATTRS) if (before[key] !== after[key]) attr[key] = after[key] ?? null;
    // A device described again after its interview gains its sub-devices.
    if (JSON.stringify(shape(before)) !== JSON.stringify(shape(after))) attr.subdevices = after.subdevices;
    if (Object.keys(attr).length === 0) return false;
    this.deps.events.publish(deviceAttrChanged(mac, attr));
    return true;
  }
}
