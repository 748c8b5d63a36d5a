/**
 * Replacing the whole data directory (an import, a restore) so that a crash at any instant leaves
 * either the old contents or the new ones, never a mix.
 *
 * The swap works inside the data directory, in `.herdgate-swap/`, rather than by renaming the
 * directory itself: a data directory is often a mount point (a container volume) or sits in a
 * parent the gateway may not write (systemd's StateDirectory under /var/lib), and neither can be
 * renamed. Steps:
 *   1. the caller fills `.herdgate-swap/new/`; every file and folder there is fsynced;
 *   2. `.herdgate-swap/commit.json` (the list of new top-level names) is written atomically: from
 *      here on the new contents win;
 *   3. every old top-level entry moves into `.herdgate-swap/old/`, every new one out of `new/`;
 *   4. `commit.json` is removed, then `old/` and the rest of `.herdgate-swap/`.
 * `recoverDataDir` (run by `npm start`, the bridge's start and before every swap) finishes a
 * committed swap that a crash interrupted (the moves are repeatable) and throws away an uncommitted
 * one.
 *
 * A scoped swap (`ReplaceOptions.replaces`) replaces only some of the entries: the bridge restoring
 * its own files in a data folder that also holds the api's live database and the virtual radio's
 * state. The old entries it replaces are listed in `commit.json`, so a recovery moves exactly those.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SWAP_DIR = '.herdgate-swap';
const COMMIT = 'commit.json';
const LOCK = 'lock';

async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsync every file and folder under `path`, children before their folder. */
async function fsyncTree(path: string): Promise<void> {
  const info = await stat(path);
  if (info.isDirectory()) {
    for (const entry of await readdir(path)) await fsyncTree(join(path, entry));
  }
  await fsyncPath(path);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function lockOwner(swap: string): Promise<number | undefined> {
  const text = await readFile(join(swap, LOCK), 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** The new top-level names and, for a scoped swap, the old entries it replaces (all when absent). */
interface Commit {
  names: string[];
  replaced?: string[];
}

const isNames = (value: unknown): value is string[] => Array.isArray(value) && value.every((n) => typeof n === 'string');

async function readCommit(swap: string): Promise<Commit | undefined> {
  const text = await readFile(join(swap, COMMIT), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const value = JSON.parse(text) as unknown;
  if (isNames(value)) return { names: value };
  const commit = value as Commit;
  if (!isNames(commit?.names) || !(commit.replaced === undefined || isNames(commit.replaced))) throw new Error(`${join(swap, COMMIT)} is not a list of names`);
  return commit;
}

/** Step 3, safe to run again after a crash at any point in it. */
async function moveEntries(dataDir: string, swap: string, { names, replaced }: Commit): Promise<void> {
  const staged = join(swap, 'new');
  const old = join(swap, 'old');
  await mkdir(old, { recursive: true });
  const waiting = new Set((await readdir(staged).catch(() => [] as string[])).filter((name) => name !== SWAP_DIR));
  for (const entry of await readdir(dataDir)) {
    if (entry === SWAP_DIR) continue;
    // An entry still waiting in new/, or an old one the new contents lack, goes; the rest were moved in.
    const gone = waiting.has(entry) || (!names.includes(entry) && (replaced === undefined || replaced.includes(entry)));
    if (gone) await rename(join(dataDir, entry), join(old, entry));
  }
  await fsyncPath(old);
  for (const entry of waiting) await rename(join(staged, entry), join(dataDir, entry));
  await fsyncPath(dataDir);
}

/**
 * Finishes or discards what an interrupted swap left in `dataDir`. Returns what it did, for the
 * caller's log. Refuses while another live process holds the swap.
 */
export async function recoverDataDir(dataDir: string): Promise<'none' | 'completed' | 'discarded'> {
  const swap = join(dataDir, SWAP_DIR);
  if (!(await exists(swap))) return 'none';
  const owner = await lockOwner(swap);
  if (owner !== undefined && owner !== process.pid && alive(owner)) throw new Error(`${dataDir} is being replaced by process ${owner}`);
  const commit = await readCommit(swap);
  if (commit) {
    await moveEntries(dataDir, swap, commit);
    await rm(join(swap, COMMIT));
    await fsyncPath(swap);
  }
  await rm(swap, { recursive: true, force: true });
  await fsyncPath(dataDir);
  return commit ? 'completed' : 'discarded';
}

export interface ReplaceOptions {
  /**
   * Which existing top-level entries the new contents replace; the others stay as they are. Absent:
   * every entry (the whole folder becomes what `stage` wrote).
   */
  replaces?: (name: string) => boolean;
}

/**
 * Replaces the contents of `dataDir` with what `stage` writes into the folder it is given. When
 * `stage` throws, nothing changes and its error is rethrown. `stage` must not write into `dataDir`
 * itself; it may read it (its staging folder lives inside, under `.herdgate-swap/`).
 */
export async function replaceDataDir(dataDir: string, stage: (stagingDir: string) => Promise<void>, options: ReplaceOptions = {}): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await recoverDataDir(dataDir);
  const swap = join(dataDir, SWAP_DIR);
  try {
    await mkdir(swap);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`${dataDir} is being replaced by another process`);
    throw err;
  }
  await writeFile(join(swap, LOCK), String(process.pid));
  const staged = join(swap, 'new');
  await mkdir(staged);
  try {
    await stage(staged);
    await fsyncTree(staged);
  } catch (err) {
    await rm(swap, { recursive: true, force: true });
    throw err;
  }
  const names = (await readdir(staged)).filter((name) => name !== SWAP_DIR);
  const { replaces } = options;
  const commit: Commit | string[] = replaces ? { names, replaced: (await readdir(dataDir)).filter((name) => name !== SWAP_DIR && replaces(name)) } : names;
  const temp = join(swap, `${COMMIT}.${randomBytes(4).toString('hex')}`);
  await writeFile(temp, JSON.stringify(commit));
  await fsyncPath(temp);
  await rename(temp, join(swap, COMMIT));
  await fsyncPath(swap);
  await recoverDataDir(dataDir);
}
