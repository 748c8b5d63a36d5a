/**
 * deCONZ's resource tables (zll.db) as herdgate's: the same ids, names and uniqueids, so clients
 * (Home Assistant keys entities on uniqueids and group ids) and rules keep addressing the same
 * resources. Pure: rows in, rows and a list of what was left behind out.
 */
import type { ImportedState } from '../../../import/imported-state';
import { date, ieeeOf, int, json, str } from './values';
import type { ZllDb } from './zll';

export interface Leftover {
  what: string;
  why: string;
}

type Out = Pick<ImportedState, 'keys' | 'lights' | 'groups' | 'scenes' | 'sensors' | 'rules' | 'schedules' | 'resourcelinks'>;

function mapLights(db: ZllDb) {
  return db
    .rows('nodes')
    .filter((row) => str(row, 'id') !== '')
    .map((row) => {
      const uniqueid = str(row, 'mac').toLowerCase();
      return {
        id: int(row.id),
        uniqueid,
        ieee: ieeeOf(uniqueid),
        endpoint: int(row.endpoint) || int(`0x${uniqueid.split('-')[1] ?? ''}`) || 1,
        name: str(row, 'name') || `Light ${str(row, 'id')}`,
        deleted: str(row, 'state') === 'deleted',
      };
    });
}

function mapGroups(db: ZllDb, lights: Out['lights']) {
  const list = (text: string) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  // deCONZ keeps membership on the light (nodes.groups, decimal group ids).
  const members = new Map<number, string[]>();
  for (const node of db.rows('nodes')) {
    for (const gid of list(str(node, 'groups'))) members.set(int(gid), [...(members.get(int(gid)) ?? []), String(int(node.id))]);
  }
  const live = new Set(lights.filter((l) => !l.deleted).map((l) => String(l.id)));
  return db
    .rows('groups')
    .filter((row) => Number.isInteger(int(row.gid)) && int(row.gid) > 0)
    .map((row) => ({
      id: int(row.gid),
      name: str(row, 'name') || `Group ${int(row.gid)}`,
      type: str(row, 'type') || 'LightGroup',
      class: str(row, 'class') || null,
      hidden: str(row, 'hidden') === 'true',
      lights: JSON.stringify((members.get(int(row.gid)) ?? []).filter((id) => live.has(id))),
      lightsequence: JSON.stringify(list(str(row, 'lightsequence'))),
      multideviceids: JSON.stringify([]),
      devicemembership: JSON.stringify(list(str(row, 'devicemembership'))),
      action: JSON.stringify({ alert: 'none', bri: 0, colormode: 'hs', ct: 0, effect: 'none', hue: 0, on: false, sat: 0, scene: null, xy: [0, 0] }),
      deleted: str(row, 'state') === 'deleted',
    }));
}

/** deCONZ scene colours are raw 16-bit x/y; herdgate keeps CIE 0-1 as the REST api shows them. */
const cie = (v: unknown) => (typeof v === 'number' ? (v > 1 ? Math.round((v / 65535) * 10_000) / 10_000 : v) : undefined);

function mapScenes(db: ZllDb, groups: Out['groups']) {
  const known = new Set(groups.map((g) => g.id));
  return db
    .rows('scenes')
    .filter((row) => known.has(int(row.gid)))
    .map((row) => {
      const lights = json<Record<string, unknown>[]>(row, 'lights', [], `scene ${str(row, 'gsid')}`).map((l) => {
        const light: Record<string, unknown> = { id: String(l.lid), on: l.on === true, bri: Number(l.bri ?? 0), transitiontime: Number(l.tt ?? 0) };
        if (typeof l.cm === 'string' && l.cm !== 'none') light.colormode = l.cm;
        if (l.x !== undefined) {
          light.x = cie(Number(l.x));
          light.y = cie(Number(l.y));
        }
        if (l.ct !== undefined) light.ct = Number(l.ct);
        if (l.ehue !== undefined) light.hue = Number(l.ehue);
        if (l.sat !== undefined) light.sat = Number(l.sat);
        return light;
      });
      return {
        groupId: int(row.gid),
        sceneId: int(row.sid),
        name: str(row, 'name'),
        transitiontime: int(row.transitiontime) || 0,
        lights: JSON.stringify(lights),
      };
    });
}

const CLIP_TYPES = /^CLIP/;

/** deCONZ keeps the Daylight location as strings ("52.5"); herdgate computes the sun from numbers. */
function daylightConfig(config: Record<string, unknown>): Record<string, unknown> {
  const out = { ...config };
  for (const key of ['lat', 'long']) {
    const value = typeof out[key] === 'string' ? Number(out[key]) : out[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else delete out[key];
  }
  if (typeof out.lat !== 'number' || typeof out.long !== 'number') out.configured = false;
  return out;
}

function mapSensors(db: ZllDb) {
  return db
    .rows('sensors')
    .filter((row) => Number.isInteger(int(row.sid)))
    .map((row) => {
      const what = `sensor ${str(row, 'sid')}`;
      const type = str(row, 'type');
      const uniqueid = str(row, 'uniqueid').toLowerCase();
      const kind = type === 'Daylight' ? ('daylight' as const) : CLIP_TYPES.test(type) ? ('clip' as const) : ('device' as const);
      const config = json<Record<string, unknown>>(row, 'config', {}, what);
      const state = json<Record<string, unknown>>(row, 'state', {}, what);
      // Device sensors keep only what the user set (on); the rest comes from the device again.
      const keptConfig = kind === 'device' ? (config.on === false ? { on: false } : {}) : kind === 'daylight' ? daylightConfig(config) : config;
      const device = kind === 'device' && /^[0-9a-f]{2}(:[0-9a-f]{2}){7}-/.test(uniqueid);
      return {
        id: int(row.sid),
        uniqueid,
        kind,
        type,
        name: str(row, 'name') || `${type} ${str(row, 'sid')}`,
        modelid: str(row, 'modelid'),
        manufacturername: str(row, 'manufacturername'),
        swversion: str(row, 'swversion'),
        ieee: device ? ieeeOf(uniqueid) : null,
        endpoint: device ? int(`0x${uniqueid.split('-')[1]}`) : null,
        mode: row.mode === null || row.mode === undefined || str(row, 'mode') === '' ? null : int(row.mode),
        state: JSON.stringify(kind === 'device' ? {} : state),
        config: JSON.stringify(keptConfig),
        deleted: str(row, 'deletedState') === 'deleted',
      };
    });
}

function mapRules(db: ZllDb, now: number) {
  return db
    .rows('rules')
    .filter((row) => str(row, 'status') !== 'deleted')
    .map((row) => {
      const what = `rule ${str(row, 'rid')}`;
      return {
        id: String(int(row.rid)),
        name: str(row, 'name'),
        owner: str(row, 'owner'),
        status: str(row, 'status') === 'disabled' ? ('disabled' as const) : ('enabled' as const),
        periodic: int(row.periodic) || 0,
        conditions: JSON.stringify(json(row, 'conditions', [], what)),
        actions: JSON.stringify(json(row, 'actions', [], what)),
        createdAt: date(str(row, 'created')) ?? now,
        lastTriggeredAt: date(str(row, 'lasttriggered')) ?? null,
        timesTriggered: int(row.timestriggered) || 0,
      };
    });
}

function mapSchedules(db: ZllDb, now: number) {
  return db.rows('schedules').map((row) => {
    const s = json<Record<string, unknown>>(row, 'json', {}, `schedule ${str(row, 'id')}`);
    const command = (s.command ?? {}) as Record<string, unknown>;
    return {
      id: String(int(row.id)),
      name: String(s.name ?? `Schedule ${str(row, 'id')}`),
      description: String(s.description ?? ''),
      command: JSON.stringify({ address: String(command.address ?? ''), method: String(command.method ?? 'PUT'), body: (command.body ?? {}) as object }),
      time: typeof s.time === 'string' ? s.time : null,
      localtime: typeof s.localtime === 'string' ? s.localtime : null,
      status: s.status === 'disabled' ? ('disabled' as const) : ('enabled' as const),
      autodelete: s.autodelete === true,
      createdAt: date(String(s.created ?? '')) ?? now,
      startedAt: date(String(s.starttime ?? '')) ?? now,
    };
  });
}

/** The `json` column is the resourcelink as deCONZ serves it; herdgate's limits are not applied to taken data. */
function mapResourcelinks(db: ZllDb) {
  return db
    .rows('resourcelinks')
    .filter((row) => Number.isInteger(int(row.id)))
    .map((row) => {
      const id = String(int(row.id));
      const rl = json<Record<string, unknown>>(row, 'json', {}, `resourcelink ${id}`);
      return {
        id,
        name: typeof rl.name === 'string' ? rl.name : `Resourcelink ${id}`,
        description: typeof rl.description === 'string' ? rl.description : '',
        type: 'Link',
        classid: typeof rl.classid === 'number' ? Math.trunc(rl.classid) : 0,
        owner: typeof rl.owner === 'string' ? rl.owner : '',
        recycle: rl.recycle === true,
        links: JSON.stringify(Array.isArray(rl.links) ? rl.links.filter((link) => typeof link === 'string') : []),
      };
    });
}

function mapKeys(db: ZllDb, now: number) {
  return db
    .rows('auth')
    .filter((row) => str(row, 'apikey') !== '' && str(row, 'devicetype') !== '')
    .map((row) => ({
      key: str(row, 'apikey'),
      name: str(row, 'devicetype'),
      createdAt: date(str(row, 'createdate')) ?? now,
      lastUsedAt: date(str(row, 'lastusedate')) ?? now,
      userAgent: str(row, 'useragent') || null,
    }));
}

export function mapResources(db: ZllDb, now: number): { out: Out; leftovers: Leftover[] } {
  const lights = mapLights(db);
  const groups = mapGroups(db, lights);
  const out: Out = {
    keys: mapKeys(db, now),
    lights,
    groups,
    scenes: mapScenes(db, groups),
    sensors: mapSensors(db),
    rules: mapRules(db, now),
    schedules: mapSchedules(db, now),
    resourcelinks: mapResourcelinks(db),
  };
  const leftovers: Leftover[] = [];
  const orphanScenes = db.rows('scenes').length - out.scenes.length;
  if (orphanScenes > 0) leftovers.push({ what: `${orphanScenes} scene(s)`, why: 'their group is not in the groups table' });
  const badLinks = db.rows('resourcelinks').length - out.resourcelinks.length;
  if (badLinks > 0) leftovers.push({ what: `${badLinks} resourcelink(s)`, why: 'their id is not a number' });
  const gateways = db.rows('gateways').length;
  if (gateways > 0) leftovers.push({ what: `${gateways} gateway(s) of the gateways table`, why: 'deCONZ-to-deCONZ cascading is not supported' });
  for (const table of ['groups', 'scenes', 'rules', 'schedules']) {
    if (!db.tables.has(table)) leftovers.push({ what: `the ${table} table`, why: `this deCONZ ${db.family} database has none: nothing to take` });
  }
  return { out, leftovers };
}
