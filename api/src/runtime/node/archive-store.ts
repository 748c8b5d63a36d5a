import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArchiveStore } from '../../backup/archive-store';

const SUFFIX = '.herdgate-backup';

/**
 * Backup archives as files in one folder: written to a temp name, fsynced, renamed, the folder
 * fsynced, so a crash leaves a whole archive or none. Only `*.herdgate-backup` files are listed
 * (`anyName`: `npm run backup --out` may save under the name the user gives).
 */
export function nodeArchiveStore(dir: string, options: { anyName?: boolean } = {}): ArchiveStore {
  const path = (name: string) => {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.') || (!options.anyName && !name.endsWith(SUFFIX))) throw new Error(`not an archive name: ${name}`);
    return join(dir, name);
  };
  return {
    async save(name, bytes) {
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      const file = await open(temp, 'w');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, path(name));
      const folder = await open(dir, 'r');
      await folder.sync().finally(() => folder.close());
    },
    async list() {
      const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
      return names.filter((name) => name.endsWith(SUFFIX) && !name.startsWith('.')).sort();
    },
    read: (name) =>
      readFile(path(name)).then(
        (b) => new Uint8Array(b),
        (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)),
      ),
    remove: (name) => rm(path(name), { force: true }),
  };
}

/** `BACKUP_DIR`, else `backups/` beside a local database file, else `./data/backups`. */
export function backupDir(env: { BACKUP_DIR?: string; DATABASE_URL: string }): string {
  if (env.BACKUP_DIR) return env.BACKUP_DIR;
  const url = env.DATABASE_URL;
  if (!url.startsWith('file:') || url === 'file::memory:') return './data/backups';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
  return join(dirname(path), 'backups');
}
