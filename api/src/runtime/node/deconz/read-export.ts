import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { coordinatorBackup, networkParams, parseDeconzConf } from './network';
import { buildPlan, networkFromZbconf, type ImportPlan } from './plan';
import { readTarGz } from './tar';
import { readZll, type ZllDb } from './zll';

/**
 * The steps every deCONZ takeover shares, `npm run import -- deconz` and `POST /config/import`
 * alike: open an export (`deCONZ.tar.gz`), read and check its `zll.db`, plan the takeover, and the
 * bridge's files the plan makes. Anything unreadable throws a `DeconzRefusal` with a message for
 * the user; nothing is written outside the caller's scratch folder.
 */
export class DeconzRefusal extends Error {
  override name = 'DeconzRefusal';
}

export interface DeconzSource {
  db: ZllDb;
  /** deCONZ.conf; absent for a copied data folder (then zll.db's zbconf says the network). */
  conf?: string;
}

/** Unpacks an export into `scratch` and reads its zll.db. `label` names it in refusals. */
export async function readDeconzExport(archive: Uint8Array, scratch: string, label = 'the upload'): Promise<DeconzSource> {
  let files: Map<string, Buffer>;
  try {
    files = readTarGz(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  } catch (err) {
    throw new DeconzRefusal(`${label} is not a readable deCONZ export: ${(err as Error).message}`);
  }
  const db = files.get('zll.db');
  const conf = files.get('deCONZ.conf')?.toString('utf8');
  if (!db) throw new DeconzRefusal(`${label} has no zll.db: a partial export`);
  if (conf === undefined) throw new DeconzRefusal(`${label} has no deCONZ.conf: a partial export`);
  const zll = join(scratch, 'zll.db');
  await writeFile(zll, db);
  return { db: await openZll(zll), conf };
}

/** Reads a zll.db file, its refusals as DeconzRefusal. */
export async function openZll(path: string): Promise<ZllDb> {
  try {
    return await readZll(path);
  } catch (err) {
    throw new DeconzRefusal((err as Error).message);
  }
}

/** The takeover's plan, its refusals (an unusable network, an unknown table shape) as DeconzRefusal. */
export function planTakeover(source: DeconzSource, now: number): ImportPlan {
  try {
    const network = source.conf !== undefined ? parseDeconzConf(source.conf) : networkFromZbconf(source.db);
    return buildPlan(source.db, network, now);
  } catch (err) {
    throw new DeconzRefusal((err as Error).message);
  }
}

/** The bridge's data files of a takeover, by name (the api's database is written apart). */
export function takeoverBridgeFiles(plan: ImportPlan, now: number): Record<string, string> {
  return {
    'network.json': `${JSON.stringify(networkParams(plan.network), null, 2)}\n`,
    'coordinator_backup.json': `${JSON.stringify(coordinatorBackup(plan.network, new Date(now)), null, 2)}\n`,
    'database.db': plan.herdsmanDb,
    'names.json': `${JSON.stringify(plan.names, null, 2)}\n`,
  };
}
