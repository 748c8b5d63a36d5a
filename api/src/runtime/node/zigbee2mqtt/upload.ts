import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveFile, type ArchiveBody } from '@herdgate/shared/backup';
import { dumpTables } from '../../../backup/database-rows';
import type { TakeoverReader } from '../../../backup/restore-content';
import { openDatabase } from '../database';
import { createImportedDatabase } from '../import';
import { z2mBridgeFiles } from './bridge-files';
import { buildPlan, describePlan } from './plan';
import { FolderRefused, isZ2mUpload, readZ2mArchive } from './source';

/**
 * `POST /config/import` with an archive of a Zigbee2MQTT data folder (a tar.gz of it, or the zip
 * Zigbee2MQTT's own backup answers): the plan `npm run import -- zigbee2mqtt` makes, as restore
 * content. The api's rows are read back from a database file the importer's own code wrote, so
 * both paths write the same gateway. `adapter` is the running bridge's: the network must live on
 * a stick of that kind. Not a Zigbee2MQTT archive: undefined, for the next reader.
 */
export const readZigbee2mqttUpload: TakeoverReader = async (bytes, now, adapter) => {
  if (!isZ2mUpload(bytes)) return undefined;
  const scratch = await mkdtemp(join(tmpdir(), 'herdgate-z2m-upload-'));
  try {
    const plan = buildPlan(readZ2mArchive(Buffer.from(bytes)), adapter);
    const file = join(scratch, 'herdgate.db');
    await createImportedDatabase(file, plan.state, now);
    const { db, client } = await openDatabase(`file:${file}`, undefined);
    let database: ArchiveBody['database'];
    try {
      database = await db.transaction((tx) => dumpTables(tx));
    } finally {
      client.close();
    }
    const files: ArchiveBody['bridge']['files'] = {};
    for (const [name, text] of Object.entries(z2mBridgeFiles(plan))) files[name] = await archiveFile(new TextEncoder().encode(text));
    const notes = describePlan(plan).trimEnd().split('\n');
    return {
      ok: true,
      content: { gateway: { bridgeid: plan.state.identity.bridgeid, name: 'Zigbee2MQTT' }, database, files, notes, adapter: plan.network.adapter },
    };
  } catch (err) {
    if (err instanceof FolderRefused) return { ok: false, message: err.message };
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};
