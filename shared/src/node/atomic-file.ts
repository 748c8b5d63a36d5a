import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { link, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * One way to keep a state file (names, the virtual radio, network parameters, bundles) safe:
 * - a write goes to a unique temp file beside the target, is fsynced, the previous good version is
 *   kept as `<file>.bak` (hard link), the temp file is renamed over the target and the folder is
 *   fsynced, so after a crash or power cut the file is the old version or the new one, never half;
 * - writers of one file are serialised (a second write waits for the first), so an older content
 *   can never land after a newer one;
 * - a file that does not parse or validate is reported, moved aside as `<file>.corrupt-<time>` and
 *   the last good version (`.bak`) is used instead; with neither, the caller starts afresh.
 * A file is written either through `write` (async, queued) or `writeSync` (now), not both.
 */
export interface AtomicFile<T> {
  readonly path: string;
  /** The stored value, recovering from corruption as described above; undefined when there is none. */
  read(): Promise<ReadResult<T>>;
  readSync(): ReadResult<T>;
  write(value: T): Promise<void>;
  writeSync(value: T): void;
}

export interface ReadResult<T> {
  value: T | undefined;
  /** Where a corrupt file was moved, and whether the backup replaced it. */
  recovered?: { corrupt: string; reason: string; fromBackup: boolean };
}

export interface AtomicFileOptions<T> {
  /** Throws (with a reason) when a parsed value is not acceptable. Default: accept any JSON. */
  validate?: (value: unknown) => T;
  /** File mode of new files, e.g. 0o600 for secrets. */
  mode?: number;
  /** How a value becomes text. Default: pretty JSON. */
  serialise?: (value: T) => string;
  /** Told about every recovery (the caller logs it loudly). */
  onRecover?: (info: NonNullable<ReadResult<T>['recovered']>) => void;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function atomicFile<T>(path: string, options: AtomicFileOptions<T> = {}): AtomicFile<T> {
  const validate = options.validate ?? ((value: unknown) => value as T);
  const serialise = options.serialise ?? ((value: T) => `${JSON.stringify(value, null, 2)}\n`);
  const mode = options.mode ?? 0o644;
  const dir = dirname(path);
  const backup = `${path}.bak`;
  const tempName = () => join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let chain: Promise<void> = Promise.resolve();

  const parse = (text: string): T => validate(JSON.parse(text));
  /** undefined = missing; throws = corrupt (with the reason). */
  const parseFile = (text: string | undefined) => (text === undefined ? undefined : parse(text));

  function recover(reason: string, backupText: string | undefined): ReadResult<T> {
    const corrupt = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(path, corrupt);
    let value: T | undefined;
    try {
      value = parseFile(backupText);
    } catch {
      value = undefined;
    }
    const recovered = { corrupt, reason, fromBackup: value !== undefined };
    options.onRecover?.(recovered);
    if (value !== undefined) writeNowSync(value);
    return { value, recovered };
  }

  const readText = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  };

  function readSync(): ReadResult<T> {
    const text = readText(path);
    if (text === undefined) return { value: undefined };
    try {
      return { value: parse(text) };
    } catch (err) {
      return recover((err as Error).message, readText(backup));
    }
  }

  function writeNowSync(value: T): void {
    mkdirSync(dir, { recursive: true });
    const temp = tempName();
    const fd = openSync(temp, 'w', mode);
    try {
      writeFileSync(fd, serialise(value));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      try {
        unlinkSync(backup);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      try {
        linkSync(path, backup);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      renameSync(temp, path);
    } catch (err) {
      try {
        unlinkSync(temp);
      } catch {
        // already gone
      }
      throw err;
    }
    const dirFd = openSync(dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  }

  async function writeNow(value: T): Promise<void> {
    await mkdir(dir, { recursive: true });
    const temp = tempName();
    const handle = await open(temp, 'w', mode);
    try {
      await handle.writeFile(serialise(value));
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await unlink(backup).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
      await link(path, backup).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
      await rename(temp, path);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  }

  return {
    path,
    readSync,
    async read() {
      // Reads wait for writes already queued, so a read never sees a file mid-replacement.
      await chain;
      try {
        return { value: parse(await readFile(path, 'utf8')) };
      } catch (err) {
        if (isMissing(err)) return { value: undefined };
        return readSync();
      }
    },
    write(value) {
      const next = chain.then(() => writeNow(value));
      chain = next.catch(() => undefined);
      return next;
    },
    writeSync(value) {
      writeNowSync(value);
    },
  };
}
