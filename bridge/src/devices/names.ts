import { join } from 'node:path';
import type { Logger } from 'pino';
import { atomicFile } from '@herdgate/shared/node';

/** User-given device names, kept in the data directory (herdsman's database has no name field). */
export interface NameStore {
  get(ieee: string): string | undefined;
  set(ieee: string, name: string): Promise<void>;
  delete(ieee: string): Promise<void>;
}

type Names = Record<string, string>;

function validateNames(value: unknown): Names {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected an object of ieee -> name');
  for (const [ieee, name] of Object.entries(value)) {
    if (typeof name !== 'string') throw new Error(`name of ${ieee} is not a string`);
  }
  return value as Names;
}

/**
 * `names.json`, written atomically by one queued writer; a corrupt file is moved aside and the
 * last good version (or no names) used, so a damaged file never stops the bridge.
 */
export async function loadNameStore(dataDir: string, logger: Logger): Promise<NameStore> {
  const file = atomicFile(join(dataDir, 'names.json'), {
    validate: validateNames,
    onRecover: (info) =>
      logger.error(
        info,
        info.fromBackup
          ? 'names.json was corrupt; moved aside, using its last good version'
          : 'names.json was corrupt; moved aside, starting without device names',
      ),
  });
  const names: Names = { ...((await file.read()).value ?? {}) };
  const save = () => file.write({ ...names });
  return {
    get: (ieee) => names[ieee],
    async set(ieee, name) {
      names[ieee] = name;
      await save();
    },
    async delete(ieee) {
      if (!(ieee in names)) return;
      delete names[ieee];
      await save();
    },
  };
}
