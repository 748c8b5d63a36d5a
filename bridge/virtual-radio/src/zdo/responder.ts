/**
 * The ZDO requests a device answers itself (spec §6): Node_Desc, Active_EP, Simple_Desc, Bind and
 * Unbind. Network-level requests (leave, LQI, addresses, permit join) are the radio core's; anything
 * else unicast to the device gets NOT_SUPPORTED. Pure: returns the response asdu, never sends.
 */
import { Reader, Writer, readIeee } from '../zcl/buffer';

export const ZdoCluster = {
  nodeDescReq: 0x0002,
  simpleDescReq: 0x0004,
  activeEpReq: 0x0005,
  bindReq: 0x0021,
  unbindReq: 0x0022,
} as const;

export const ZdoStatus = { success: 0x00, invalidEp: 0x82, notActive: 0x83, notSupported: 0x84, noEntry: 0x88 } as const;

export interface ZdoEndpoint {
  id: number;
  profileId: number;
  deviceId: number;
  version: number;
  inClusters: number[];
  outClusters: number[];
}

export interface ZdoDevice {
  nwk: number;
  logicalType: 'router' | 'end-device';
  macCapabilities: number;
  manufacturerCode: number;
  endpoints: ZdoEndpoint[];
}

export type BindRequest = {
  srcIeee: string;
  srcEndpoint: number;
  cluster: number;
  to: { kind: 'group'; group: number } | { kind: 'ieee'; ieee: string; endpoint: number };
};

export interface ZdoBindings {
  bind(req: BindRequest): number;
  unbind(req: BindRequest): number;
}

export interface ZdoResponse {
  clusterId: number;
  asdu: Uint8Array;
}

/** Stack compliance revision 22 in bits 9–15 of the server mask (herdsman logs older revisions). */
const SERVER_MASK = 22 << 9;
const MAX_BUFFER = 0x52;
const MAX_TRANSFER = 0x52;

export function nodeDescriptor(dev: ZdoDevice): Uint8Array {
  return new Writer()
    .u8(dev.logicalType === 'router' ? 1 : 2)
    .u8(0x40) // APS flags 0, 2.4 GHz band
    .u8(dev.macCapabilities)
    .u16(dev.manufacturerCode)
    .u8(MAX_BUFFER)
    .u16(MAX_TRANSFER)
    .u16(SERVER_MASK)
    .u16(MAX_TRANSFER)
    .u8(0)
    .finish();
}

export function simpleDescriptor(ep: ZdoEndpoint): Uint8Array {
  const w = new Writer().u8(ep.id).u16(ep.profileId).u16(ep.deviceId).u8(ep.version).u8(ep.inClusters.length);
  for (const c of ep.inClusters) w.u16(c);
  w.u8(ep.outClusters.length);
  for (const c of ep.outClusters) w.u16(c);
  return w.finish();
}

function decodeBind(r: Reader): BindRequest | undefined {
  const srcIeee = readIeee(r);
  const srcEndpoint = r.u8();
  const cluster = r.u16();
  const mode = r.u8();
  if (mode === 0x01) return { srcIeee, srcEndpoint, cluster, to: { kind: 'group', group: r.u16() } };
  if (mode === 0x03) return { srcIeee, srcEndpoint, cluster, to: { kind: 'ieee', ieee: readIeee(r), endpoint: r.u8() } };
  return undefined;
}

export function respondZdo(dev: ZdoDevice, bindings: ZdoBindings, clusterId: number, asdu: Uint8Array): ZdoResponse | undefined {
  if (clusterId >= 0x8000 || asdu.length === 0) return undefined; // responses and announcements need no answer
  const r = new Reader(asdu);
  const tsn = r.u8();
  const out = new Writer().u8(tsn);
  const reply = (w: Writer) => ({ clusterId: clusterId | 0x8000, asdu: w.finish() });
  try {
    switch (clusterId) {
      case ZdoCluster.nodeDescReq:
        return reply(out.u8(ZdoStatus.success).u16(dev.nwk).bytes(nodeDescriptor(dev)));
      case ZdoCluster.activeEpReq:
        out.u8(ZdoStatus.success).u16(dev.nwk).u8(dev.endpoints.length);
        for (const ep of dev.endpoints) out.u8(ep.id);
        return reply(out);
      case ZdoCluster.simpleDescReq: {
        r.u16();
        const wanted = r.u8();
        const ep = dev.endpoints.find((e) => e.id === wanted);
        if (!ep) return reply(out.u8(ZdoStatus.invalidEp).u16(dev.nwk).u8(0));
        const desc = simpleDescriptor(ep);
        return reply(out.u8(ZdoStatus.success).u16(dev.nwk).u8(desc.length).bytes(desc));
      }
      case ZdoCluster.bindReq:
      case ZdoCluster.unbindReq: {
        const req = decodeBind(r);
        if (!req) return reply(out.u8(ZdoStatus.notSupported));
        if (!dev.endpoints.some((e) => e.id === req.srcEndpoint)) return reply(out.u8(ZdoStatus.invalidEp));
        return reply(out.u8(clusterId === ZdoCluster.bindReq ? bindings.bind(req) : bindings.unbind(req)));
      }
      default:
        return reply(out.u8(ZdoStatus.notSupported));
    }
  } catch {
    // A truncated request: real stacks answer with a failure rather than go silent.
    return reply(new Writer().u8(tsn).u8(ZdoStatus.notSupported));
  }
}
