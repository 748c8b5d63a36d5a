import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { archiveName, dumpTables, gatewayFacts } from '@herdgate/api/backup';
import { openDatabase } from '@herdgate/api/database';
import {
  archiveFile,
  BRIDGE_DATA_FILES,
  REQUIRED_BRIDGE_FILES,
  coordinatorFacts,
  encodeArchive,
  parseCoordinatorBackup,
  type ArchiveBody,
} from '@herdgate/shared/backup';
import type { GatewayPaths } from './gateway-paths';

/**
 * `npm run backup`: the same archive `POST /config/export` writes, made from a stopped gateway's
 * files (herdsman writes its coordinator backup and database when it stops, so they are current).
 */
export async function offlineArchive(paths: GatewayPaths, software: Record<string, string>, now = new Date()): Promise<{ name: string; bytes: Uint8Array }> {
  const files: ArchiveBody['bridge']['files'] = {};
  for (const name of BRIDGE_DATA_FILES) {
    const bytes = await readFile(join(paths.dataDir, name)).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)));
    if (bytes) files[name] = await archiveFile(bytes);
  }
  const missing = REQUIRED_BRIDGE_FILES.filter((name) => !(name in files));
  if (missing.length > 0) throw new Error(`${paths.dataDir} holds no ${missing.join(' or ')}: is DATA_DIR the bridge's data folder?`);
  const { db, client } = await openDatabase(paths.databaseUrl, paths.authToken);
  let database: ArchiveBody['database'];
  try {
    database = await db.transaction((tx) => dumpTables(tx));
  } finally {
    client.close();
  }
  const facts = gatewayFacts(database);
  const coordinatorText = await readFile(join(paths.dataDir, 'coordinator_backup.json'), 'utf8').catch(() => undefined);
  const coordinatorBackup = coordinatorText === undefined ? undefined : parseCoordinatorBackup(coordinatorText);
  const coordinator = coordinatorBackup ? coordinatorFacts(coordinatorBackup) : undefined;
  const created = now.toISOString();
  const bytes = await encodeArchive({ created, gateway: { ...facts, ...(coordinator ? { coordinator } : {}) }, software }, { database, bridge: { files } });
  return { name: archiveName(facts.bridgeid, created), bytes };
}
