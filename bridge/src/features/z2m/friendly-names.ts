import { isValidFriendlyName } from '@herdgate/shared/mqtt';
import type { DeviceRegistry } from '../../devices/registry';

/**
 * Friendly names of the Zigbee2MQTT-compatible API: a device's name is its REST name (the
 * registry's), a group's its REST group's name (`group_<id>` when the api has not said). A name
 * that cannot be a topic (wildcards, `bridge`, a number as last level) or that an earlier entity
 * already has is replaced by the IEEE address (a group's by `group_<id>`), Zigbee2MQTT's own
 * default, so every entity keeps one topic of its own.
 */
export interface FriendlyNames {
  /** The name of a device. */
  of(ieee: string): string;
  /** The device or group a name (or IEEE address, or group id) designates. */
  resolve(id: string | number): { kind: 'device'; ieee: string } | { kind: 'group'; id: number } | undefined;
  /** Rebuild from the registry (after a join, rename or removal); returns the names that changed. */
  refresh(): Array<{ ieee: string; from?: string; to?: string }>;
  groupName(id: number): string;
}

export interface KnownGroup {
  id: number;
  name?: string;
}

export const defaultGroupName = (id: number) => (id === 901 ? 'default_bind_group' : `group_${id}`);

/** `groups` must not throw (it is read on every lookup): the caller keeps the last list it could read. */
export function createFriendlyNames(registry: DeviceRegistry, groups: () => KnownGroup[]): FriendlyNames {
  let byIeee = new Map<string, string>();
  let byName = new Map<string, string>();

  const build = () => {
    const nextByIeee = new Map<string, string>();
    const nextByName = new Map<string, string>();
    // Oldest first keeps a device's name when a newer one is given the same.
    for (const d of [...registry.all()].sort((a, b) => a.ieee.localeCompare(b.ieee))) {
      const wanted = d.name.trim();
      const name = isValidFriendlyName(wanted) && !nextByName.has(wanted) && !wanted.startsWith('0x') ? wanted : d.ieee;
      nextByIeee.set(d.ieee, name);
      nextByName.set(name, d.ieee);
    }
    return { nextByIeee, nextByName };
  };

  /** Group names, by id: a device's name wins over a group's, a lower id over a higher. */
  const groupNames = () => {
    const names = new Map<number, string>();
    const taken = new Set<string>();
    for (const g of [...groups()].sort((a, b) => a.id - b.id)) {
      const wanted = g.name?.trim();
      const usable =
        wanted !== undefined &&
        isValidFriendlyName(wanted) &&
        !byName.has(wanted) &&
        !taken.has(wanted) &&
        !wanted.startsWith('0x') &&
        !/^group_\d+$/.test(wanted);
      const name = usable ? wanted : defaultGroupName(g.id);
      names.set(g.id, name);
      taken.add(name);
    }
    return names;
  };
  const groupName = (id: number) => groupNames().get(id) ?? defaultGroupName(id);

  return {
    of: (ieee) => byIeee.get(ieee) ?? ieee,
    groupName,
    resolve(id) {
      const names = groupNames();
      if (typeof id === 'number') return names.has(id) ? { kind: 'group', id } : undefined;
      const ieee = byName.get(id) ?? (byIeee.has(id.toLowerCase()) ? id.toLowerCase() : undefined);
      if (ieee) return { kind: 'device', ieee };
      for (const [group, name] of names) if (name === id || String(group) === id) return { kind: 'group', id: group };
      return undefined;
    },
    refresh() {
      const { nextByIeee, nextByName } = build();
      const changed: Array<{ ieee: string; from?: string; to?: string }> = [];
      for (const [ieee, to] of nextByIeee) if (byIeee.get(ieee) !== to) changed.push({ ieee, from: byIeee.get(ieee), to });
      for (const [ieee, from] of byIeee) if (!nextByIeee.has(ieee)) changed.push({ ieee, from });
      byIeee = nextByIeee;
      byName = nextByName;
      return changed;
    },
  };
}
