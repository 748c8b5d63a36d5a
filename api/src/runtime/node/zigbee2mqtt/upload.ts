import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TakeoverReader } from '../../../backup/restore-content';
import { importedArchiveParts } from '../import-archive';
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
    const { database, files } = await importedArchiveParts(scratch, plan.state, z2mBridgeFiles(plan), now);
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
