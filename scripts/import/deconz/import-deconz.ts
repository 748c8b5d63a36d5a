/**
 * `npm run import -- deconz <deCONZ.tar.gz | folder> [--dry-run]`: reads a deCONZ export (or a
 * copied deCONZ data folder), checks all of it, then replaces the data dir in one swap
 * (data-swap in @herdgate/shared/node): a refusal or a crash changes nothing.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeconzRefusal,
  describePlan,
  openZll,
  planTakeover,
  readDeconzExport,
  takeoverBridgeFiles,
  type DeconzSource,
  type ImportPlan,
} from '@herdgate/api/deconz';
import { createImportedDatabase } from '@herdgate/api/import';
import { takeoverState, type TakeoverScene } from '@herdgate/virtual-radio/takeover';
import { replaceDataDir } from '@herdgate/shared/node';

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

async function openSource(source: string, scratch: string): Promise<DeconzSource> {
  const info = await stat(source).catch(() => undefined);
  if (!info) throw new ImportRefused(`${source} does not exist`);
  if (!info.isDirectory()) return readDeconzExport(await readFile(source), scratch, source);
  const zll = join(source, 'zll.db');
  if (!(await stat(zll).catch(() => undefined))) throw new ImportRefused(`${source} has no zll.db (expected a deCONZ data folder or deCONZ.tar.gz)`);
  const conf = await readFile(join(source, 'deCONZ.conf'), 'utf8').catch(() => undefined);
  // Read a copy: SQLite may write beside a database it opens, and the source stays untouched.
  const copy = join(scratch, 'zll.db');
  await writeFile(copy, await readFile(zll));
  return { db: await openZll(copy), conf };
}

export async function importDeconz(options: ImportOptions): Promise<ImportResult> {
  if (options.adapter && options.adapter !== 'deconz') {
    throw new ImportRefused(
      `ZIGBEE_ADAPTER=${options.adapter}: deCONZ's network resumes on its ConBee/RaspBee (ZIGBEE_ADAPTER=deconz) or on the virtual radio (no ZIGBEE_ADAPTER)`,
    );
  }
  const now = options.now ?? Date.now();
  const scratch = await mkdtemp(join(tmpdir(), 'herdgate-import-'));
  try {
    let opened: DeconzSource;
    let plan: ImportPlan;
    try {
      opened = await openSource(options.source, scratch);
      plan = planTakeover(opened, now);
    } catch (err) {
      if (err instanceof DeconzRefusal) throw new ImportRefused(err.message);
      throw err;
    }
    const { db } = opened;
    // No adapter configured: the virtual radio becomes the stick deCONZ left behind.
    const radio = options.adapter ? undefined : virtualStick(plan);
    const report = describePlan(plan, db) + (radio?.note ?? '');
    if (options.dryRun) return { plan, report };
    await replaceDataDir(options.dataDir, async (staging) => {
      await createImportedDatabase(join(staging, 'herdgate.db'), plan.state, now);
      for (const [name, text] of Object.entries(takeoverBridgeFiles(plan, now))) await writeFile(join(staging, name), text, { mode: 0o600 });
      if (radio) await writeFile(join(staging, 'virtual-radio.json'), JSON.stringify(radio.state), { mode: 0o600 });
      await options.onStaged?.();
    });
    return { plan, report };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The stick deCONZ left, its devices joined. A device zll.db keeps no address of (deCONZ 2.0x) is
 * still on the network at an address of its own: the simulation gives it one, and herdsman is not
 * told. The bridge searches for it after start (bridge/src/zigbee/address-search.ts), or herdsman
 * learns the address when the device is next heard.
 */
function virtualStick(plan: ImportPlan) {
  const taken = new Set(plan.devices.flatMap((d) => (d.nwkAddr === undefined ? [] : [d.nwkAddr])));
  const addressOf = (ieee: string) => {
    let nwk = (Number.parseInt(ieee.slice(-4), 16) % 0xfff0) + 1;
    while (taken.has(nwk)) nwk = (nwk % 0xfff0) + 1;
    taken.add(nwk);
    return nwk;
  };
  const { state, generic, unknown } = takeoverState({
    mac: plan.network.mac,
    panId: plan.network.panId,
    channel: plan.network.channel,
    networkKey: plan.network.networkKey,
    nwkUpdateId: plan.network.nwkUpdateId,
    frameCounter: plan.network.frameCounter ?? 0,
    devices: plan.devices.map((d) => ({
      ieee: d.ieeeAddr,
      nwk: d.nwkAddr ?? addressOf(d.ieeeAddr),
      modelId: d.modelId,
      manufacturer: d.manufName,
      groups: groupsOf(plan, d.ieeeAddr),
      scenes: scenesOf(plan, d.ieeeAddr),
      descriptors: {
        router: d.type === 'Router',
        mains: d.powerSource === undefined ? d.type === 'Router' : !/battery/i.test(d.powerSource),
        manufacturerCode: d.manufId,
        swBuildId: d.swBuildId,
        endpoints: d.endpoints.map((ep) => ({
          id: ep.epId,
          profileId: ep.profId,
          deviceId: ep.devId,
          inClusters: ep.inClusterList,
          outClusters: ep.outClusterList,
        })),
      },
    })),
  });
  const lines = [`virtual radio: deCONZ's stick with ${state.network.devices.length} simulated device(s)`];
  for (const d of generic)
    lines.push(`  simulated from its descriptors: ${d.ieee} (${d.modelId || 'no model id'}): the virtual radio's catalogue has no such model`);
  for (const d of unknown)
    lines.push(
      `  not simulated: ${d.ieee} (${d.modelId || 'no model id'}): no such model in the virtual radio's catalogue, and zll.db keeps no descriptors of it`,
    );
  const addressless = plan.devices.filter((d) => d.nwkAddr === undefined).length;
  if (addressless > 0)
    lines.push(
      `  ${addressless} device(s) without a network address in zll.db: simulated at an address of their own, which the bridge searches for after start`,
    );
  return { state, note: `${lines.join('\n')}\n` };
}

/** The Zigbee groups a device's lights are members of in deCONZ. */
function groupsOf(plan: ImportPlan, ieee: string): number[] {
  const lights = new Set(plan.state.lights.filter((l) => l.ieee === ieee).map((l) => String(l.id)));
  return plan.state.groups.filter((g) => !g.deleted && (JSON.parse(g.lights) as string[]).some((id) => lights.has(id))).map((g) => g.id);
}

/** The scenes deCONZ stored in a device's lights, in the ZCL units the light keeps (x/y 0-65535). */
function scenesOf(plan: ImportPlan, ieee: string): TakeoverScene[] {
  const lights = new Map(plan.state.lights.filter((l) => l.ieee === ieee).map((l) => [String(l.id), l.endpoint]));
  return plan.state.scenes.flatMap((scene) =>
    (JSON.parse(scene.lights) as { id: string; on: boolean; bri?: number; x?: number; y?: number; ct?: number }[]).flatMap((light) => {
      const endpoint = lights.get(light.id);
      if (endpoint === undefined) return [];
      const raw = (v: number | undefined) => (v === undefined ? undefined : Math.round(v * 65535));
      return [
        {
          endpoint,
          group: scene.groupId,
          scene: scene.sceneId,
          transitionTime: scene.transitiontime ?? 0,
          on: light.on,
          bri: light.bri,
          x: raw(light.x),
          y: raw(light.y),
          ct: light.ct,
        },
      ];
    }),
  );
}
