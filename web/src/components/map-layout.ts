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
  angle: number;
}

/** Room a label takes outward from its node (18 characters at 11 px), and the arc two neighbours need. */
export const LABEL_ROOM = 130;
export const NODE_GAP = 18;

/** Each node's hop count from the coordinator (breadth-first over the links) and its parent there. */
function ringsOf(map: NetworkMap): { ring: Map<string, number>; parent: Map<string, string> } {
  const neighbours = new Map<string, string[]>();
  for (const link of map.links) {
    for (const [a, b] of [
      [link.source, link.target],
      [link.target, link.source],
    ] as const) {
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
  return { ring, parent };
}

/** The distance between rings: room for a label, and enough arc on each ring for its nodes. */
function ringStep(ring: Map<string, number>): number {
  const counts = new Map<number, number>();
  for (const r of ring.values()) counts.set(r, (counts.get(r) ?? 0) + 1);
  let step = LABEL_ROOM;
  for (const [r, count] of counts) if (r > 0) step = Math.max(step, (count * NODE_GAP) / (2 * Math.PI * r));
  return Math.ceil(step);
}

/**
 * The drawing's size in SVG units (and pixels: it is drawn 1:1 and scrolls when wider than the
 * screen, so labels stay 11 px at 200 devices): every ring at least a label's room from the next,
 * each ring's nodes at least NODE_GAP apart along it, the outer labels inside the edge. A network of
 * up to 40 devices fits the screen as it is.
 */
export function mapSize(map: NetworkMap): number {
  if (map.nodes.length <= 40) return 640;
  const { ring } = ringsOf(map);
  const rings = Math.max(1, ...ring.values());
  return Math.max(640, 2 * (LABEL_ROOM + rings * ringStep(ring)));
}

/**
 * Concentric rings: the coordinator in the middle, then each node at its hop distance from it,
 * spread evenly round its ring and sorted by its parent's angle so children sit near their
 * parent. `angle` (radians) lets a label point outward. Pure, so it is tested without a browser.
 */
export function layout(map: NetworkMap, size: number): Placed[] {
  const centre = size / 2;
  const { ring, parent } = ringsOf(map);
  const rings = Math.max(...[...ring.values()], 1);
  const step = (size / 2 - (map.nodes.length > 40 ? LABEL_ROOM : 40)) / rings;
  const angle = new Map<string, number>();
  const placed: Placed[] = [];
  for (let r = 0; r <= rings; r += 1) {
    const members = map.nodes
      .filter((n) => ring.get(n.ieee) === r)
      .sort((a, b) => (angle.get(parent.get(a.ieee) ?? '') ?? 0) - (angle.get(parent.get(b.ieee) ?? '') ?? 0) || a.ieee.localeCompare(b.ieee));
    members.forEach((node, index) => {
      const theta = r === 0 ? 0 : (2 * Math.PI * index) / members.length - Math.PI / 2;
      angle.set(node.ieee, theta);
      placed.push({ ...node, ring: r, angle: theta, x: Math.round(centre + r * step * Math.cos(theta)), y: Math.round(centre + r * step * Math.sin(theta)) });
    });
  }
  return placed;
}

/** Link colour class by LQI (0-255). */
export const quality = (lqi: number) => (lqi >= 170 ? 'good' : lqi >= 85 ? 'fair' : 'poor');
