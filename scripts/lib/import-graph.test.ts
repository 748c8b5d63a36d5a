import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph, trackedSources } from './import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * No import circle anywhere in the repository (type-only imports included): a type lives with the
 * code it describes, and a layer never imports the layer above it. A circle this reports is broken
 * by moving the shared type to its owner, not by hiding the import.
 */
describe('import graph', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'herdgate-imports-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('should find no import circle in the repository', () => {
    const files = trackedSources(ROOT);
    const graph = importGraph(ROOT, files);
    // The graph is the real one: workspaces resolve through their package.json exports.
    expect(graph.size).toBeGreaterThan(800);
    expect(graph.get(join(ROOT, 'api/src/middleware/error-handler.ts'))).toContain(join(ROOT, 'shared/src/errors/index.ts'));
    expect(importCycles(graph, ROOT)).toEqual([]);
  }, 60_000);

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
