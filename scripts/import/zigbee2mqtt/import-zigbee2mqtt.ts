/**
 * `npm run import -- zigbee2mqtt <data folder | archive> [--dry-run]`: reads a stopped
 * Zigbee2MQTT's data folder (or a tar.gz/zip of it), checks all of it, then replaces herdgate's
 * data dir in one swap (data-swap in @herdgate/shared/node): a refusal or a crash changes nothing. herdgate
 * then resumes the network on the same stick with the same herdsman adapter. The reading and the
 * plan are @herdgate/api/zigbee2mqtt's, which `POST /config/import` runs too.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createImportedDatabase } from '@herdgate/api/import';
import { buildPlan, describePlan, FolderRefused, readZ2mArchive, readZ2mFolder, z2mBridgeFiles, type Z2mFolder, type Z2mPlan } from '@herdgate/api/zigbee2mqtt';
import { replaceDataDir } from '@herdgate/shared/node';
import { STICK_FILE } from '../../lib/taken-stick';
import { ImportRefused } from '../deconz/import-deconz';

export { ImportRefused };

export interface Z2mImportOptions {
  /** A data folder, or a tar.gz/zip of one, on disk… */
  source?: string;
  /** …or the bytes of an uploaded tar.gz/zip of one. */
  archive?: Uint8Array;
  /** herdgate's data dir (replaced as a whole). */
  dataDir: string;
  dryRun: boolean;
  /** ZIGBEE_ADAPTER, when set: it must be the adapter of Zigbee2MQTT's stick. */
  adapter?: string;
  now?: number;
  /** Called after the data is staged, before the swap (tests hold the import there). */
  onStaged?: () => Promise<void>;
}

export interface Z2mImportResult {
  plan: Z2mPlan;
  /** What is taken and what is not, for the user. */
  report: string;
  /** The environment herdgate must start with to drive Zigbee2MQTT's stick. */
  env: { ZIGBEE_ADAPTER: string; ZIGBEE_PATH?: string };
}

async function open(options: Z2mImportOptions): Promise<Z2mFolder> {
  if (options.archive) return readZ2mArchive(Buffer.from(options.archive));
  if (!options.source) throw new FolderRefused('no Zigbee2MQTT data folder or archive given');
  return readZ2mFolder(options.source);
}

/** Refusals throw ImportRefused (message for the user, nothing changed); anything else is a bug. */
export async function importZigbee2mqtt(options: Z2mImportOptions): Promise<Z2mImportResult> {
  let plan: Z2mPlan;
  try {
    plan = buildPlan(await open(options), options.adapter);
  } catch (err) {
    if (err instanceof FolderRefused) throw new ImportRefused(err.message);
    throw err;
  }
  const port = plan.network.port?.startsWith('tcp://') || plan.network.port?.startsWith('/') ? plan.network.port : undefined;
  const env = { ZIGBEE_ADAPTER: plan.network.adapter, ...(port ? { ZIGBEE_PATH: port } : {}) };
  const report = `${describePlan(plan)}herdgate drives Zigbee2MQTT's stick with ZIGBEE_ADAPTER=${env.ZIGBEE_ADAPTER} ZIGBEE_PATH=${port ?? "<the stick's serial port>"}\n`;
  if (options.dryRun) return { plan, report, env };
  const now = options.now ?? Date.now();
  await replaceDataDir(options.dataDir, async (staging) => {
    await createImportedDatabase(join(staging, 'herdgate.db'), plan.state, now);
    for (const [name, text] of Object.entries(z2mBridgeFiles(plan))) await writeFile(join(staging, name), text, { mode: 0o600 });
    await writeFile(
      join(staging, STICK_FILE),
      `${JSON.stringify({ ...(env.ZIGBEE_PATH ? { path: env.ZIGBEE_PATH } : {}), adapter: env.ZIGBEE_ADAPTER, from: 'Zigbee2MQTT' })}\n`,
    );
    await options.onStaged?.();
  });
  return { plan, report, env };
}
