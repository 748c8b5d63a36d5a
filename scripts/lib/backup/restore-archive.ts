import { link, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { replaceTables, unknownToSchema } from '@herdgate/api/backup';
import { openDatabase } from '@herdgate/api/database';
import { advanceFrameCounter, bridgeFileBytes, isBridgeDataFile, parseCoordinatorBackup, restoreRefusal, type BackupArchive } from '@herdgate/shared/backup';
import { replaceDataDir, SWAP_DIR } from '@herdgate/shared/node';
import type { GatewayPaths } from './gateway-paths';

export interface RestoreOptions {
  /** herdsman adapter the bridge will start with (ZIGBEE_ADAPTER, or the virtual radio's protocol). */
  adapter: string;
  /** The operator says the stick is the one the backup was made with: no network restore is needed. */
  sameStick: boolean;
  log(line: string): void;
}

/**
 * Replaces a stopped gateway's data with a checked archive's: the bridge's files and the database
 * (every table emptied and refilled in one transaction). Everything that can refuse is checked
 * before anything changes. With the database file in the data folder one swap replaces both
 * (replaceDataDir: a crash leaves the old or the new, never a mix); a database elsewhere is
 * written, in its own transaction, at the end of the staging, just before the swap commits.
 */
export async function restoreArchive(paths: GatewayPaths, archive: BackupArchive, options: RestoreOptions): Promise<void> {
  const unknown = unknownToSchema(archive.body.database);
  if (unknown) throw new RestoreRefused(`the backup holds a ${unknown} this herdgate does not know: it comes from a newer herdgate, update first`);
  const coordinatorText = bridgeFileBytes(archive, 'coordinator_backup.json');
  const coordinator = coordinatorText ? parseCoordinatorBackup(new TextDecoder().decode(coordinatorText)) : undefined;
  if (!options.sameStick) {
    const refusal = restoreRefusal(coordinator, options.adapter);
    if (refusal) throw new RestoreRefused(refusal);
  }
  await replaceDataDir(paths.dataDir, async (staging) => {
    await keepOthers(paths, staging);
    for (const name of Object.keys(archive.body.bridge.files)) {
      const bytes = name === 'coordinator_backup.json' && coordinator ? advanceFrameCounter(coordinator) : bridgeFileBytes(archive, name)!;
      await writeFile(join(staging, name), bytes);
    }
    const url = paths.databaseInDataDir ? pathToFileURL(join(staging, paths.databaseInDataDir)).href : paths.databaseUrl;
    await writeDatabase(url, paths.authToken, archive);
    options.log(`database: ${Object.values(archive.body.database.tables).reduce((n, rows) => n + rows.length, 0)} rows written`);
  });
}

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

async function writeDatabase(url: string, authToken: string | undefined, archive: BackupArchive): Promise<void> {
  const { db, client } = await openDatabase(url, authToken);
  try {
    await db.transaction((tx) => replaceTables(tx, archive.body.database));
  } finally {
    client.close();
  }
}

/**
 * What the archive does not cover stays: the virtual radio's state (that is the stick), the
 * backups folder, anything else the user keeps there. Hard links, not copies: the swap moves the
 * old entries aside and deletes them, the links keep the data.
 */
async function keepOthers(paths: GatewayPaths, staging: string): Promise<void> {
  const db = paths.databaseInDataDir;
  const isDatabase = (name: string) => db !== undefined && (name === db || name.startsWith(`${db}-`));
  for (const name of await readdir(paths.dataDir).catch(() => [] as string[])) {
    if (name === SWAP_DIR || isBridgeDataFile(name) || isDatabase(name)) continue;
    await linkTree(join(paths.dataDir, name), join(staging, name));
  }
}

async function linkTree(from: string, to: string): Promise<void> {
  const info = await stat(from);
  if (!info.isDirectory()) return link(from, to);
  await mkdir(to);
  for (const name of await readdir(from)) await linkTree(join(from, name), join(to, name));
}
