/**
 * zigbee-herdsman's `database.db` as Zigbee2MQTT leaves it: one JSON object per line (devices with
 * their endpoints, binds and configured reportings, and groups with their members). herdgate runs
 * the same library, so the file is taken as it is, after every line is checked: herdsman itself
 * skips a line it cannot parse (and would forget that device), the import refuses the folder.
 */
import { FolderRefused } from './source';

const DEVICE_TYPES = ['Coordinator', 'Router', 'EndDevice', 'GreenPower', 'Unknown'];

export interface DbEndpoint {
  epId: number;
  inClusterList?: number[];
  outClusterList?: number[];
  binds?: unknown[];
  configuredReportings?: unknown[];
}

export interface DbDevice {
  type: string;
  ieeeAddr: string;
  nwkAddr: number;
  modelId?: string;
  manufName?: string;
  interviewed: boolean;
  endpoints: DbEndpoint[];
}

export interface DbGroup {
  groupID: number;
  members: { ieee: string; endpoint: number }[];
}

export interface HerdsmanDb {
  coordinator: DbDevice;
  devices: DbDevice[];
  groups: DbGroup[];
  /** The lines herdgate's herdsman reads, as they were. */
  text: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function device(entry: Record<string, unknown>, where: string): DbDevice {
  if (typeof entry.ieeeAddr !== 'string' || !/^0x[0-9a-f]{16}$/.test(entry.ieeeAddr))
    throw new FolderRefused(`${where}: ieeeAddr ${JSON.stringify(entry.ieeeAddr)} is not 0x and 16 lower-case hex digits`);
  if (!Number.isInteger(entry.nwkAddr)) throw new FolderRefused(`${where}: nwkAddr is not a number`);
  if (!isObject(entry.endpoints)) throw new FolderRefused(`${where}: endpoints is not a map`);
  const endpoints = Object.entries(entry.endpoints).map(([id, ep]) => {
    if (!isObject(ep) || !Number.isInteger(Number(id))) throw new FolderRefused(`${where}: endpoint ${id} is not a record`);
    return { ...(ep as unknown as DbEndpoint), epId: Number(id) };
  });
  return {
    type: String(entry.type),
    ieeeAddr: entry.ieeeAddr,
    nwkAddr: entry.nwkAddr as number,
    ...(typeof entry.modelId === 'string' ? { modelId: entry.modelId } : {}),
    ...(typeof entry.manufName === 'string' ? { manufName: entry.manufName } : {}),
    interviewed: entry.interviewState === 'SUCCESSFUL' || (entry.interviewState === undefined && entry.interviewCompleted === true),
    endpoints,
  };
}

function group(entry: Record<string, unknown>, where: string): DbGroup {
  const id = entry.groupID;
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 0xfff7)
    throw new FolderRefused(`${where}: groupID ${JSON.stringify(id)} is not a Zigbee group id 1-65527`);
  if (!Array.isArray(entry.members)) throw new FolderRefused(`${where}: members is not a list`);
  const members = entry.members.map((m: unknown) => {
    if (!isObject(m) || typeof m.deviceIeeeAddr !== 'string' || !Number.isInteger(m.endpointID))
      throw new FolderRefused(`${where}: a member is not {deviceIeeeAddr, endpointID}`);
    return { ieee: m.deviceIeeeAddr, endpoint: m.endpointID as number };
  });
  return { groupID: id as number, members };
}

export function readHerdsmanDb(bytes: Buffer | undefined): HerdsmanDb {
  if (!bytes) throw new FolderRefused('the folder has no database.db: Zigbee2MQTT never ran here, or this is not its data folder');
  const lines = bytes
    .toString('utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const ids = new Set<number>();
  const devices: DbDevice[] = [];
  const groups: DbGroup[] = [];
  let coordinator: DbDevice | undefined;
  for (const [index, line] of lines.entries()) {
    const where = `database.db line ${index + 1}`;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw new FolderRefused(`${where} is not JSON (damaged database; Zigbee2MQTT would drop that entry)`);
    }
    if (!isObject(entry) || !Number.isInteger(entry.id)) throw new FolderRefused(`${where} has no numeric id`);
    if (ids.has(entry.id as number)) throw new FolderRefused(`${where} repeats id ${entry.id}`);
    ids.add(entry.id as number);
    if (entry.type === 'Group') groups.push(group(entry, where));
    else if (DEVICE_TYPES.includes(String(entry.type))) {
      const parsed = device(entry, where);
      if (parsed.type === 'Coordinator') coordinator = parsed;
      else devices.push(parsed);
    } else throw new FolderRefused(`${where} has an unknown type ${JSON.stringify(entry.type)}`);
  }
  if (!coordinator) throw new FolderRefused('database.db has no coordinator entry: not a zigbee-herdsman database');
  return { coordinator, devices, groups, text: `${lines.join('\n')}\n` };
}
