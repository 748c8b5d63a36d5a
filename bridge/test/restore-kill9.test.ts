import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverDataDir } from '@herdgate/shared/node';
import { spawnTs } from '../../test/helpers/child-process';
import { randomBetween } from '../../test/helpers/write-storm';
import { RESTORE_MARKER } from '../src/backup/restore-files';
import { restoreGeneration } from './helpers/restore-generation';

/**
 * The bridge's half of `POST /config/import` killed with SIGKILL at random moments: a process
 * restoring the bridge's files over and over (the `backup/restore` check and scoped swap) is
 * killed; after the recovery the bridge runs at its start, its files are exactly one generation
 * (the last committed or the one being written, never a mix), and what shares the folder (the
 * api's database, the virtual radio's state) is untouched. The api's half is one transaction and
 * a pending part it sends again (api/test/backup/import.test.ts).
 */
const SHARED = { 'herdgate.db': 'the api database', 'virtual-radio.json': 'the stick' };

async function contents(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(dir)) out[name] = await readFile(join(dir, name), 'utf8');
  return out;
}

describe('bridge restore killed with SIGKILL', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'herdgate-restore-kill9-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('should leave the old bridge files or the new ones and never touch the rest of the folder', async () => {
    const data = join(root, 'data');
    await mkdir(data);
    for (const [name, text] of Object.entries(SHARED)) await writeFile(join(data, name), text);
    let previous: number | undefined;
    for (let round = 0; round < 4; round++) {
      const first = round * 1_000_000 + 1;
      const child = spawnTs(join(import.meta.dirname, 'helpers/restore-swap-child.ts'), [data, String(first)], {});
      await child.line((line) => (line === 'swapping' ? true : undefined), 60_000, 'restore child started');
      await new Promise((resolve) => setTimeout(resolve, randomBetween(20, 400)));
      await child.kill();
      const committed = child.output
        .map((line) => /^committed (\d+)$/.exec(line)?.[1])
        .filter(Boolean)
        .map(Number);
      await recoverDataDir(data);
      const { [RESTORE_MARKER]: marker, ...found } = await contents(data);
      const gen = found['network.json'] === undefined ? undefined : Number(/generation (\d+)/.exec(found['network.json'])?.[1]);
      const allowed = committed.length > 0 ? [Math.max(...committed), Math.max(...committed) + 1] : [previous, first];
      expect(allowed).toContain(gen);
      expect(found).toEqual({ ...SHARED, ...(gen === undefined ? {} : restoreGeneration(gen)) });
      expect(marker === undefined).toBe(gen === undefined);
      previous = gen;
    }
  });
});
