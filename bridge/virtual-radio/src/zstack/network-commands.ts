/**
 * Device and network commands: ping, version, device and network info, endpoint registration, the
 * coordinator's own groups, ZDO callback registration, routes and associations. Formation and
 * reset are in `formation.ts`.
 */
import { bytesToIeee } from '../protocol/bytes';
import { firstChannel, readNib, withFacts } from '../znp/index';
import type { Fields } from '../znp/index';
import { ZNP_CAPABILITIES, ZNP_VERSION } from './firmware-state';
import type { FirmwareContext } from './firmware-state';
import { NvItem } from './nv-store';

const AF_DUPLICATE = 0xb8;
/** associated_devices_t on a CC26xx: 36 bytes; an index past the last child packs INVALID_NODE_ADDR. */
const ASSOC_DEVICE_LENGTH = 36;
const RoutingStatus = { Success: 0x00 } as const;

type Handler = (ctx: FirmwareContext, req: Fields) => Fields | undefined;
const n = (value: unknown) => value as number;

export const coordinatorIeee = (ctx: Pick<FirmwareContext, 'nv'>): string => bytesToIeee(ctx.nv.get(NvItem.ExtAddr) ?? new Uint8Array(8));

export const networkHandlers = {
  ping: () => ({ capabilities: ZNP_CAPABILITIES }),
  version: () => ({ ...ZNP_VERSION }),
  getExtAddr: (ctx) => ({ extaddress: coordinatorIeee(ctx) }),
  stackTune: (_ctx, req) => ({ value: n(req.value) & 0xff }),
  ledControl: () => ({ status: 0 }),
  getDeviceInfo: (ctx) => ({
    status: 0,
    ieeeaddr: coordinatorIeee(ctx),
    shortaddr: 0,
    devicetype: 0x07,
    devicestate: ctx.ram.deviceState,
    numassocdevices: 0,
    assocdevices: [],
  }),
  extNwkInfo: (ctx) => {
    const nib = ctx.nv.get(NvItem.Nib);
    const facts = nib ? readNib(nib) : undefined;
    return {
      shortaddr: 0,
      devstate: ctx.ram.deviceState,
      panid: facts?.panId ?? 0xffff,
      parentaddr: 0,
      extendedpanid: bytesToIeee(facts?.extendedPanId ?? new Uint8Array(8)),
      parentextaddr: '0000000000000000',
      channel: facts?.channel ?? 0,
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
  // The simulated mesh always has a route to a device it knows (unknown ones fail at delivery).
  extRouteChk: () => ({ status: RoutingStatus.Success }),
  msgCbRegister: (ctx, req) => {
    ctx.ram.zdoCallbacks.add(n(req.clusterid));
    return { status: 0 };
  },
  // The coordinator keeps no child table of its own here (getDeviceInfo lists none either).
  assocFindDevice: () => {
    const device = new Uint8Array(ASSOC_DEVICE_LENGTH);
    device.set([0xfe, 0xff]);
    return { device };
  },
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
  ctx.nv.set(NvItem.Nib, withFacts(nib, { ...facts, channel: firstChannel(mask), updateId }));
  ctx.changed();
}
