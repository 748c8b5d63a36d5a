import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverDataDir } from '@herdgate/shared/node';
import { sampleHome, writeExport } from '../scripts/import/deconz/fixtures';
import { spawnTs } from './helpers/child-process';

/** A deCONZ import killed with SIGKILL once all its data is written, before the swap: the old data dir stays. */
describe('deCONZ import killed with SIGKILL', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'herdgate-import-kill9-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('should leave the old data dir when killed with the new data staged', async () => {
    const archive = join(work, 'deCONZ.tar.gz');
    await writeFile(archive, await writeExport(work, sampleHome()));
    const dataDir = join(work, 'data');
    await mkdir(dataDir);
    await writeFile(join(dataDir, 'herdgate.db'), 'the old database');
    await writeFile(join(dataDir, 'names.json'), '{"0x0011223344556677":"old"}');
    const child = spawnTs('test/helpers/deconz-import-child.ts', [archive, dataDir], {});
    await child.line((line) => (line === 'staged' ? true : undefined), 60_000, 'import staged');
    // The staged data really is there, beside the old files, when the kill comes.
    expect(await readdir(join(dataDir, '.herdgate-swap', 'new'))).toEqual(
      expect.arrayContaining(['herdgate.db', 'database.db', 'network.json', 'virtual-radio.json']),
    );
    await child.kill();
    expect(await recoverDataDir(dataDir)).toBe('discarded');
    expect((await readdir(dataDir)).sort()).toEqual(['herdgate.db', 'names.json']);
    expect(await readFile(join(dataDir, 'herdgate.db'), 'utf8')).toBe('the old database');
  });
});
