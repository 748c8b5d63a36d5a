/**
 * Start-up and network commands: version, reset, BDB formation, startup from NV, device and network
 * info, endpoint registration and the coordinator's own groups.
 */
import { bytesToIeee } from '../protocol/bytes';
import { buildNib, firstChannel, readNib } from '../znp/index';
import type { Fields } from '../znp/index';
import { DeviceState, RESET_IND, ZNP_VERSION, freshRam } from './firmware-state';
import type { FirmwareContext } from './firmware-state';
import { NvItem } from './nv-store';

const StartupOption = { ClearConfig: 0x01, ClearState: 0x02 } as const;
const AF_DUPLICATE = 0xb8;

type Handler = (ctx: FirmwareContext, req: Fields) => Fields | undefined;
const n = (value: unknown) => value as number;
const u16At = (bytes: Uint8Array | undefined, fallback: number) => (bytes && bytes.length >= 2 ? bytes[0] | (bytes[1] << 8) : fallback);
const u32At = (bytes: Uint8Array | undefined, fallback: number) =>
  bytes && bytes.length >= 4 ? (bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24)) >>> 0 : fallback;

export const coordinatorIeee = (ctx: Pick<FirmwareContext, 'nv'>): string => bytesToIeee(ctx.nv.get(NvItem.ExtAddr) ?? new Uint8Array(8));

/** Forms a network from the configuration items, as BDB formation does (no PAN id collision check). */
function formNetwork(ctx: FirmwareContext): void {
  const { nv } = ctx;
  const mask = u32At(nv.get(NvItem.ChanList), 1 << 11);
  const extendedPanId = nv.get(NvItem.ExtendedPanId) ?? nv.get(NvItem.ExtAddr)!;
  nv.set(NvItem.Nib, buildNib({ panId: u16At(nv.get(NvItem.PanId), 0x1a62), channel: firstChannel(mask), channelList: mask, extendedPanId, updateId: 0 }));
  const keyInfo = new Uint8Array(18);
  keyInfo.set((nv.get(NvItem.PrecfgKey) ?? new Uint8Array(16)).subarray(0, 16), 1);
  nv.set(NvItem.ActiveKeyInfo, keyInfo);
  nv.set(NvItem.AlternKeyInfo, keyInfo);
  ctx.log('network-formed', { channel: firstChannel(mask) });
}

function comeUp(ctx: FirmwareContext): void {
  ctx.ram.deviceState = DeviceState.Coordinator;
  ctx.areq('stateChangeInd', { state: DeviceState.CoordStarting });
  ctx.areq('stateChangeInd', { state: DeviceState.Coordinator });
  ctx.changed();
}

function reset(ctx: FirmwareContext): void {
  const option = ctx.nv.get(NvItem.StartupOption)?.[0] ?? 0;
  if (option & StartupOption.ClearState) for (const id of [NvItem.Nib, NvItem.ActiveKeyInfo, NvItem.AlternKeyInfo]) ctx.nv.delete(id);
  if (option & StartupOption.ClearConfig) ctx.nv.delete(NvItem.HasConfigured);
  Object.assign(ctx.ram, freshRam());
  ctx.changed();
  ctx.log('reset', { option });
  ctx.areq('resetInd', { ...RESET_IND });
}

export const networkHandlers = {
  ping: () => ({ capabilities: 0x0a59 }),
  version: () => ({ ...ZNP_VERSION }),
  getExtAddr: (ctx) => ({ extaddress: coordinatorIeee(ctx) }),
  resetReq: (ctx) => {
    reset(ctx);
    return undefined;
  },
  stackTune: (_ctx, req) => ({ value: n(req.value) & 0xff }),
  ledControl: () => ({ status: 0 }),
  bdbSetChannel: () => ({ status: 0 }),
  bdbStartCommissioning: (ctx, req) => {
    const FORMATION = 0x04;
    if (n(req.mode) & FORMATION) {
      formNetwork(ctx);
      comeUp(ctx);
    }
    return { status: 0 };
  },
  startupFromApp: (ctx) => {
    const restored = ctx.nv.get(NvItem.Nib) !== undefined;
    if (!restored) formNetwork(ctx);
    comeUp(ctx);
    return { status: restored ? 0 : 1 };
  },
  getDeviceInfo: (ctx) => ({
    status: 0, ieeeaddr: coordinatorIeee(ctx), shortaddr: 0, devicetype: 0x07, devicestate: ctx.ram.deviceState, numassocdevices: 0, assocdevices: [],
  }),
  extNwkInfo: (ctx) => {
    const nib = ctx.nv.get(NvItem.Nib);
    const facts = nib ? readNib(nib) : undefined;
    return {
      shortaddr: 0, devstate: ctx.ram.deviceState, panid: facts?.panId ?? 0xffff, parentaddr: 0,
      extendedpanid: bytesToIeee(facts?.extendedPanId ?? new Uint8Array(8)), parentextaddr: '0000000000000000', channel: facts?.channel ?? 0,
    };
  },
  register: (ctx, req) => {
    const ep = n(req.endpoint);
    if (ctx.ram.endpoints.has(ep)) return { status: AF_DUPLICATE };
    const ins = req.inClusters as number[];
    const outs = req.outClusters as number[];
    const d = [ep, n(req.appprofid) & 0xff, n(req.appprofid) >> 8, n(req.appdeviceid) & 0xff, n(req.appdeviceid) >> 8, n(req.appdevver), ins.length];
    for (const c of ins) d.push(c & 0xff, c >> 8);
    d.push(outs.length);
    for (const c of outs) d.push(c & 0xff, c >> 8);
    ctx.ram.endpoints.set(ep, Uint8Array.from(d));
    return { status: 0 };
  },
  extFindGroup: (ctx, req) => {
    const found = ctx.ram.groups.has(`${n(req.endpoint)}:${n(req.groupid)}`);
    return { status: found ? 0 : 1, groupid: n(req.groupid), namelen: 0, groupname: new Uint8Array(0) };
  },
  extAddGroup: (ctx, req) => {
    ctx.ram.groups.add(`${n(req.endpoint)}:${n(req.groupid)}`);
    return { status: 0 };
  },
  extRouteDisc: () => ({ status: 0 }),
  assocGetWithAddress: () => ({ nwkaddr: 0xffff, addridx: 0xffff, noderelation: 0xff }),
  assocRemove: () => ({ status: 0 }),
  assocAdd: () => ({ status: 0 }),
  bdbAddInstallCode: () => ({ status: 0 }),
} satisfies Record<string, Handler>;

/** Applies a channel change (Mgmt_NWK_Update_req with scan duration 0xFE) to the NIB. */
export function changeChannel(ctx: FirmwareContext, mask: number, updateId: number): void {
  const nib = ctx.nv.get(NvItem.Nib);
  if (!nib) return;
  const facts = readNib(nib);
  ctx.nv.set(NvItem.Nib, buildNib({ ...facts, channel: firstChannel(mask), updateId }, nib));
  ctx.changed();
}
