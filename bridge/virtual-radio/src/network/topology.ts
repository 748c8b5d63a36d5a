/**
 * A simple, stable mesh: routers hang off the coordinator, end devices off a router (spread round
 * robin) or off the coordinator when there is none. Link quality is derived from the IEEE so a
 * network map looks the same on every run.
 */
import type { DeviceRegistry, JoinedDevice } from './registry';

export const Relationship = { Parent: 0, Child: 1, Sibling: 2, None: 3 } as const;

export interface Neighbour {
  ieee: string;
  nwk: number;
  deviceType: 0 | 1 | 2;
  rxOnWhenIdle: boolean;
  relationship: number;
  depth: number;
  lqi: number;
}

export function linkQuality(ieee: string): number {
  return 120 + (Number.parseInt(ieee.slice(-2), 16) % 136);
}

export function chooseParent(registry: DeviceRegistry, logicalType: 'router' | 'end-device'): number {
  if (logicalType === 'router') return 0;
  const routers = registry.all().filter((d) => d.device.identity.logicalType === 'router');
  if (routers.length === 0) return 0;
  const children = registry.all().filter((d) => d.device.identity.logicalType === 'end-device').length;
  return routers[children % routers.length].device.identity.nwk;
}

function asNeighbour(entry: JoinedDevice, relationship: number): Neighbour {
  const id = entry.device.identity;
  return {
    ieee: id.ieee,
    nwk: id.nwk,
    deviceType: id.logicalType === 'router' ? 1 : 2,
    rxOnWhenIdle: id.rxOnWhenIdle,
    relationship,
    depth: entry.parent === 0 ? 1 : 2,
    lqi: entry.lqi,
  };
}

/** Neighbour table of `nwk` (0 = coordinator). */
export function neighboursOf(nwk: number, registry: DeviceRegistry, coordinatorIeee: string): Neighbour[] {
  const all = registry.all().filter((d) => d.online);
  if (nwk === 0) return all.filter((d) => d.parent === 0).map((d) => asNeighbour(d, Relationship.Child));
  const self = registry.byAddress(nwk);
  if (self?.device.identity.logicalType !== 'router') return [];
  const parent: Neighbour = { ieee: coordinatorIeee, nwk: 0, deviceType: 0, rxOnWhenIdle: true, relationship: Relationship.Parent, depth: 0, lqi: self.lqi };
  const others = all
    .filter((d) => d.device.identity.nwk !== nwk && (d.parent === nwk || d.device.identity.logicalType === 'router'))
    .map((d) => asNeighbour(d, d.parent === nwk ? Relationship.Child : Relationship.Sibling));
  return [parent, ...others];
}

/** Routing table of `nwk`: routers route directly to their children and siblings. */
export function routesOf(nwk: number, registry: DeviceRegistry): Array<{ dest: number; nextHop: number }> {
  const self = nwk === 0 ? undefined : registry.byAddress(nwk);
  if (nwk !== 0 && self?.device.identity.logicalType !== 'router') return [];
  return registry
    .all()
    .filter((d) => d.online && d.device.identity.logicalType === 'router' && d.device.identity.nwk !== nwk)
    .map((d) => ({ dest: d.device.identity.nwk, nextHop: d.device.identity.nwk }));
}
