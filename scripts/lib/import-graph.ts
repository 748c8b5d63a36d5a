import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The repository's TypeScript import graph, read the way the compiler reads it: `ts.preProcessFile`
 * lists every import, re-export and `import()` of a file (type-only ones too: a type kept away from
 * its owner makes a circle as surely as a value does), and `ts.resolveModuleName` resolves each one
 * with the project's own options, so workspace names go through their package.json exports.
 * Only files of the repository are nodes; packages from node_modules are leaves and left out.
 */
export type ImportGraph = Map<string, string[]>;

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** The .ts/.tsx files of the work tree (git's list, untracked ones too, so build output and data stay out). */
export function trackedSources(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((path) => path && !path.endsWith('.d.ts'))
    .map((path) => join(root, path))
    .filter((path) => existsSync(path));
}

/** One import of a repository file by another: who, whom, and as written. */
export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
}

/** Every import between files of the repository, resolved. */
export function importEdges(root: string, files: string[]): ImportEdge[] {
  const host = ts.sys;
  const inRepo = (path: string) => path.startsWith(root) && !path.includes('/node_modules/');
  const cache = ts.createModuleResolutionCache(root, (name) => name, OPTIONS);
  return files.flatMap((from) =>
    ts.preProcessFile(readFileSync(from, 'utf8'), true, true).importedFiles.flatMap(({ fileName: specifier }) => {
      const resolved = ts.resolveModuleName(specifier, from, OPTIONS, host, cache).resolvedModule?.resolvedFileName;
      if (!resolved || !inRepo(resolved) || resolved.endsWith('.json')) return [];
      return [{ from, to: host.realpath?.(resolved) ?? resolved, specifier }];
    }),
  );
}

export function importGraph(root: string, files: string[], edges = importEdges(root, files)): ImportGraph {
  const graph: ImportGraph = new Map(files.map((file) => [file, []]));
  for (const { from, to } of edges) {
    const targets = graph.get(from)!;
    if (!targets.includes(to)) targets.push(to);
  }
  return graph;
}

/**
 * Every import circle, one entry per strongly connected component of more than one file (or a file
 * importing itself), each written as a path through it from its first file back to that file.
 * Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
 */
export function importCycles(graph: ImportGraph, root = ''): string[][] {
  return circles(graph).map((members) => cyclePath(graph, new Set(members)).map((path) => (root ? relative(root, path) : path)));
}

/** The strongly connected components that make a circle: more than one file, or a file importing itself. */
export function circles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next), low.set(start, next++), stack.push(start), onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next), low.set(target, next++), stack.push(target), onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && (graph.get(member) ?? []).includes(member);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  }
  return components;
}

/** A shortest way round one component, from its first file (sorted) back to it: what to read to break it. */
function cyclePath(graph: ImportGraph, members: Set<string>): string[] {
  const first = [...members].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === first) {
        const path = [first];
        for (let at = node; at !== first; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, first];
      }
      if (!cameFrom.has(target)) cameFrom.set(target, node), queue.push(target);
    }
  }
  return [first, first];
}
