/**
 * What a takeover upload (`POST /config/import` with a deCONZ export or a Zigbee2MQTT folder) restores:
 * the api's rows as the importer's own database file holds them (written in `scratch` and read
 * back, so the command line and the api write exactly the same gateway), and the bridge's files.
 */
import { join } from 'node:path';
import { archiveFile, type ArchiveBody } from '@herdgate/shared/backup';
import { dumpTables } from '../../backup/database-rows';
import { openDatabase } from './database';
import { createImportedDatabase, type ImportedState } from './import';

export async function importedArchiveParts(
  scratch: string,
  state: ImportedState,
  bridgeFiles: Record<string, string>,
  now: number,
): Promise<{ database: ArchiveBody['database']; files: ArchiveBody['bridge']['files'] }> {
  const file = join(scratch, 'herdgate.db');
  await createImportedDatabase(file, state, now);
  const { db, client } = await openDatabase(`file:${file}`, undefined);
  let database: ArchiveBody['database'];
  try {
    database = await db.transaction((tx) => dumpTables(tx));
  } finally {
    client.close();
  }
  const files: ArchiveBody['bridge']['files'] = {};
  for (const [name, text] of Object.entries(bridgeFiles)) files[name] = await archiveFile(new TextEncoder().encode(text));
  return { database, files };
}
