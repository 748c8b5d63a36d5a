/**
 * `npm run import -- deconz <deCONZ.tar.gz | folder> [--dry-run]`: reads a deCONZ export (or a
 * copied deCONZ data folder), checks all of it, then replaces the data dir in one swap
 * (scripts/lib/data-swap.ts): a refusal or a crash changes nothing.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createImportedDatabase } from '@herdgate/api/import';
import { takeoverState } from '@herdgate/virtual-radio/takeover';
import { replaceDataDir } from '../../lib/data-swap';
import { coordinatorBackup, networkParams, parseDeconzConf } from './network';
import { buildPlan, describePlan, networkFromZbconf, type ImportPlan } from './plan';
import { readTarGz } from './tar';
import { readZll, type ZllDb } from './zll';

export interface ImportOptions {
  source: string;
  dataDir: string;
  dryRun: boolean;
  /** ZIGBEE_ADAPTER: deconz (the stick deCONZ used) or unset (the virtual radio becomes that stick). */
  adapter?: string;
  now?: number;
  /** Called after the data is staged and fsynced, before the swap (tests hold the import there). */
  onStaged?: () => Promise<void>;
}

export interface ImportResult {
  plan: ImportPlan;
  report: string;
}

/** Refusals are thrown as this, with a message for the user; anything else is a bug. */
export class ImportRefused extends Error {}

async function openSource(source: string, scratch: string): Promise<{ db: ZllDb; conf?: string }> {
  const info = await stat(source).catch(() => undefined);
  if (!info) throw new ImportRefused(`${source} does not exist`);
  let zll: string;
  let conf: string | undefined;
  if (info.isDirectory()) {
    zll = join(source, 'zll.db');
    if (!(await stat(zll).catch(() => undefined))) throw new ImportRefused(`${source} has no zll.db (expected a deCONZ data folder or deCONZ.tar.gz)`);
    conf = await readFile(join(source, 'deCONZ.conf'), 'utf8').catch(() => undefined);
    // Read a copy: SQLite may write beside a database it opens, and the source stays untouched.
    const copy = join(scratch, 'zll.db');
    await writeFile(copy, await readFile(zll));
    zll = copy;
  } else {
    let files: Map<string, Buffer>;
    try {
      files = readTarGz(await readFile(source));
    } catch (err) {
      throw new ImportRefused(`${source} is not a readable deCONZ export: ${(err as Error).message}`);
    }
    const db = files.get('zll.db');
    conf = files.get('deCONZ.conf')?.toString('utf8');
    if (!db) throw new ImportRefused(`${source} has no zll.db: a partial export`);
    if (conf === undefined) throw new ImportRefused(`${source} has no deCONZ.conf: a partial export`);
    zll = join(scratch, 'zll.db');
    await writeFile(zll, db);
  }
  try {
    return { db: await readZll(zll), conf };
  } catch (err) {
    throw new ImportRefused((err as Error).message);
  }
}

export async function importDeconz(options: ImportOptions): Promise<ImportResult> {
  if (options.adapter && options.adapter !== 'deconz') {
    throw new ImportRefused(`ZIGBEE_ADAPTER=${options.adapter}: deCONZ's network resumes on its ConBee/RaspBee (ZIGBEE_ADAPTER=deconz) or on the virtual radio (no ZIGBEE_ADAPTER)`);
  }
  const now = options.now ?? Date.now();
  const scratch = await mkdtemp(join(tmpdir(), 'herdgate-import-'));
  try {
    const { db, conf } = await openSource(options.source, scratch);
    let plan: ImportPlan;
    try {
      const network = conf !== undefined ? parseDeconzConf(conf) : networkFromZbconf(db);
      plan = buildPlan(db, network, now);
    } catch (err) {
      throw new ImportRefused((err as Error).message);
    }
    // No adapter configured: the virtual radio becomes the stick deCONZ left behind.
    const radio = options.adapter ? undefined : virtualStick(plan);
    const report = describePlan(plan, db) + (radio?.note ?? '');
    if (options.dryRun) return { plan, report };
    await replaceDataDir(options.dataDir, async (staging) => {
      await createImportedDatabase(join(staging, 'herdgate.db'), plan.state, now);
      await writeFile(join(staging, 'network.json'), `${JSON.stringify(networkParams(plan.network), null, 2)}\n`, { mode: 0o600 });
      await writeFile(join(staging, 'coordinator_backup.json'), `${JSON.stringify(coordinatorBackup(plan.network, new Date(now)), null, 2)}\n`, { mode: 0o600 });
      await writeFile(join(staging, 'database.db'), plan.herdsmanDb);
      await writeFile(join(staging, 'names.json'), `${JSON.stringify(plan.names, null, 2)}\n`);
      if (radio) await writeFile(join(staging, 'virtual-radio.json'), JSON.stringify(radio.state), { mode: 0o600 });
      await options.onStaged?.();
    });
    return { plan, report };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function virtualStick(plan: ImportPlan) {
  const joined = plan.devices.filter((d) => d.nwkAddr !== undefined);
  const { state, unknown } = takeoverState({
    mac: plan.network.mac, panId: plan.network.panId, channel: plan.network.channel, networkKey: plan.network.networkKey,
    nwkUpdateId: plan.network.nwkUpdateId, frameCounter: plan.network.frameCounter ?? 0,
    devices: joined.map((d) => ({ ieee: d.ieeeAddr, nwk: d.nwkAddr!, modelId: d.modelId, manufacturer: d.manufName, groups: groupsOf(plan, d.ieeeAddr) })),
  });
  const lines = [`virtual radio: deCONZ's stick with ${state.network.devices.length} simulated device(s)`];
  for (const d of unknown) lines.push(`  not simulated: ${d.ieee} (${d.modelId || 'no model id'}): the virtual radio's catalogue has no such model`);
  const addressless = plan.devices.length - joined.length;
  if (addressless > 0) lines.push(`  not simulated: ${addressless} device(s) without a network address in zll.db`);
  return { state, note: `${lines.join('\n')}\n` };
}

/** The Zigbee groups a device's lights are members of in deCONZ. */
function groupsOf(plan: ImportPlan, ieee: string): number[] {
  const lights = new Set(plan.state.lights.filter((l) => l.ieee === ieee).map((l) => String(l.id)));
  return plan.state.groups.filter((g) => !g.deleted && (JSON.parse(g.lights) as string[]).some((id) => lights.has(id))).map((g) => g.id);
}
