/**
 * zigpy-deconz's start-up, formation, endpoint registration, permit join and interview (as zigpy
 * 0.53 with zigpy-deconz 0.19 drives a ConBee with default settings), replayed over `DeconzHost`.
 * The steps, the parameters read and written, and what makes each fail follow that driver: any
 * non-success status throws, a current channel of 0 means "no network formed", the endpoint slots
 * are read until one answers UNSUPPORTED.
 */
import { CommandError, type DeconzHost, readLe, u16, u32, u64 } from './deconz-host';

export const P = {
  mac: 0x01,
  panId: 0x05,
  nwkAddress: 0x07,
  nwkExtPanId: 0x08,
  designedCoordinator: 0x09,
  channelMask: 0x0a,
  apsExtPanId: 0x0b,
  tcAddress: 0x0e,
  securityMode: 0x10,
  endpoint: 0x13,
  predefinedPanId: 0x15,
  networkKey: 0x18,
  linkKey: 0x19,
  currentChannel: 0x1c,
  permitJoin: 0x21,
  protocolVersion: 0x22,
  updateId: 0x24,
  watchdogTtl: 0x26,
  frameCounter: 0x27,
} as const;
const UNSUPPORTED = 4;
export const NOT_FORMED = 'network not formed (current channel 0)';

export interface NetworkInfo {
  ieee: bigint;
  coordinator: boolean;
  nwk: number;
  panId: number;
  extPanId: bigint;
  channel: number;
  mask: number;
  updateId: number;
  key: Uint8Array;
  tcAddress: bigint;
  tcLinkKey: Uint8Array;
  securityMode: number;
}

const num = (b: Uint8Array) => Number(readLe(b, 0, b.length));
const big = (b: Uint8Array) => readLe(b, 0, b.length);

/** load_network_info: throws NOT_FORMED on a stick without a network. */
export async function loadNetworkInfo(host: DeconzHost): Promise<NetworkInfo> {
  const ieee = big(await host.readParameter(P.mac));
  const coordinator = num(await host.readParameter(P.designedCoordinator)) === 1;
  const nwk = num(await host.readParameter(P.nwkAddress));
  const panId = num(await host.readParameter(P.panId));
  let extPanId = big(await host.readParameter(P.apsExtPanId));
  if (extPanId === 0n) extPanId = big(await host.readParameter(P.nwkExtPanId));
  const channel = num(await host.readParameter(P.currentChannel));
  const mask = num(await host.readParameter(P.channelMask));
  const updateId = num(await host.readParameter(P.updateId));
  if (channel === 0) throw new Error(NOT_FORMED);
  const key = (await host.readParameter(P.networkKey, [0])).slice(1);
  await host.readParameter(P.frameCounter).catch(unsupportedOnly);
  const tcAddress = big(await host.readParameter(P.tcAddress));
  const tcLinkKey = (await host.readParameter(P.linkKey, u64(tcAddress))).slice(8);
  const securityMode = num(await host.readParameter(P.securityMode));
  return { ieee, coordinator, nwk, panId, extPanId, channel, mask, updateId, key, tcAddress, tcLinkKey, securityMode };
}

function unsupportedOnly(error: unknown): void {
  if (!(error instanceof CommandError && error.status === UNSUPPORTED)) throw error;
}

export interface Formation {
  channel: number;
  panId: number;
  extPanId: bigint;
  key: number[];
}

/** form_network → write_network_info with zigpy's defaults (channel 15, security level 5, the well-known TC link key). */
export async function formNetwork(host: DeconzHost, f: Formation): Promise<void> {
  await host.writeParameter(P.frameCounter, u32(0)).catch(unsupportedOnly);
  await host.writeParameter(P.designedCoordinator, [1]);
  await host.writeParameter(P.nwkAddress, u16(0));
  const ieee = big(await host.readParameter(P.mac));
  await host.writeParameter(P.channelMask, u32(1 << f.channel));
  await host.writeParameter(P.predefinedPanId, [1]);
  await host.writeParameter(P.panId, u16(f.panId));
  await host.writeParameter(P.apsExtPanId, u64(f.extPanId));
  await host.writeParameter(P.updateId, [0]);
  await host.writeParameter(P.networkKey, [0, ...f.key]);
  await host.writeParameter(P.tcAddress, u64(ieee));
  await host.writeParameter(P.linkKey, [...u64(ieee), ...new TextEncoder().encode('ZigBeeAlliance09')]);
  await host.writeParameter(P.securityMode, [3]);
  await host.changeNetworkState(0);
  await host.changeNetworkState(2);
}

/** `endpoint, profile, device, version, in[], out[]` as the slot value after its index byte. */
export const descriptor = (ep: number, profile: number, device: number, ins: number[], outs: number[]) => [
  ep,
  ...u16(profile),
  ...u16(device),
  0,
  ins.length,
  ...ins.flatMap(u16),
  outs.length,
  ...outs.flatMap(u16),
];
/** The two endpoints zigpy registers: IAS control on 1 (HA), a ZLL controller on 2. */
export const ZIGPY_ENDPOINTS = [
  descriptor(1, 0x0104, 0x0400, [0x0000, 0x0006, 0x000a, 0x0019, 0x0501], [0x0001, 0x0020, 0x0500, 0x0502]),
  descriptor(2, 0xc05e, 0x0840, [0x0000], []),
];

/** add_endpoint: read slots until UNSUPPORTED, keep one already holding it, else replace the best free slot. */
export async function addEndpoint(host: DeconzHost, wanted: number[], written: Set<number>): Promise<'kept' | number> {
  const slots = new Map<number, number[]>();
  for (let index = 0; index < 256; index += 1) {
    try {
      slots.set(index, Array.from((await host.readParameter(P.endpoint, [index])).subarray(1)));
    } catch (error) {
      unsupportedOnly(error);
      break;
    }
  }
  const same = [...slots].find(([, d]) => d.join() === wanted.join());
  if (same) {
    written.add(same[0]);
    return 'kept';
  }
  let target: number | undefined;
  for (const [index, d] of slots) {
    if (written.has(index)) continue;
    target = index;
    if (d[0] === wanted[0]) break;
  }
  if (target === undefined) throw new Error(`no available endpoint slots: ${slots.size}`);
  await host.writeParameter(P.endpoint, [target, ...wanted]);
  written.add(target);
  return target;
}

let tsn = 0;
const next = () => (tsn = (tsn + 1) & 0xff);

/** A ZDO request; resolves with the response asdu after its TSN (zigpy matches on cluster and TSN). */
export async function zdo(host: DeconzHost, nwk: number, cluster: number, body: number[]): Promise<Uint8Array> {
  const id = next();
  const status = await host.send(id, nwk, 0, 0, cluster, 0, [id, ...body]);
  if (status !== 0) throw new Error(`ZDO 0x${cluster.toString(16)} to 0x${nwk.toString(16)}: confirm 0x${status.toString(16)}`);
  return (await host.indication((i) => i.profile === 0 && i.cluster === (cluster | 0x8000) && i.asdu[0] === id)).asdu.subarray(1);
}

/** permit(time_s): Mgmt_Permit_Joining_req broadcast to routers, then the coordinator's own STK_PERMIT_JOIN. */
export async function permit(host: DeconzHost, seconds: number): Promise<void> {
  const id = next();
  await host.send(id, 0xfffc, 0, 0, 0x0036, 0, [id, seconds, 0]);
  await host.writeParameter(P.permitJoin, [seconds]);
}

export interface Interview {
  nwk: number;
  ieee: bigint;
  logicalType: number;
  endpoints: Map<number, { profile: number; device: number; ins: number[] }>;
  manufacturer: string;
  model: string;
}

/** A joined device's interview: node descriptor, active endpoints, simple descriptors, then Basic's manufacturer and model. */
export async function interview(host: DeconzHost, nwk: number, ieee: bigint): Promise<Interview> {
  const node = await zdo(host, nwk, 0x0002, u16(nwk));
  const active = await zdo(host, nwk, 0x0005, u16(nwk));
  const endpoints: Interview['endpoints'] = new Map();
  for (const ep of active.subarray(4, 4 + active[3])) {
    const sd = await zdo(host, nwk, 0x0004, [...u16(nwk), ep]);
    const ins = Array.from({ length: sd[10] }, (_, i) => Number(readLe(sd, 11 + i * 2, 2)));
    endpoints.set(ep, { profile: Number(readLe(sd, 5, 2)), device: Number(readLe(sd, 7, 2)), ins });
  }
  const basic = [...endpoints].find(([, e]) => e.ins.includes(0x0000));
  if (!basic) throw new Error('no endpoint with the Basic cluster');
  const zclTsn = next();
  const status = await host.send(next(), nwk, basic[0], 0x0104, 0x0000, 1, [0x00, zclTsn, 0x00, ...u16(0x0004), ...u16(0x0005)]);
  if (status !== 0) throw new Error(`Basic read confirm 0x${status.toString(16)}`);
  const rsp = (await host.indication((i) => i.profile === 0x0104 && i.cluster === 0 && i.asdu[1] === zclTsn && i.asdu[2] === 0x01)).asdu;
  const strings = readStrings(rsp.subarray(3));
  return { nwk, ieee, logicalType: node[3] & 0x07, endpoints, manufacturer: strings.get(4) ?? '', model: strings.get(5) ?? '' };
}

/** Read Attributes Response records of character strings: attr u16, status, type 0x42, length, chars. */
function readStrings(records: Uint8Array): Map<number, string> {
  const out = new Map<number, string>();
  for (let at = 0; at + 3 <= records.length; ) {
    const id = Number(readLe(records, at, 2));
    if (records[at + 2] !== 0) {
      at += 3;
      continue;
    }
    const length = records[at + 4];
    out.set(id, new TextDecoder().decode(records.subarray(at + 5, at + 5 + length)));
    at += 5 + length;
  }
  return out;
}
