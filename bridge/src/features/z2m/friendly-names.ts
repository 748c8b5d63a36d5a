import { isValidFriendlyName } from '@herdgate/shared/mqtt';
import type { DeviceRegistry } from '../../devices/registry';

/**
 * Friendly names of the Zigbee2MQTT-compatible API: a device's name is its REST name (the
 * registry's), a group's `group_<id>`. A name that cannot be a topic (wildcards, `bridge`, a
 * number as last level) or that an earlier device already has is replaced by the IEEE address,
 * Zigbee2MQTT's own default, so every entity keeps one topic of its own.
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

export function createFriendlyNames(registry: DeviceRegistry, groupIds: () => number[]): FriendlyNames {
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

  const groupName = (id: number) => `group_${id}`;

  return {
    of: (ieee) => byIeee.get(ieee) ?? ieee,
    groupName,
    resolve(id) {
      if (typeof id === 'number') return groupIds().includes(id) ? { kind: 'group', id } : undefined;
      const ieee = byName.get(id) ?? (byIeee.has(id.toLowerCase()) ? id.toLowerCase() : undefined);
      if (ieee) return { kind: 'device', ieee };
      const group = groupIds().find((g) => groupName(g) === id || String(g) === id);
      return group === undefined ? undefined : { kind: 'group', id: group };
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
