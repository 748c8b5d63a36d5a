/**
 * Everything a deCONZ takeover writes, worked out before anything is written: the api's state,
 * the network, herdsman's database, the device names, and what is left behind and why.
 */
import type { ImportedState } from '../../../import/imported-state';
import { herdsmanDatabase, herdsmanDevices, type HerdsmanDevice } from './herdsman-db';
import { mapGateway } from './map-gateway';
import { mapResources, type Leftover } from './map-resources';
import { parseNetwork, type DeconzNetwork } from './network';
import { str } from './values';
import type { ZllDb } from './zll';

export interface ImportPlan {
  network: DeconzNetwork;
  state: ImportedState;
  herdsmanDb: string;
  /** The bridge's names.json: ieee → the name of the device's first light or sensor. */
  names: Record<string, string>;
  devices: HerdsmanDevice[];
  leftovers: Leftover[];
}

/** The newest `zbconf` row that passes deCONZ's checks, for a data folder copied without an export. */
export function networkFromZbconf(db: ZllDb): DeconzNetwork {
  const rows = db.rows('zbconf');
  if (rows.length === 0)
    throw new Error('no deCONZ.conf and no zbconf rows in zll.db: the network cannot be resumed (export it from deCONZ: Phoscon, Gateway, Backup)');
  let conf: Record<string, unknown>;
  try {
    conf = JSON.parse(str(rows.at(-1)!, 'conf')) as Record<string, unknown>;
  } catch {
    throw new Error('the newest zbconf row of zll.db is not JSON (damaged database)');
  }
  return parseNetwork(conf, 'zbconf');
}

export function buildPlan(db: ZllDb, network: DeconzNetwork, now: number): ImportPlan {
  const resources = mapResources(db, now);
  const gateway = mapGateway(db, network);
  const leftovers = [...resources.leftovers, ...gateway.leftovers];
  const devices = herdsmanDevices(db, network, leftovers);
  const lightsById = new Map(resources.out.lights.map((l) => [String(l.id), l]));
  const groups = resources.out.groups
    .filter((g) => !g.deleted)
    .map((g) => ({
      id: g.id,
      members: (JSON.parse(g.lights) as string[]).flatMap((id) => {
        const light = lightsById.get(id);
        return light ? [{ ieee: light.ieee, endpoint: light.endpoint }] : [];
      }),
    }));
  const names: Record<string, string> = {};
  for (const item of [...resources.out.lights, ...resources.out.sensors]) {
    if (item.ieee && !item.deleted && !(item.ieee in names)) names[item.ieee] = item.name;
  }
  if (db.rows('zcl_values').length > 0) {
    leftovers.push({
      what: 'cached attribute values (zcl_values)',
      why: "herdgate shows a device's values from its next report or read, not deCONZ's history",
    });
  }
  return {
    network,
    state: { ...gateway.out, ...resources.out },
    herdsmanDb: herdsmanDatabase(devices, groups, network),
    names,
    devices,
    leftovers,
  };
}

/** What `--dry-run` prints and a real import logs: counts of what is taken, then what is not. */
export function describePlan(plan: ImportPlan, db: ZllDb): string {
  const s = plan.state;
  const live = <T extends { deleted?: boolean | null }>(rows: T[]) => rows.filter((r) => !r.deleted).length;
  const lines = [
    `deCONZ database: schema version ${db.version} (${db.family === 'current' ? 'deCONZ 2.2x-2.33' : 'deCONZ 2.0x'})`,
    `network from ${plan.network.source}: bridge id ${s.identity.bridgeid}, PAN 0x${plan.network.panId.toString(16).padStart(4, '0')}, extended PAN ${plan.network.extPanId}, channel ${plan.network.channel}, update id ${plan.network.nwkUpdateId}, frame counter ${plan.network.frameCounter ?? 'unknown'}`,
    'taken:',
    `  ${s.keys.length} API key(s), gateway name "${s.settings.name ?? 'herdgate'}", timezone ${s.settings.timezone ?? 'Etc/UTC'}`,
    `  ${plan.devices.length} device(s) for zigbee-herdsman`,
    `  ${live(s.lights)} light(s), ${live(s.sensors)} sensor(s), ${live(s.groups)} group(s), ${s.scenes.length} scene(s)`,
    `  ${s.rules.length} rule(s), ${s.schedules.length} schedule(s), ${s.alarmSystems.length} alarm system(s) with ${s.alarmDevices.length} device(s)`,
    `  ${s.resourcelinks.length} resourcelink(s)`,
  ];
  if (plan.leftovers.length > 0) lines.push('not taken:', ...plan.leftovers.map((l) => `  ${l.what}: ${l.why}`));
  return `${lines.join('\n')}\n`;
}
