import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name: string;
  workspaces?: string[];
  exports?: Record<string, string>;
}

const manifest = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8'));

/** Each workspace is imported through its package.json exports: every one of them must name a real file. */
describe('workspace exports', () => {
  const workspaces = manifest(join(ROOT, 'package.json')).workspaces ?? [];

  it('should name an existing file in every export of every workspace', () => {
    expect(workspaces.length).toBeGreaterThanOrEqual(4);
    const missing = workspaces.flatMap((folder) => {
      const path = join(ROOT, folder, 'package.json');
      const { name, exports = {} } = manifest(path);
      return (
        Object.entries(exports)
          // A pattern export (`./networks/*`) names a folder: the part before its star must exist.
          .filter(([, target]) => !existsSync(join(dirname(path), target.split('*')[0])))
          .map(([key, target]) => `${name} "${key}": ${target}`)
      );
    });
    expect(missing).toEqual([]);
  });

  it('should give the bridge and the virtual radio a public entry', () => {
    expect(manifest(join(ROOT, 'bridge/package.json')).exports?.['.']).toBe('./src/index.ts');
    expect(manifest(join(ROOT, 'bridge/virtual-radio/package.json'))).toMatchObject({ name: '@herdgate/virtual-radio', exports: { '.': './src/index.ts' } });
    expect(workspaces).toContain('bridge/virtual-radio');
  });
});
