import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCycles, importEdges, importGraph, trackedSources, type ImportEdge } from './import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The workspace folders, longest first, so a nested one (bridge/virtual-radio) wins over its parent. */
const WORKSPACES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces as string[]).sort((a, b) => b.length - a.length);
const workspaceOf = (path: string) => WORKSPACES.find((folder) => relative(ROOT, path).startsWith(`${folder}/`)) ?? '(root)';

/**
 * No import circle anywhere in the repository (type-only imports included): a type lives with the
 * code it describes, and a layer never imports the layer above it. A circle this reports is broken
 * by moving the shared type to its owner, not by hiding the import.
 */
describe('import graph', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'herdgate-imports-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  let files: string[];
  let edges: ImportEdge[];
  beforeAll(() => {
    files = trackedSources(ROOT);
    edges = importEdges(ROOT, files);
  }, 60_000);

  it('should find no import circle in the repository', () => {
    const graph = importGraph(ROOT, files, edges);
    // The graph is the real one: workspaces resolve through their package.json exports.
    expect(graph.size).toBeGreaterThan(800);
    expect(graph.get(join(ROOT, 'api/src/middleware/error-handler.ts'))).toContain(join(ROOT, 'shared/src/errors/index.ts'));
    expect(importCycles(graph, ROOT)).toEqual([]);
  });

  it("should reach another workspace's src/ only through its package name", () => {
    const deep = edges
      .filter(({ from, to, specifier }) => specifier.startsWith('.') && workspaceOf(from) !== workspaceOf(to))
      .filter(({ to }) => relative(join(ROOT, workspaceOf(to)), to).startsWith('src/'))
      .map(({ from, specifier }) => `${relative(ROOT, from)}: ${specifier}`);
    expect(edges.some(({ from, specifier }) => specifier === '@herdgate/virtual-radio' && workspaceOf(from) === '(root)')).toBe(true);
    expect(deep).toEqual([]);
  });

  it('should report a circle made of a type import, a re-export and an import()', () => {
    writeFileSync(join(scratch, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
    writeFileSync(join(scratch, 'b.ts'), "export * from './c';\nexport type B = string;\n");
    writeFileSync(join(scratch, 'c.ts'), "export const load = () => import('./a');\n");
    writeFileSync(join(scratch, 'd.ts'), "import './a';\n");
    const files = ['a', 'b', 'c', 'd'].map((name) => join(scratch, `${name}.ts`));
    expect(importCycles(importGraph(scratch, files), scratch)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('should report a file that imports itself and leave a chain alone', () => {
    const graph = new Map([
      ['self', ['self', 'leaf']],
      ['top', ['leaf']],
      ['leaf', []],
    ]);
    expect(importCycles(graph)).toEqual([['self', 'self']]);
  });
});
