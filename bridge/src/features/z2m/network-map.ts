import type { NetworkMap } from '@herdgate/shared/mqtt';

/**
 * Zigbee2MQTT's `networkmap` answer made from herdgate's scan: the `raw` topology (nodes and
 * neighbour links in Zigbee2MQTT's field names, deprecated duplicates included) and its `graphviz`
 * and `plantuml` renderings with Zigbee2MQTT's default colours and labels. herdgate reads neighbour
 * tables only: `routes` stays empty (a `routes: true` request is answered as without).
 */
export interface NodeFacts {
  friendlyName: string;
  manufacturerName?: string;
  modelID?: string;
  lastSeen?: number;
  definition?: { model: string; vendor: string; description: string; supports: string };
}

const RELATIONSHIP = { parent: 0, child: 1, sibling: 2, none: 3, previous_child: 4 } as const;
const DEVICE_TYPE = { Coordinator: 0, Router: 1, EndDevice: 2 } as const;

export const toNetworkAddressHex = (value: number) => `0x${value.toString(16).padStart(4, '0')}`;

export function rawTopology(map: NetworkMap, facts: (ieee: string) => NodeFacts) {
  const byIeee = new Map(map.nodes.map((n) => [n.ieee, n]));
  const nodes = map.nodes.map((n) => {
    const f = facts(n.ieee);
    return {
      ieeeAddr: n.ieee,
      friendlyName: f.friendlyName,
      type: n.type,
      networkAddress: n.nwk,
      manufacturerName: f.manufacturerName,
      modelID: f.modelID,
      // Zigbee2MQTT lists what failed for the routers it asked; end devices are not asked.
      failed: n.reachable === null ? undefined : n.reachable ? [] : ['lqi'],
      lastSeen: f.lastSeen,
      definition: f.definition,
    };
  });
  const links = map.links
    .filter((l) => RELATIONSHIP[l.relationship] <= 3)
    .map((l) => {
      const source = byIeee.get(l.source);
      const target = byIeee.get(l.target);
      return {
        source: { ieeeAddr: l.source, networkAddress: source?.nwk ?? 0xffff },
        target: { ieeeAddr: l.target, networkAddress: target?.nwk ?? 0xffff },
        deviceType: source ? DEVICE_TYPE[source.type] : 3,
        rxOnWhenIdle: source?.type === 'EndDevice' ? 0 : 1,
        relationship: RELATIONSHIP[l.relationship],
        permitJoining: 0,
        depth: l.depth,
        lqi: l.lqi,
        routes: [] as Array<{ destinationAddress: number }>,
        sourceIeeeAddr: l.source,
        targetIeeeAddr: l.target,
        sourceNwkAddr: source?.nwk ?? 0xffff,
        linkquality: l.lqi,
      };
    });
  return { nodes, links };
}
export type RawTopology = ReturnType<typeof rawTopology>;

const UNITS: Array<[string, number]> = [
  ['year', 31_557_600_000],
  ['month', 2_629_800_000],
  ['week', 604_800_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/**
 * "3 minutes, 12 seconds ago": humanize-duration's English with `largest: 2, round: true`, as
 * Zigbee2MQTT labels last seen. Counts per unit (seconds the smallest, fractional); everything
 * below the second non-zero unit is folded into it and rounded; a rounded count worth at least one
 * of the next larger unit moves up as whole ones of it (6 days 23.9 hours is "1 week").
 */
export function relative(ms: number): string {
  let rest = Math.max(0, ms);
  const counts = UNITS.map(([, size], i) => {
    const count = i === UNITS.length - 1 ? rest / size : Math.floor(rest / size);
    rest -= count * size;
    return count;
  });
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] === 0 || ++seen < 2) continue;
    for (let j = i + 1; j < counts.length; j++) {
      counts[i] += (counts[j] * UNITS[j][1]) / UNITS[i][1];
      counts[j] = 0;
    }
    break;
  }
  for (let i = counts.length - 1; i >= 0; i--) {
    if (counts[i] === 0) continue;
    counts[i] = Math.round(counts[i]);
    if (i === 0) break;
    const up = Math.floor((counts[i] * UNITS[i][1]) / UNITS[i - 1][1]);
    if (!up) break;
    counts[i - 1] += up;
    counts[i] = 0;
  }
  const parts = counts
    .map((count, i) => [count, UNITS[i][0]] as const)
    .filter(([count]) => count !== 0)
    .slice(0, 2)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`);
  return `${parts.length ? parts.join(', ') : '0 seconds'} ago`;
}

const lastSeenOf = (node: RawTopology['nodes'][number], now: number) => {
  const date = node.type === 'Coordinator' ? now : node.lastSeen;
  return date ? relative(now - date) : 'unknown';
};
const model = (node: RawTopology['nodes'][number]) => `${node.definition?.vendor} ${node.definition?.description} (${node.definition?.model})`;
const addressLine = (node: RawTopology['nodes'][number], sep: string) =>
  `${node.ieeeAddr} (${toNetworkAddressHex(node.networkAddress)})${node.failed?.length ? `${sep}failed: ${node.failed.join(',')}` : ''}`;

export function graphviz(topology: RawTopology, now = Date.now()): string {
  let text = 'digraph G {\nnode[shape=record];\n';
  for (const node of topology.nodes) {
    const labels = [node.friendlyName, addressLine(node, '')];
    if (node.type !== 'Coordinator') labels.push(model(node));
    labels.push(lastSeenOf(node, now));
    const escaped = labels.map((label) => label.replace(/\\/g, '\\\\').replace(/"/g, '\\"'));
    const style =
      node.type === 'Coordinator'
        ? 'style="bold, filled", fillcolor="#e04e5d", fontcolor="#ffffff"'
        : node.type === 'Router'
          ? 'style="rounded, filled", fillcolor="#4ea3e0", fontcolor="#ffffff"'
          : 'style="rounded, dashed, filled", fillcolor="#fff8ce", fontcolor="#000000"';
    text += `  "${node.ieeeAddr}" [${style}, label="{${escaped.join('|')}}"];\n`;
    for (const link of topology.links) {
      if (link.source.ieeeAddr !== node.ieeeAddr) continue;
      const line = node.type === 'EndDevice' ? 'penwidth=1, ' : 'penwidth=0.5, ';
      text += `  "${node.ieeeAddr}" -> "${link.target.ieeeAddr}" [${line}weight=0, color="#994444", label="${link.linkquality}"]\n`;
    }
  }
  return `${text}}`.replace(/\0/g, '');
}

export function plantuml(topology: RawTopology, now = Date.now()): string {
  const text = ["' paste into: https://www.planttext.com/", '', '@startuml'];
  for (const node of [...topology.nodes].sort((a, b) => a.friendlyName.localeCompare(b.friendlyName))) {
    text.push(`card ${node.ieeeAddr} [`, node.friendlyName, '---', addressLine(node, ' '));
    if (node.type !== 'Coordinator') text.push('---', model(node));
    text.push('---', lastSeenOf(node, now), ']', '');
  }
  for (const link of topology.links) text.push(`${link.sourceIeeeAddr} --> ${link.targetIeeeAddr}: ${link.lqi}`);
  text.push('', '@enduml');
  return text.join('\n');
}
