/**
 * Everything a Zigbee2MQTT takeover writes, worked out before anything is written: the network,
 * herdsman's database as it was, friendly names as device and light names, groups as REST groups
 * with the same Zigbee group ids and members, state.json as the devices' first state, and the list
 * of what is left behind and why.
 */
import type { ImportedState } from '../import';
import { readHerdsmanDb, type DbDevice, type HerdsmanDb } from './herdsman-db';
import { leftoversOf, type Leftover } from './leftovers';
import { takeNetwork, type TakenNetwork } from './network';
import { readSettings, type Z2mSettings } from './settings';
import { FolderRefused, type Z2mFolder } from './source';

const GEN_ON_OFF = 0x0006;
/** Longest name a REST light keeps. */
const NAME_MAX = 32;
const DEVICE_NAMES: Record<string, string> = { deconz: 'ConBee II', zstack: 'Z-Stack coordinator', ember: 'EmberZNet coordinator' };

export interface Z2mPlan {
  network: TakenNetwork;
  db: HerdsmanDb;
  state: ImportedState;
  /** The bridge's names.json: ieee → friendly name. */
  names: Record<string, string>;
  /** The bridge's initial-state.json: ieee → Zigbee2MQTT's last published state of the device. */
  initialState: Record<string, Record<string, unknown>>;
  leftovers: Leftover[];
}

const macOf = (ieee: string) => ieee.replace(/^0x/, '').match(/../g)!.join(':');
const lightUniqueid = (ieee: string, endpoint: number) => `${macOf(ieee)}-${endpoint.toString(16).padStart(2, '0')}`;

function readState(folder: Z2mFolder, devices: Map<string, DbDevice>, leftovers: Leftover[]): Z2mPlan['initialState'] {
  const bytes = folder.files.get('state.json');
  if (!bytes) return {};
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new FolderRefused('state.json is not JSON (damaged; delete it to import without the last states)');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FolderRefused('state.json is not a map of device states');
  const out: Z2mPlan['initialState'] = {};
  let groups = 0;
  for (const [id, state] of Object.entries(value)) {
    if (typeof state !== 'object' || state === null || Array.isArray(state)) throw new FolderRefused(`state.json: the state of ${id} is not a map`);
    if (devices.has(id)) out[id] = state as Record<string, unknown>;
    else if (/^\d+$/.test(id)) groups++;
  }
  if (groups > 0)
    leftovers.push({
      what: `the state of ${groups} group(s) in state.json`,
      why: "a REST group shows its members' state (all_on, any_on), taken from the devices",
    });
  return out;
}

/** Group members that are lights: endpoints with an on/off server, as a REST light is. */
function groupRows(settings: Z2mSettings, db: HerdsmanDb, devices: Map<string, DbDevice>, names: Record<string, string>, leftovers: Leftover[]) {
  const lights: ImportedState['lights'] = [];
  const lightId = new Map<string, number>();
  const lightOf = (ieee: string, endpoint: number): number | undefined => {
    const uniqueid = lightUniqueid(ieee, endpoint);
    if (lightId.has(uniqueid)) return lightId.get(uniqueid);
    const device = devices.get(ieee);
    if (!device?.endpoints.some((ep) => ep.epId === endpoint && (ep.inClusterList ?? []).includes(GEN_ON_OFF))) return undefined;
    const id = lights.length + 1;
    const own = lights.filter((l) => l.ieee === ieee).length;
    const base = names[ieee] ?? ieee;
    lights.push({ id, uniqueid, ieee, endpoint, name: (own === 0 ? base : `${base} ${own + 1}`).slice(0, NAME_MAX), deleted: false });
    lightId.set(uniqueid, id);
    return id;
  };
  const ids = [
    ...new Set([
      ...db.groups.map((g) => g.groupID),
      ...Object.keys(settings.groups)
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0 && id <= 0xfff7),
    ]),
  ].sort((a, b) => a - b);
  const groups: ImportedState['groups'] = ids.map((id) => {
    const members = db.groups.find((g) => g.groupID === id)?.members ?? [];
    const memberIds: string[] = [];
    for (const m of members) {
      const light = lightOf(m.ieee, m.endpoint);
      if (light === undefined)
        leftovers.push({
          what: `member ${m.ieee}/${m.endpoint} of group ${id}`,
          why: 'not a light endpoint (no on/off server): a REST group lists lights only; the device stays in the Zigbee group',
        });
      else if (!memberIds.includes(String(light))) memberIds.push(String(light));
    }
    const named = settings.groups[String(id)]?.friendly_name;
    const name = typeof named === 'string' && named ? named : id === 901 ? 'default_bind_group' : `Group ${id}`;
    return {
      id,
      name: name.slice(0, NAME_MAX),
      type: 'LightGroup',
      class: null,
      hidden: false,
      lights: JSON.stringify(memberIds),
      lightsequence: JSON.stringify([]),
      multideviceids: JSON.stringify([]),
      devicemembership: JSON.stringify([]),
      action: JSON.stringify({ alert: 'none', bri: 0, colormode: 'hs', ct: 0, effect: 'none', hue: 0, on: false, sat: 0, scene: null, xy: [0, 0] }),
      deleted: false,
    };
  });
  return { lights, groups };
}

export function buildPlan(folder: Z2mFolder, adapter: string | undefined): Z2mPlan {
  const settings = readSettings(folder);
  const db = readHerdsmanDb(folder.files.get('database.db'));
  const network = takeNetwork(settings, db.coordinator, folder.files.get('coordinator_backup.json')?.toString('utf8'), adapter);
  const devices = new Map(db.devices.map((d) => [d.ieeeAddr, d]));
  const leftovers = leftoversOf(folder, settings, db);
  const names: Record<string, string> = {};
  for (const [ieee, options] of Object.entries(settings.devices)) {
    const name = options.friendly_name;
    if (typeof name !== 'string' || name === '') continue;
    if (devices.has(ieee.toLowerCase())) names[ieee.toLowerCase()] = name;
    else leftovers.push({ what: `device ${ieee} (${name}) of configuration.yaml`, why: 'it is not in database.db: no such device on the network' });
  }
  const { lights, groups } = groupRows(settings, db, devices, names, leftovers);
  const bridgeid = network.coordinator.toUpperCase();
  const state: ImportedState = {
    identity: { bridgeid, mac: macOf(network.coordinator), panid: network.panId },
    radio: { zigbeechannel: network.channel, fwversion: '0x00000000', devicename: DEVICE_NAMES[network.adapter] ?? network.adapter },
    settings: { zigbeechannel: network.channel },
    keys: [],
    lights,
    groups,
    scenes: [],
    sensors: [],
    rules: [],
    schedules: [],
    alarmSystems: [],
    alarmDevices: [],
    resourcelinks: [],
  };
  return { network, db, state, names, initialState: readState(folder, devices, leftovers), leftovers };
}

/** What `--dry-run` prints and a real import logs: what is taken, then what is not. */
export function describePlan(plan: Z2mPlan): string {
  const n = plan.network;
  const pending = plan.db.devices.filter((d) => !d.interviewed).length;
  const lines = [
    `network: coordinator ${n.coordinator}, PAN 0x${n.panId.toString(16).padStart(4, '0')}, extended PAN ${n.extPanId}, channel ${n.channel}, adapter ${n.adapter}${n.port ? ` on ${n.port}` : ''}`,
    ...n.notes.map((note) => `  ${note}`),
    'taken:',
    `  ${plan.db.devices.length} device(s) in zigbee-herdsman's database (endpoints, binds, configured reportings), ${pending} of them not interviewed`,
    `  ${Object.keys(plan.names).length} friendly name(s) as device names`,
    `  ${plan.state.groups.length} group(s) with the same Zigbee group ids, ${plan.state.lights.length} member light(s)`,
    `  ${Object.keys(plan.initialState).length} device state(s) from state.json`,
    n.backup ? '  coordinator_backup.json' : '  no coordinator backup',
  ];
  if (plan.leftovers.length > 0) lines.push('not taken:', ...plan.leftovers.map((l) => `  ${l.what}: ${l.why}`));
  return `${lines.join('\n')}\n`;
}
