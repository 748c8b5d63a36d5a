/**
 * deCONZ's device layer as zigbee-herdsman's `database.db` (one JSON object per line), so the
 * bridge starts knowing every device (address, type, endpoints, clusters, model) and herdsman does
 * not interview it again; the converter definition is found by model id and manufacturer at start.
 * Current schemas give the ZDP descriptors (`device_descriptors`); the 2.0x family has none, so its
 * devices are written from the resource tables and left for herdsman to interview when they next
 * announce themselves (the report says so).
 */
import type { Leftover } from './map-resources';
import type { DeconzNetwork } from './network';
import { ieeeOf, int, str } from './values';
import type { ZllDb } from './zll';

const NODE_DESCRIPTOR = 0x0002;
const SIMPLE_DESCRIPTOR = 0x0004;
const LOGICAL_TYPES = ['Coordinator', 'Router', 'EndDevice'] as const;
/** ZCL basic cluster powerSource (0x0007) values as herdsman names them. */
const POWER = [
  'Unknown',
  'Mains (single phase)',
  'Mains (3 phase)',
  'Battery',
  'DC Source',
  'Emergency mains constantly powered',
  'Emergency mains and transfer switch',
];

interface Endpoint {
  profId: number;
  epId: number;
  devId: number;
  inClusterList: number[];
  outClusterList: number[];
}

const bytes = (value: unknown): Buffer | undefined =>
  value instanceof ArrayBuffer ? Buffer.from(value) : ArrayBuffer.isView(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : undefined;

/** A simple descriptor as ZDP carries it: endpoint, profile, device id, version, in and out cluster lists. */
export function parseSimpleDescriptor(data: Buffer): Endpoint {
  if (data.length < 8) throw new Error(`simple descriptor of ${data.length} bytes is too short`);
  let at = 6;
  const list = () => {
    const count = data[at++];
    if (count === undefined || at + count * 2 > data.length) throw new Error('simple descriptor cluster list is cut short');
    const out = Array.from({ length: count }, (_, i) => data.readUInt16LE(at + i * 2));
    at += count * 2;
    return out;
  };
  return { epId: data[0]!, profId: data.readUInt16LE(1), devId: data.readUInt16LE(3), inClusterList: list(), outClusterList: list() };
}

/** Logical type (low 3 bits of byte 0), MAC capabilities (byte 2) and manufacturer code (bytes 3-4). */
export function parseNodeDescriptor(data: Buffer): { type: (typeof LOGICAL_TYPES)[number] | 'Unknown'; mains: boolean; manufId: number } {
  if (data.length < 5) throw new Error(`node descriptor of ${data.length} bytes is too short`);
  return { type: LOGICAL_TYPES[data[0]! & 0x07] ?? 'Unknown', mains: (data[2]! & 0x04) !== 0, manufId: data.readUInt16LE(3) };
}

interface Product {
  modelId: string;
  manufName: string;
  swBuildId: string;
  endpoints: Set<number>;
  light: boolean;
}

/** Model, manufacturer and endpoints per IEEE from the lights and sensors tables. */
function productsOf(db: ZllDb, coordinator: string): Map<string, Product> {
  const products = new Map<string, Product>();
  const add = (uniqueid: string, modelId: string, manufName: string, swBuildId: string, light: boolean) => {
    if (!/^[0-9a-f]{2}(:[0-9a-f]{2}){7}-[0-9a-f]{2}/.test(uniqueid)) return;
    const ieee = ieeeOf(uniqueid);
    // The Daylight sensor carries the coordinator's address; it is no device of the network.
    if (ieee === coordinator) return;
    const product = products.get(ieee) ?? { modelId, manufName, swBuildId, endpoints: new Set<number>(), light };
    product.endpoints.add(int(`0x${uniqueid.split('-')[1]}`));
    product.light ||= light;
    if (!product.modelId) product.modelId = modelId;
    if (!product.manufName) product.manufName = manufName;
    products.set(ieee, product);
  };
  for (const row of db.rows('nodes')) add(str(row, 'mac').toLowerCase(), str(row, 'modelid'), str(row, 'manufacturername'), str(row, 'swbuildid'), true);
  for (const row of db.rows('sensors'))
    if (!/^(Daylight|CLIP)/.test(str(row, 'type')))
      add(str(row, 'uniqueid').toLowerCase(), str(row, 'modelid'), str(row, 'manufacturername'), str(row, 'swversion'), false);
  return products;
}

export interface HerdsmanDevice {
  ieeeAddr: string;
  nwkAddr: number | undefined;
  type: string;
  modelId: string;
  manufName: string;
  /** From the lights or sensors table, so the bridge shows the firmware deCONZ showed. */
  swBuildId?: string;
  endpoints: Endpoint[];
  interviewed: boolean;
  /** From the node descriptor. */
  manufId?: number;
  /** herdsman's words: 'Mains (single phase)', 'Battery'… */
  powerSource?: string;
}

export function herdsmanDevices(db: ZllDb, network: DeconzNetwork, leftovers: Leftover[]): HerdsmanDevice[] {
  const products = productsOf(db, `0x${network.mac}`);
  const devices: HerdsmanDevice[] = [];
  const described = new Set<string>();
  const descriptors = db.rows('device_descriptors');
  const power = new Map<number, number>();
  for (const row of db.rows('zcl_values')) if (int(row.cluster) === 0 && int(row.attribute) === 7) power.set(int(row.device_id), int(row.data));
  for (const row of db.rows('devices')) {
    const ieeeAddr = `0x${str(row, 'mac').replaceAll(':', '').toLowerCase()}`;
    if (!/^0x[0-9a-f]{16}$/.test(ieeeAddr)) continue;
    const own = descriptors.filter((d) => int(d.device_id) === int(row.id));
    const nodeRow = own.find((d) => int(d.type) === NODE_DESCRIPTOR);
    const node = nodeRow && bytes(nodeRow.data) ? parseNodeDescriptor(bytes(nodeRow.data)!) : undefined;
    if (node?.type === 'Coordinator') continue;
    const endpoints = own.filter((d) => int(d.type) === SIMPLE_DESCRIPTOR && bytes(d.data)).map((d) => parseSimpleDescriptor(bytes(d.data)!));
    const product = products.get(ieeeAddr);
    if (!product) continue;
    const nwk = int(row.nwk);
    const interviewed = node !== undefined && endpoints.length > 0 && Number.isInteger(nwk);
    if (!interviewed)
      leftovers.push({
        what: `the descriptors of ${ieeeAddr}`,
        why: 'deCONZ had not stored them all: herdgate interviews this device after start if it is a router, else when it is next heard',
      });
    described.add(ieeeAddr);
    const powerSource = power.get(int(row.id));
    devices.push({
      ieeeAddr,
      nwkAddr: Number.isInteger(nwk) ? nwk : undefined,
      type: node?.type ?? (product.light ? 'Router' : 'EndDevice'),
      modelId: product.modelId,
      manufName: product.manufName,
      ...(product.swBuildId ? { swBuildId: product.swBuildId } : {}),
      endpoints,
      interviewed,
      ...(node ? { manufId: node.manufId } : {}),
      ...(powerSource !== undefined && POWER[powerSource]
        ? { powerSource: POWER[powerSource] }
        : node
          ? { powerSource: node.mains ? 'Mains (single phase)' : 'Battery' }
          : {}),
    });
  }
  const unknown = [...products.keys()].filter((ieee) => !described.has(ieee));
  for (const ieee of unknown) {
    const product = products.get(ieee)!;
    devices.push({
      ieeeAddr: ieee,
      nwkAddr: undefined,
      type: product.light ? 'Router' : 'EndDevice',
      modelId: product.modelId,
      manufName: product.manufName,
      endpoints: [],
      interviewed: false,
    });
  }
  if (unknown.length > 0 && db.family === '2.0x') {
    leftovers.push({
      what: `network addresses and descriptors of ${unknown.length} device(s)`,
      why: 'a deCONZ 2.0x database keeps neither: herdgate searches for each device after start and interviews it again (ids, names and rules stay)',
    });
  }
  return devices;
}

/** The lines of herdsman's database.db: the coordinator, every device and the Zigbee groups. */
export function herdsmanDatabase(
  devices: HerdsmanDevice[],
  groups: { id: number; members: { ieee: string; endpoint: number }[] }[],
  network: DeconzNetwork,
): string {
  const lines: object[] = [
    {
      id: 1,
      type: 'Coordinator',
      ieeeAddr: `0x${network.mac}`,
      nwkAddr: 0,
      manufId: 0x1135,
      epList: [1],
      endpoints: {
        1: { profId: 0x0104, epId: 1, devId: 0x0005, inClusterList: [], outClusterList: [], clusters: {}, binds: [], configuredReportings: [], meta: {} },
      },
      interviewCompleted: true,
      interviewState: 'SUCCESSFUL',
      meta: {},
    },
  ];
  let id = 2;
  for (const device of devices) {
    const endpoints = Object.fromEntries(device.endpoints.map((ep) => [ep.epId, { ...ep, clusters: {}, binds: [], configuredReportings: [], meta: {} }]));
    const { interviewed, endpoints: _endpoints, ...fields } = device;
    lines.push({
      id: id++,
      ...fields,
      nwkAddr: device.nwkAddr ?? 0xfffe,
      epList: device.endpoints.map((ep) => ep.epId),
      endpoints,
      interviewCompleted: interviewed,
      interviewState: interviewed ? 'SUCCESSFUL' : 'PENDING',
      meta: {},
    });
  }
  for (const group of groups) {
    lines.push({
      id: id++,
      type: 'Group',
      groupID: group.id,
      members: group.members.map((m) => ({ deviceIeeeAddr: m.ieee, endpointID: m.endpoint })),
      meta: {},
    });
  }
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}
