import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoverDataDir, replaceDataDir, SWAP_DIR } from './data-swap';

/** What a folder holds, as relative path → content, folders included as `path/`. */
async function snapshot(dir: string, prefix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const rel = join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(out, { [`${rel}/`]: '' }, await snapshot(dir, rel));
    else out[rel] = await readFile(join(dir, rel), 'utf8');
  }
  return out;
}

describe('replaceDataDir', () => {
  let root: string;
  let data: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'herdgate-swap-'));
    data = join(root, 'data');
    await mkdir(join(data, 'sub'), { recursive: true });
    await writeFile(join(data, 'herdgate.db'), 'old db');
    await writeFile(join(data, 'herdgate.db-wal'), 'old wal');
    await writeFile(join(data, 'sub', 'file'), 'old sub');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('should replace every entry with what the stage wrote, old ones it lacks included', async () => {
    await replaceDataDir(data, async (staging) => {
      expect(await snapshot(data)).toMatchObject({ 'herdgate.db': 'old db' });
      await writeFile(join(staging, 'herdgate.db'), 'new db');
      await mkdir(join(staging, 'sub'));
      await writeFile(join(staging, 'sub', 'other'), 'new sub');
    });
    expect(await snapshot(data)).toEqual({ 'herdgate.db': 'new db', 'sub/': '', 'sub/other': 'new sub' });
  });

  it('should create a data dir that does not exist yet', async () => {
    const fresh = join(root, 'fresh');
    await replaceDataDir(fresh, (staging) => writeFile(join(staging, 'a'), '1'));
    expect(await snapshot(fresh)).toEqual({ a: '1' });
  });

  it('should replace only the entries a scoped swap names, keeping the others as they are', async () => {
    await writeFile(join(data, 'network.json'), 'old network');
    await writeFile(join(data, 'names.json'), 'old names');
    await replaceDataDir(data, (staging) => writeFile(join(staging, 'network.json'), 'new network'), { replaces: (name) => name.endsWith('.json') });
    expect(await snapshot(data)).toEqual({
      'herdgate.db': 'old db',
      'herdgate.db-wal': 'old wal',
      'network.json': 'new network',
      'sub/': '',
      'sub/file': 'old sub',
    });
  });

  it('should change nothing and rethrow when the stage fails', async () => {
    const before = await snapshot(data);
    await expect(
      replaceDataDir(data, async (staging) => {
        await writeFile(join(staging, 'herdgate.db'), 'half');
        throw new Error('damaged archive');
      }),
    ).rejects.toThrow('damaged archive');
    expect(await snapshot(data)).toEqual(before);
  });

  it('should refuse while a live process holds the swap', async () => {
    await mkdir(join(data, SWAP_DIR, 'new'), { recursive: true });
    await writeFile(join(data, SWAP_DIR, 'lock'), String(process.ppid));
    await expect(replaceDataDir(data, async () => {})).rejects.toThrow(`being replaced by process ${process.ppid}`);
    await expect(recoverDataDir(data)).rejects.toThrow('being replaced');
  });
});

describe('recoverDataDir', () => {
  let root: string;
  let data: string;
  const deadPid = '999999999';
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'herdgate-swap-'));
    data = join(root, 'data');
    await mkdir(join(data, SWAP_DIR, 'new'), { recursive: true });
    await writeFile(join(data, SWAP_DIR, 'lock'), deadPid);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('should do nothing without leftovers', async () => {
    await rm(join(data, SWAP_DIR), { recursive: true });
    expect(await recoverDataDir(data)).toBe('none');
  });

  it('should throw away an uncommitted swap and keep the old contents', async () => {
    await writeFile(join(data, 'a'), 'old');
    await writeFile(join(data, SWAP_DIR, 'new', 'a'), 'new');
    expect(await recoverDataDir(data)).toBe('discarded');
    expect(await snapshot(data)).toEqual({ a: 'old' });
  });

  it('should finish a committed swap interrupted half way through the moves', async () => {
    // Crash state: `a` already moved out to old/ and `b` moved in; `a` and `c` still waiting in new/; `z` old, not yet moved.
    await mkdir(join(data, SWAP_DIR, 'old'));
    await writeFile(join(data, SWAP_DIR, 'old', 'a'), 'old a');
    await writeFile(join(data, 'b'), 'new b');
    await writeFile(join(data, 'c'), 'old c');
    await writeFile(join(data, 'z'), 'old z');
    await writeFile(join(data, SWAP_DIR, 'new', 'a'), 'new a');
    await writeFile(join(data, SWAP_DIR, 'new', 'c'), 'new c');
    await writeFile(join(data, SWAP_DIR, 'commit.json'), JSON.stringify(['a', 'b', 'c']));
    expect(await recoverDataDir(data)).toBe('completed');
    expect(await snapshot(data)).toEqual({ a: 'new a', b: 'new b', c: 'new c' });
  });

  it('should finish an interrupted scoped swap, moving only the entries its commit names', async () => {
    await writeFile(join(data, 'a'), 'old a');
    await writeFile(join(data, 'gone'), 'old gone');
    await writeFile(join(data, 'herdgate.db'), 'old db');
    await writeFile(join(data, SWAP_DIR, 'new', 'a'), 'new a');
    await writeFile(join(data, SWAP_DIR, 'commit.json'), JSON.stringify({ names: ['a'], replaced: ['a', 'gone'] }));
    expect(await recoverDataDir(data)).toBe('completed');
    expect(await snapshot(data)).toEqual({ 'herdgate.db': 'old db', a: 'new a' });
  });
});
