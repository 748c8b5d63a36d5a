/**
 * `@herdgate/api/import`: a new gateway database file at `path`, migrated and filled with an
 * imported state (scripts/import writes one into the data dir it stages).
 */
import { pathToFileURL } from 'node:url';
import { writeImportedState, type ImportedState } from '../../import/imported-state';
import { openDatabase } from './database';

export type { ImportedState } from '../../import/imported-state';

export async function createImportedDatabase(path: string, state: ImportedState, now = Date.now()): Promise<void> {
  const { db, client } = await openDatabase(pathToFileURL(path).href, undefined);
  try {
    await writeImportedState(db, state, now);
  } finally {
    client.close();
  }
}
