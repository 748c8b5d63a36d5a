import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The code of a file without its comments, which may name what the code must not use. */
const code = (path: string) => readFileSync(path, 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');

/** What only Node has: its modules, its globals, and the packages built on them. */
const NODE_ONLY = [/from 'node:[^']+'/, /\bprocess\.(env|cwd|platform|exit|on)\b/, /\bBuffer\.(from|alloc|concat)\b/, /from '(ws|@hono\/node-server)'/];

function offenders(paths: string[], patterns: RegExp[]): string[] {
  return paths.flatMap((path) => {
    const text = code(path);
    return patterns.filter((pattern) => pattern.test(text)).map((pattern) => `${relative(SRC, path)}: ${pattern.source}`);
  });
}

/** Which runtime folder a file belongs to: `node`, `worker`, `runtime` (shared by both) or `core`. */
function placeOf(path: string): string {
  const [top, folder] = relative(SRC, path).split('/');
  if (top !== 'runtime') return 'core';
  return folder === 'node' || folder === 'worker' ? folder : 'runtime';
}

/** Every relative import of a file, as [importer's place, imported file's place]. */
function crossings(paths: string[]): string[] {
  return paths.flatMap((path) => {
    const from = placeOf(path);
    return [...code(path).matchAll(/from '(\.{1,2}\/[^']+)'/g)]
      .map((match) => placeOf(resolve(dirname(path), match[1])))
      .filter((to) => to !== from && !(to === 'core' || (to === 'runtime' && from !== 'core')))
      .map((to) => `${relative(SRC, path)} (${from}) imports ${to}`);
  });
}

/**
 * The api runs on Node and on workerd from the same code: only `src/runtime/` knows the platform,
 * each runtime in its own folder (`node/`, `worker/`). Whatever a resource needs from it comes in
 * as a service (style guide, "one app factory").
 */
describe('platform boundary', () => {
  const all = sources(SRC);
  const core = all.filter((path) => placeOf(path) === 'core');
  const worker = all.filter((path) => placeOf(path) === 'worker');

  it('should keep node: imports, process and Buffer out of the api core', () => {
    expect(core.length).toBeGreaterThan(50);
    expect(offenders(core, NODE_ONLY)).toEqual([]);
  });

  it('should keep Node-only modules out of the Worker', () => {
    expect(worker.map((path) => relative(SRC, path))).toContain('runtime/worker/gateway.ts');
    expect(offenders(worker, NODE_ONLY)).toEqual([]);
  });

  it('should let the core import no runtime, and neither runtime the other', () => {
    expect(all.filter((path) => placeOf(path) === 'node').length).toBeGreaterThan(5);
    // The check reads real imports: the Node entry's own are read and placed in its folder.
    const entry = join(SRC, 'runtime/node/main.ts');
    expect([...code(entry).matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => placeOf(resolve(dirname(entry), match[1])))).toContain('node');
    expect(crossings(all)).toEqual([]);
  });
});
