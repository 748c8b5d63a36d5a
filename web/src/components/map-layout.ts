/** The network map as the gateway gives it (`GET /networkmap`, a herdgate extension). */
export interface MapNode {
  ieee: string;
  nwk?: number;
  type: 'Coordinator' | 'Router' | 'EndDevice' | string;
  name?: string;
  /** false: the node did not answer the scan's neighbour-table request. */
  reachable?: boolean;
  error?: string;
}

export interface MapLink {
  source: string;
  target: string;
  lqi: number;
  depth?: number;
  relationship?: string;
}

export interface NetworkMap {
  nodes: MapNode[];
  links: MapLink[];
  scannedat?: string | null;
  scanstate?: 'idle' | 'scanning';
  progress?: { done: number; total: number };
}

export interface Placed extends MapNode {
  x: number;
  y: number;
  ring: number;
}

/**
 * Concentric rings: the coordinator in the middle, then each node at its hop distance from it
 * (breadth-first over the links), spread evenly round its ring and sorted by its parent's angle so
 * children sit near their parent. Pure, so it is tested without a browser.
 */
export function layout(map: NetworkMap, size: number): Placed[] {
  const centre = size / 2;
  const neighbours = new Map<string, string[]>();
  for (const link of map.links) {
    for (const [a, b] of [[link.source, link.target], [link.target, link.source]] as const) {
      neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
    }
  }
  const root = map.nodes.find((n) => n.type === 'Coordinator')?.ieee ?? map.nodes[0]?.ieee;
  const ring = new Map<string, number>();
  const parent = new Map<string, string>();
  if (root !== undefined) {
    ring.set(root, 0);
    const queue = [root];
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const next of neighbours.get(current) ?? []) {
        if (ring.has(next)) continue;
        ring.set(next, ring.get(current)! + 1);
        parent.set(next, current);
        queue.push(next);
      }
    }
  }
  const maxRing = Math.max(1, ...[...ring.values()]) + 1;
  // Nodes no link reaches go on the outermost ring.
  for (const node of map.nodes) if (!ring.has(node.ieee)) ring.set(node.ieee, maxRing);
  const rings = Math.max(...[...ring.values()], 1);
  const step = (size / 2 - 40) / rings;
  const angle = new Map<string, number>();
  const placed: Placed[] = [];
  for (let r = 0; r <= rings; r += 1) {
    const members = map.nodes.filter((n) => ring.get(n.ieee) === r)
      .sort((a, b) => (angle.get(parent.get(a.ieee) ?? '') ?? 0) - (angle.get(parent.get(b.ieee) ?? '') ?? 0) || a.ieee.localeCompare(b.ieee));
    members.forEach((node, index) => {
      const theta = r === 0 ? 0 : (2 * Math.PI * index) / members.length - Math.PI / 2;
      angle.set(node.ieee, theta);
      placed.push({ ...node, ring: r, x: Math.round(centre + r * step * Math.cos(theta)), y: Math.round(centre + r * step * Math.sin(theta)) });
    });
  }
  return placed;
}

/** Link colour class by LQI (0-255). */
export const quality = (lqi: number) => (lqi >= 170 ? 'good' : lqi >= 85 ? 'fair' : 'poor');
