import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeconzReader } from '../../../backup/restore-content';
import { importedArchiveParts } from '../import-archive';
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
    const { database, files } = await importedArchiveParts(scratch, plan.state, takeoverBridgeFiles(plan, now), now);
    const notes = describePlan(plan, source.db).trimEnd().split('\n');
    return { ok: true, content: { gateway: { bridgeid: plan.state.identity.bridgeid, name: plan.state.settings.name ?? 'herdgate' }, database, files, notes } };
  } catch (err) {
    if (err instanceof DeconzRefusal) return { ok: false, message: err.message };
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};
