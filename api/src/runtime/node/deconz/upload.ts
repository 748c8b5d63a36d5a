import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveFile, type ArchiveBody } from '@herdgate/shared/backup';
import { dumpTables } from '../../../backup/database-rows';
import type { DeconzReader } from '../../../backup/restore-content';
import { createImportedDatabase } from '../import';
import { openDatabase } from '../database';
import { describePlan } from './plan';
import { DeconzRefusal, planTakeover, readDeconzExport, takeoverBridgeFiles } from './read-export';

/**
 * `POST /config/import` with a deCONZ export: the takeover `npm run import -- deconz` plans, as
 * restore content. The api's rows are those the importer's database file holds (written in a
 * scratch folder and read back), so both paths write exactly the same gateway.
 */
export const readDeconzUpload: DeconzReader = async (bytes, now) => {
  const scratch = await mkdtemp(join(tmpdir(), 'herdgate-deconz-upload-'));
  try {
    const source = await readDeconzExport(bytes, scratch);
    const plan = planTakeover(source, now);
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
    for (const [name, text] of Object.entries(takeoverBridgeFiles(plan, now))) files[name] = await archiveFile(new TextEncoder().encode(text));
    const notes = describePlan(plan, source.db).trimEnd().split('\n');
    return { ok: true, content: { gateway: { bridgeid: plan.state.identity.bridgeid, name: plan.state.settings.name ?? 'herdgate' }, database, files, notes } };
  } catch (err) {
    if (err instanceof DeconzRefusal) return { ok: false, message: err.message };
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};
