/**
 * AF data requests (unicast, group, broadcast, IEEE and inter-PAN), the inter-PAN controls, and the
 * MT ZDO requests, all turned into requests to the simulated network. An AF frame from endpoint 0 to
 * endpoint 0 is ZDO (profile 0): it is delivered as such, its confirm goes to the firmware's own ZDO
 * (no AF dataConfirm), and the answer comes back as a ZDO callback.
 */
import type { ApsAddress } from '../protocol/index';
import { decodeZdoRequest, readNib, ZdoClusters } from '../znp/index';
import type { Fields } from '../znp/index';
import { DeviceState } from './firmware-state';
import type { FirmwareContext } from './firmware-state';
import { changeChannel } from './network-commands';
import { NvItem } from './nv-store';

const AfStatus = { Success: 0x00, InvalidRequest: 0xc2 } as const;
const InterPanCmd = { Clear: 0, Set: 1, Register: 2, Check: 3 } as const;
const HA_PROFILE = 0x0104;
const AddrMode = { Group: 1, Short: 2, Ieee: 3 } as const;
/** ZDO requests are routed with ids above the 8-bit AF transaction space, so their confirms are dropped. */
export const ZDO_REQUEST_ID_BASE = 0x100;

const n = (value: unknown) => value as number;
const bytes = (value: unknown) => value as Uint8Array;

const ZDO_ENDPOINT = 0;
/** Request ids of ZDO frames sent through AF: above every MT ZDO id, so their confirms are dropped too. */
const AF_ZDO_ID_BASE = ZDO_REQUEST_ID_BASE + 0x100;

/** Profile and request id of an AF frame: the source endpoint's profile, or ZDO between endpoints 0. */
function framing(ctx: FirmwareContext, req: Fields): { profileId: number; requestId: number } {
  const srcEndpoint = n(req.srcendpoint);
  if (srcEndpoint === ZDO_ENDPOINT && n(req.destendpoint) === ZDO_ENDPOINT) return { profileId: 0, requestId: AF_ZDO_ID_BASE + n(req.transid) };
  const d = ctx.ram.endpoints.get(srcEndpoint);
  return { profileId: d ? d[1] | (d[2] << 8) : HA_PROFILE, requestId: n(req.transid) };
}

const up = (ctx: FirmwareContext) => ctx.ram.deviceState === DeviceState.Coordinator;

export const afHandlers = {
  dataRequest: (ctx: FirmwareContext, req: Fields) => {
    if (!up(ctx)) return { status: AfStatus.InvalidRequest };
    ctx.route({
      ...framing(ctx, req),
      dst: { mode: 'nwk', nwk: n(req.dstaddr), endpoint: n(req.destendpoint) },
      clusterId: n(req.clusterid),
      srcEndpoint: n(req.srcendpoint),
      asdu: bytes(req.data),
      txOptions: n(req.options),
      radius: n(req.radius),
    });
    return { status: AfStatus.Success };
  },
  dataRequestExt: (ctx: FirmwareContext, req: Fields) => {
    const mode = n(req.dstaddrmode);
    const ieee = req.dstaddr as string;
    const short = Number.parseInt(ieee.slice(12), 16);
    if (ctx.ram.interPanChannel !== undefined && n(req.dstpanid) === 0xffff) {
      ctx.interPan({
        channel: ctx.ram.interPanChannel,
        to: mode === AddrMode.Ieee ? { ieee } : 'broadcast',
        clusterId: n(req.clusterid),
        asdu: bytes(req.data),
      });
      return { status: AfStatus.Success };
    }
    if (!up(ctx)) return { status: AfStatus.InvalidRequest };
    const endpoint = n(req.destendpoint);
    const dst: ApsAddress =
      mode === AddrMode.Group
        ? { mode: 'group', group: short }
        : mode === AddrMode.Ieee
          ? { mode: 'ieee', ieee, endpoint }
          : { mode: 'nwk', nwk: short, endpoint };
    ctx.route({
      ...framing(ctx, req),
      dst,
      clusterId: n(req.clusterid),
      srcEndpoint: n(req.srcendpoint),
      asdu: bytes(req.data),
      txOptions: n(req.options),
      radius: n(req.radius),
    });
    return { status: AfStatus.Success };
  },
  interPanCtl: (ctx: FirmwareContext, req: Fields) => {
    const cmd = n(req.cmd);
    if (cmd === InterPanCmd.Set) ctx.ram.interPanChannel = bytes(req.data)[0];
    if (cmd === InterPanCmd.Clear) ctx.ram.interPanChannel = undefined;
    ctx.log('inter-pan', { cmd, channel: ctx.ram.interPanChannel });
    return { status: AfStatus.Success };
  },
};

let zdoTsn = 0;

/**
 * An MT ZDO request: status in the SRSP, the answer later as a ZDO callback from the network. A
 * broadcast permit join also reaches the coordinator itself, which answers it like a unicast one.
 */
export function handleZdoRequest(ctx: FirmwareContext, id: number, data: Uint8Array): Fields {
  const request = decodeZdoRequest(id, data);
  if (!request || !up(ctx)) return { status: AfStatus.InvalidRequest };
  zdoTsn = (zdoTsn + 1) & 0xff;
  const asdu = new Uint8Array(request.body.length + 1);
  asdu[0] = zdoTsn;
  asdu.set(request.body, 1);
  if (request.clusterId === ZdoClusters.NwkUpdateReq && request.body[4] === 0xfe) {
    const mask = (request.body[0] | (request.body[1] << 8) | (request.body[2] << 16) | (request.body[3] << 24)) >>> 0;
    changeChannel(ctx, mask, request.body[5] ?? 0);
  }
  let dst: ApsAddress;
  if (request.dstIeee !== undefined) dst = { mode: 'ieee', ieee: request.dstIeee, endpoint: 0 };
  else dst = { mode: 'nwk', nwk: request.broadcast && request.dst! < 0xfff8 ? 0xfffc : request.dst!, endpoint: 0 };
  const route = (to: ApsAddress) =>
    ctx.route({ requestId: ZDO_REQUEST_ID_BASE + zdoTsn, dst: to, profileId: 0, clusterId: request.clusterId, srcEndpoint: 0, asdu, txOptions: 0, radius: 30 });
  route(dst);
  if (request.clusterId === ZdoClusters.PermitJoinReq && request.broadcast) route({ mode: 'nwk', nwk: 0, endpoint: 0 });
  return { status: 0 };
}

/** The channel and PAN id the coordinator's network is on (channel 0 before formation). */
export function networkFacts(ctx: Pick<FirmwareContext, 'nv'>): { channel: number; panId: number; extendedPanId: Uint8Array } {
  const nib = ctx.nv.get(NvItem.Nib);
  if (!nib) return { channel: 0, panId: 0xffff, extendedPanId: new Uint8Array(8) };
  const facts = readNib(nib);
  return { channel: facts.channel, panId: facts.panId, extendedPanId: facts.extendedPanId };
}
