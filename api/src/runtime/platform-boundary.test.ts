import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/**
 * The api runs on Node and on workerd from the same code: only `src/runtime/` may know the
 * platform. Whatever a resource needs from it comes in as a service (style guide, "one app factory").
 */
describe('platform boundary', () => {
  const core = sources(SRC).filter((path) => !relative(SRC, path).startsWith('runtime'));

  it('should keep node: imports, process and Buffer out of the api core', () => {
    expect(core.length).toBeGreaterThan(50);
    const offenders = core.flatMap((path) => {
      const text = readFileSync(path, 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
      const found = [/from 'node:[^']+'/, /\bprocess\.(env|cwd|platform|exit|on)\b/, /\bBuffer\.(from|alloc|concat)\b/, /from '(ws|@hono\/node-server)'/]
        .filter((pattern) => pattern.test(text))
        .map((pattern) => `${relative(SRC, path)}: ${pattern.source}`);
      return found;
    });
    expect(offenders).toEqual([]);
  });
});
