/**
 * The network map scan without I/O: which nodes to ask (the coordinator and every router), one at
 * a time, and how their neighbour tables become nodes and links. `ask` reads one table and may
 * fail (an unreachable router); a failure marks the node unreachable and the scan goes on.
 */
import type { NetworkLink, NetworkMap, NetworkMapProgress, NetworkNode, NetworkNodeType } from '@herdgate/shared/mqtt';
import type { Neighbour } from '../zigbee/index';

export interface ScanNode {
  ieee: string;
  nwk: number;
  type: NetworkNodeType | 'Unknown';
}

export interface ScanInput {
  coordinator: ScanNode;
  devices: ScanNode[];
  ask(ieee: string): Promise<Neighbour[]>;
  onProgress(progress: NetworkMapProgress): void;
  now(): number;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function scanNetwork(input: ScanInput): Promise<NetworkMap> {
  const started = input.now();
  const all = [input.coordinator, ...input.devices];
  const known = new Map(all.map((n) => [n.ieee, n]));
  const toAsk = all.filter((n) => n.type === 'Coordinator' || n.type === 'Router');
  const outcome = new Map<string, { reachable: boolean; error?: string }>();
  /** What the tables say a node is, for devices herdsman has not typed yet. */
  const seenAs = new Map<string, Neighbour['type']>();
  const links: NetworkLink[] = [];

  input.onProgress({ done: 0, total: toAsk.length });
  for (const [index, node] of toAsk.entries()) {
    let neighbours: Neighbour[] = [];
    try {
      neighbours = await input.ask(node.ieee);
      outcome.set(node.ieee, { reachable: true });
    } catch (err) {
      outcome.set(node.ieee, { reachable: false, error: errorText(err) });
    }
    for (const n of neighbours) {
      // Entries for devices this bridge does not know (another network's, or long gone) are left out.
      if (!known.has(n.ieee) || n.ieee === node.ieee) continue;
      seenAs.set(n.ieee, n.type);
      links.push({ source: n.ieee, target: node.ieee, lqi: n.lqi, depth: n.depth, relationship: n.relationship });
    }
    input.onProgress({ done: index + 1, total: toAsk.length, ieee: node.ieee, reachable: outcome.get(node.ieee)!.reachable, neighbours: neighbours.length });
  }

  const nodes: NetworkNode[] = all.map((n) => {
    const type = typeOf(n, seenAs.get(n.ieee));
    const asked = outcome.get(n.ieee);
    return {
      ieee: n.ieee,
      nwk: n.nwk,
      type,
      reachable: asked ? asked.reachable : null,
      ...(asked?.error === undefined ? {} : { error: asked.error }),
    };
  });
  const finished = input.now();
  return { scannedat: new Date(finished).toISOString(), duration_ms: Math.max(0, finished - started), nodes, links };
}

function typeOf(node: ScanNode, seen: Neighbour['type'] | undefined): NetworkNodeType {
  if (node.type !== 'Unknown') return node.type;
  return seen === 'Router' || seen === 'Coordinator' ? 'Router' : 'EndDevice';
}
