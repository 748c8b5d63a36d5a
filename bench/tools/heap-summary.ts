/**
 * Summarises a V8 heap snapshot (`.heapsnapshot`): self size by node type and by constructor, and
 * the objects that retain the most (dominator tree, weak edges ignored, as DevTools computes
 * "retained size"), each with its chain of dominators. `tsx bench/tools/heap-summary.ts <file>`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapSummary {
  totalBytes: number;
  byType: Array<[string, number]>;
  byConstructor: Array<[string, number, number]>;
  topRetainers: Array<{ label: string; retained: number; chain: string[] }>;
}

export function summarise(raw: Snapshot, top = 40): HeapSummary {
  const { meta } = raw.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const [nType, nName, nSelf, nEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [number, number, number, number];
  const [eType, eTo] = ['type', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [number, number];
  const types = meta.node_types[0];
  const weak = meta.edge_types[0].indexOf('weak');
  const count = raw.nodes.length / nf;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) firstEdge[i + 1] = firstEdge[i]! + raw.nodes[i * nf + nEdges]! * ef;
  const typeOf = (i: number) => types[raw.nodes[i * nf + nType]!]!;
  const nameOf = (i: number) => raw.strings[raw.nodes[i * nf + nName]!]!;
  const selfOf = (i: number) => raw.nodes[i * nf + nSelf]!;
  const label = (i: number) => `${typeOf(i)} ${nameOf(i).slice(0, 80).replace(/\s+/g, ' ')}`;
  const children = (i: number, visit: (child: number) => void) => {
    for (let e = firstEdge[i]!; e < firstEdge[i + 1]!; e += ef) if (raw.edges[e + eType] !== weak) visit(raw.edges[e + eTo]! / nf);
  };

  // Post-order from the root, iteratively.
  const order = new Int32Array(count).fill(-1);
  const post: number[] = [];
  const stack: Array<[number, number]> = [[0, firstEdge[0]!]];
  order[0] = -2;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const [node, edge] = frame;
    if (edge >= firstEdge[node + 1]!) {
      order[node] = post.length;
      post.push(node);
      stack.pop();
      continue;
    }
    frame[1] = edge + ef;
    if (raw.edges[edge + eType] === weak) continue;
    const child = raw.edges[edge + eTo]! / nf;
    if (order[child] === -1) {
      order[child] = -2;
      stack.push([child, firstEdge[child]!]);
    }
  }
  // Predecessors of reachable nodes.
  const predCount = new Uint32Array(count + 1);
  for (const node of post) children(node, (child) => predCount[child + 1]!++);
  for (let i = 0; i < count; i++) predCount[i + 1]! += predCount[i]!;
  const preds = new Uint32Array(predCount[count]!);
  const fill = predCount.slice();
  for (const node of post) children(node, (child) => (preds[fill[child]!++] = node));
  // Cooper–Harvey–Kennedy on post-order numbers.
  const idom = new Int32Array(count).fill(-1);
  const root = 0;
  idom[root] = root;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const node = post[k]!;
      let candidate = -1;
      for (let p = predCount[node]!; p < predCount[node + 1]!; p++) {
        const pred = preds[p]!;
        if (idom[pred] === -1) continue;
        candidate = candidate === -1 ? pred : intersect(pred, candidate);
      }
      if (candidate !== -1 && idom[node] !== candidate) {
        idom[node] = candidate;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(count);
  for (const node of post) retained[node]! += selfOf(node);
  for (const node of post) if (node !== root) retained[idom[node]!]! += retained[node]!;

  const byType = new Map<string, number>();
  const byConstructor = new Map<string, [number, number]>();
  let totalBytes = 0;
  for (const node of post) {
    const size = selfOf(node);
    totalBytes += size;
    byType.set(typeOf(node), (byType.get(typeOf(node)) ?? 0) + size);
    const key = typeOf(node) === 'object' || typeOf(node) === 'native' || typeOf(node) === 'closure' ? label(node) : typeOf(node);
    const entry = byConstructor.get(key) ?? [0, 0];
    entry[0] += size;
    entry[1]++;
    byConstructor.set(key, entry);
  }
  // Biggest retainers that are real objects (not the synthetic roots), deepest distinct first.
  const candidates = post.filter((n) => !['synthetic', 'hidden'].includes(typeOf(n)) && retained[n]! > 256 * 1024).sort((a, b) => retained[b]! - retained[a]!);
  const chainOf = (n: number) => {
    const chain: string[] = [];
    for (let at = idom[n]!; at !== root && chain.length < 6; at = idom[at]!) chain.push(label(at));
    return chain;
  };
  return {
    totalBytes,
    byType: [...byType].sort((a, b) => b[1] - a[1]),
    byConstructor: [...byConstructor]
      .map(([k, [size, n]]) => [k, size, n] as [string, number, number])
      .sort((a, b) => b[1] - a[1])
      .slice(0, top),
    topRetainers: candidates.slice(0, top).map((n) => ({ label: label(n), retained: retained[n]!, chain: chainOf(n) })),
  };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;

export function formatSummary(summary: HeapSummary): string {
  return [
    `reachable heap: ${mib(summary.totalBytes)}`,
    'self size by type:',
    ...summary.byType.map(([type, size]) => `  ${mib(size).padStart(11)}  ${type}`),
    'self size by constructor (objects, closures, natives) or type:',
    ...summary.byConstructor.map(([key, size, n]) => `  ${mib(size).padStart(11)}  ${String(n).padStart(7)}×  ${key}`),
    'largest retained sizes (dominator chain after <-):',
    ...summary.topRetainers.map((r) => `  ${mib(r.retained).padStart(11)}  ${r.label}  <- ${r.chain.join(' <- ')}`),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${formatSummary(summarise(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Snapshot))}\n`);
}
