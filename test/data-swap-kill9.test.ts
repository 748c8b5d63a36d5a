import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverDataDir } from '@herdgate/shared/node';
import { spawnTs } from './helpers/child-process';
import { generationFiles } from './helpers/data-swap-generation';
import { randomBetween } from './helpers/write-storm';

async function files(dir: string, root = dir): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, await files(path, root));
    else out[relative(root, path)] = await readFile(path, 'utf8');
  }
  return out;
}

/**
 * A process replacing the data dir over and over is killed with SIGKILL at random moments; after
 * the recovery the next start runs, the folder holds exactly one generation: the last one the
 * child reported committed or the one it was writing, never a mix.
 */
describe('data-dir swap killed with SIGKILL', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'herdgate-swap-kill9-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('should leave the old or the new contents whatever instant the kill hits', async () => {
    const data = join(root, 'data');
    let previous: number | undefined;
    for (let round = 0; round < 4; round++) {
      const first = round * 1_000_000 + 1;
      const child = spawnTs('test/helpers/data-swap-child.ts', [data, String(first)], {});
      await child.line((line) => (line === 'swapping' ? true : undefined), 60_000, 'swap child started');
      await new Promise((resolve) => setTimeout(resolve, randomBetween(20, 400)));
      await child.kill();
      const committed = child.output
        .map((line) => /^committed (\d+)$/.exec(line)?.[1])
        .filter(Boolean)
        .map(Number);
      await recoverDataDir(data);
      const found = await files(data);
      const gen = found['herdgate.db'] === undefined ? undefined : Number(/generation (\d+)/.exec(found['herdgate.db'])?.[1]);
      // Killed before its first commit: the previous contents or its first generation.
      const allowed = committed.length > 0 ? [Math.max(...committed), Math.max(...committed) + 1] : [previous, first];
      expect(allowed).toContain(gen);
      expect(found).toEqual(gen === undefined ? {} : generationFiles(gen));
      previous = gen;
    }
  });
});
