/**
 * Joining and leaving: the permit-join window, the pairing pool, pre-joined devices, online flags,
 * and restoring devices from the state file. Owns each device's context (and so its timers).
 */
import { deviceAnnounce } from '../zdo/network-zdo-frames';
import { ZdoCluster } from '../zdo/network-zdo-ids';
import type { Clock } from './clock';
import { createDeviceContext } from './device-context';
import type { ManagedContext } from './device-context';
import type { HostPort } from './host-port';
import type { PersistedNetwork } from './persisted';
import type { DeviceRegistry, JoinedDevice, PooledDevice } from './registry';
import { chooseParent, linkQuality } from './topology';
import type { Timing } from './timing';
import type { DeviceFactory, Emission, Ieee, OtaPacingName, SimDevice } from './types';

export interface MembershipDeps {
  registry: DeviceRegistry;
  factory: DeviceFactory;
  host: HostPort;
  clock: Clock;
  timing: Timing;
  coordinatorIeee(): Ieee;
  /** Whether a pooled device can authenticate (install-code devices need their link key first). */
  admits?(entry: PooledDevice): boolean;
  emit(ieee: Ieee, frame: Emission): void;
  changed(): void;
  /** How fast OTA clients download (default realistic). */
  otaPacing?(): OtaPacingName;
  /** The coordinator endpoint with the OTA server cluster, if any. */
  otaServer?(): number | undefined;
}

/** How often a device the trust centre refused (no link key for it yet) tries to join again. */
const REFUSED_RETRY_MS = 500;

export class Membership {
  private joinOpenUntil = 0;
  private joinTimer: unknown;
  private announceTsn = 0;
  private readonly contexts = new Map<Ieee, ManagedContext>();
  private readonly reboots = new Set<unknown>();

  constructor(private readonly deps: MembershipDeps) {}

  get joinOpen(): boolean {
    return this.deps.clock.now() < this.joinOpenUntil;
  }

  /** Opens (or, with 0, closes) the join window; pooled devices join shortly after it opens. */
  permitJoin(seconds: number): void {
    this.joinOpenUntil = seconds > 0 ? this.deps.clock.now() + seconds * 1000 : 0;
    if (seconds > 0) this.scheduleJoins();
  }

  addToPool(entry: PooledDevice): void {
    this.deps.registry.addToPool(entry);
    this.deps.changed();
    if (this.joinOpen) this.scheduleJoins();
  }

  private scheduleJoins(): void {
    if (this.joinTimer !== undefined) return;
    this.joinTimer = this.deps.clock.setTimeout(() => this.joinNext(), this.deps.timing.joinDelayMs);
  }

  private joinNext(): void {
    this.joinTimer = undefined;
    if (!this.joinOpen) return;
    // Idle devices (not searching for a network) stay in the pool until touchlinked.
    const searching = () => this.deps.registry.pool().filter((p) => p.searching !== false);
    const next = searching().find((entry) => this.deps.admits?.(entry) ?? true);
    if (next) {
      this.deps.registry.removeFromPool(next.ieee);
      this.join(next);
    }
    if (searching().length === 0) return;
    // A device refused for want of its link key tries again, as a real one retries association.
    const wait = next ? this.deps.timing.joinSpacingMs : REFUSED_RETRY_MS;
    this.joinTimer = this.deps.clock.setTimeout(() => this.joinNext(), wait);
  }

  /** Joins a device now (used for the pool and for pre-joined devices) and announces it. */
  join(entry: PooledDevice): SimDevice {
    const nwk = this.deps.registry.allocateNwk(entry.ieee);
    const device = this.deps.factory.create(entry.model, { ieee: entry.ieee, nwk }, this.contextFor(entry.ieee), entry.settings);
    const parent = chooseParent(this.deps.registry, device.identity.logicalType);
    this.deps.registry.add({ device, online: true, parent, lqi: linkQuality(entry.ieee), distance: entry.distance });
    this.announce(device);
    device.start();
    this.deps.changed();
    return device;
  }

  private announce(device: SimDevice): void {
    const { nwk, ieee, macCapabilities } = device.identity;
    this.announceTsn = (this.announceTsn + 1) & 0xff;
    const asdu = deviceAnnounce(this.announceTsn, nwk, ieee, macCapabilities);
    this.deps.host.indicate({
      dst: { mode: 'nwk', nwk: 0xfffd },
      dstEndpoint: 0,
      srcNwk: nwk,
      srcEndpoint: 0,
      profileId: 0,
      clusterId: ZdoCluster.DeviceAnnce,
      asdu,
      lqi: linkQuality(ieee),
      rssi: -50,
    });
  }

  /** Removes a joined device (leave) or a pooled one; stops its timers. */
  remove(ieee: Ieee): boolean {
    const entry = this.deps.registry.remove(ieee);
    const pooled = this.deps.registry.removeFromPool(ieee);
    if (entry) this.stopDevice(entry);
    if (entry || pooled) this.deps.changed();
    return Boolean(entry || pooled);
  }

  setOnline(ieee: Ieee, online: boolean): JoinedDevice | undefined {
    const entry = this.deps.registry.get(ieee);
    if (!entry || entry.online === online) return entry;
    entry.online = online;
    // Coming back, a real device re-announces itself (same address, so only a re-announce); one that
    // was off during a channel change finds the network on its new channel first (a rejoin).
    if (online) {
      entry.channel = undefined;
      this.announce(entry.device);
    }
    this.deps.changed();
    return entry;
  }

  /** A device restarts by itself (a new firmware image): offline for `downMs`, then back and announced. */
  reboot(ieee: Ieee, downMs: number): void {
    if (!this.setOnline(ieee, false)) return;
    const handle = this.deps.clock.setTimeout(() => {
      this.reboots.delete(handle);
      this.setOnline(ieee, true);
    }, downMs);
    this.reboots.add(handle);
  }

  /**
   * A device that lost its parent (the network moved while it slept) scans, finds its network on
   * the new channel and rejoins with its old address: the host sees a Device_annce.
   */
  rejoin(ieee: Ieee): void {
    const entry = this.deps.registry.get(ieee);
    if (!entry?.online) return;
    entry.channel = undefined;
    this.announce(entry.device);
    this.deps.changed();
  }

  restore(state: PersistedNetwork): void {
    for (const p of state.pool) this.deps.registry.addToPool(p);
    for (const d of state.devices) {
      const device = this.deps.factory.restore(d.model, { ieee: d.ieee, nwk: d.nwk }, d.snapshot, this.contextFor(d.ieee), d.definition);
      this.deps.registry.add({ device, online: d.online, parent: d.parent, lqi: d.lqi, distance: d.distance, channel: d.channel });
      device.start();
    }
  }

  persist(): PersistedNetwork {
    const devices = this.deps.registry.all().map((e) => ({
      ieee: e.device.identity.ieee,
      nwk: e.device.identity.nwk,
      model: e.device.identity.model,
      online: e.online,
      parent: e.parent,
      lqi: e.lqi,
      distance: e.distance,
      channel: e.channel,
      snapshot: e.device.snapshot(),
      ...(e.device.definition?.() === undefined ? {} : { definition: e.device.definition?.() }),
    }));
    return { devices, pool: this.deps.registry.pool() };
  }

  stopAll(): void {
    if (this.joinTimer !== undefined) this.deps.clock.clearTimeout(this.joinTimer);
    this.joinTimer = undefined;
    for (const handle of this.reboots) this.deps.clock.clearTimeout(handle);
    this.reboots.clear();
    for (const entry of this.deps.registry.all()) this.stopDevice(entry);
  }

  private stopDevice(entry: JoinedDevice): void {
    const ieee = entry.device.identity.ieee;
    try {
      entry.device.stop();
    } finally {
      this.contexts.get(ieee)?.dispose();
      this.contexts.delete(ieee);
    }
  }

  private contextFor(ieee: Ieee): ManagedContext {
    const ctx = createDeviceContext(ieee, {
      clock: this.deps.clock,
      coordinatorIeee: () => this.deps.coordinatorIeee(),
      emit: (from, frame) => this.deps.emit(from, frame),
      changed: () => this.deps.changed(),
      reboot: (id, downMs) => this.reboot(id, downMs),
      otaPacing: () => this.deps.otaPacing?.() ?? 'realistic',
      otaServer: () => this.deps.otaServer?.(),
    });
    this.contexts.set(ieee, ctx);
    return ctx;
  }
}
