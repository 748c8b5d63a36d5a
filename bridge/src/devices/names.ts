import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** User-given device names, kept in the data directory (herdsman's database has no name field). */
export interface NameStore {
  get(ieee: string): string | undefined;
  set(ieee: string, name: string): Promise<void>;
  delete(ieee: string): Promise<void>;
}

export async function loadNameStore(dataDir: string): Promise<NameStore> {
  const path = join(dataDir, 'names.json');
  let names: Record<string, string> = {};
  try {
    names = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const save = async () => {
    await mkdir(dataDir, { recursive: true });
    await writeFile(`${path}.tmp`, JSON.stringify(names, null, 2));
    await rename(`${path}.tmp`, path);
  };
  return {
    get: (ieee) => names[ieee],
    async set(ieee, name) {
      names[ieee] = name;
      await save();
    },
    async delete(ieee) {
      delete names[ieee];
      await save();
    },
  };
}
