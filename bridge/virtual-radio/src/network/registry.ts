/**
 * Who is on the network: joined devices (by IEEE and NWK address), the pairing pool (devices that
 * join at the next permit join) and their online flags.
 */
import type { DeviceSettings, Ieee, SimDevice } from './types';

export interface JoinedDevice {
  device: SimDevice;
  online: boolean;
  /** NWK address of the parent (0 = coordinator). */
  parent: number;
  /** Link quality the coordinator sees for this device. */
  lqi: number;
  /** Metres from the coordinator (touchlink only reaches close devices). */
  distance?: number;
  /**
   * Set only while the device is stranded on an old channel: it missed a channel change (a sleepy
   * end device, or one that was off) and cannot be reached until it rejoins. Absent: it follows the
   * network.
   */
  channel?: number;
}

export interface PooledDevice {
  ieee: Ieee;
  model: string;
  /** Metres from the coordinator. */
  distance?: number;
  /** false: powered but not looking for a network (a factory-new light left alone); joins only after a touchlink reset. */
  searching?: boolean;
  /** What it holds before it joins, over its catalogue values. */
  settings?: DeviceSettings;
}

export class DeviceRegistry {
  private readonly byIeee = new Map<Ieee, JoinedDevice>();
  private readonly byNwk = new Map<number, JoinedDevice>();
  private pooled: PooledDevice[] = [];

  add(entry: JoinedDevice): void {
    this.byIeee.set(entry.device.identity.ieee, entry);
    this.byNwk.set(entry.device.identity.nwk, entry);
  }

  remove(ieee: Ieee): JoinedDevice | undefined {
    const entry = this.byIeee.get(ieee);
    if (!entry) return undefined;
    this.byIeee.delete(ieee);
    this.byNwk.delete(entry.device.identity.nwk);
    return entry;
  }

  get(ieee: Ieee): JoinedDevice | undefined {
    return this.byIeee.get(ieee);
  }

  byAddress(nwk: number): JoinedDevice | undefined {
    return this.byNwk.get(nwk);
  }

  all(): JoinedDevice[] {
    return [...this.byIeee.values()];
  }

  get size(): number {
    return this.byIeee.size;
  }

  pool(): PooledDevice[] {
    return [...this.pooled];
  }

  addToPool(entry: PooledDevice): void {
    this.pooled.push(entry);
  }

  takePool(): PooledDevice[] {
    const taken = this.pooled;
    this.pooled = [];
    return taken;
  }

  removeFromPool(ieee: Ieee): boolean {
    const before = this.pooled.length;
    this.pooled = this.pooled.filter((p) => p.ieee !== ieee);
    return this.pooled.length < before;
  }

  knows(ieee: Ieee): boolean {
    return this.byIeee.has(ieee) || this.pooled.some((p) => p.ieee === ieee);
  }

  /** A free NWK address derived from the IEEE, so the same device lands on the same address. */
  allocateNwk(ieee: Ieee): number {
    let nwk = (Number.parseInt(ieee.slice(-4), 16) % 0xfff0) + 1;
    while (this.byNwk.has(nwk)) nwk = (nwk % 0xfff0) + 1;
    return nwk;
  }
}
