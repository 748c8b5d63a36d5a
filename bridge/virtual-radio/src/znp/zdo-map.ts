/**
 * MT ZDO requests and callbacks ↔ standard ZDO frames. herdsman sends each ZDO request as its own MT
 * SREQ: the standard request without the transaction number, mostly prefixed with the destination
 * address; the answer goes back as a ZDO AREQ: `srcaddr` + the standard response without its
 * transaction number (NWK/IEEE address responses carry no srcaddr and TI's field order instead).
 */
import { ByteReader } from '../protocol/bytes';

/** MT ZDO request command id → ZDO cluster id (ids equal the cluster except these two). */
const REQUEST_CLUSTERS: ReadonlyMap<number, number> = new Map([
  [0x00, 0x0000],
  [0x01, 0x0001],
  [0x02, 0x0002],
  [0x03, 0x0003],
  [0x04, 0x0004],
  [0x05, 0x0005],
  [0x06, 0x0006],
  [0x0c, 0x0015],
  [0x21, 0x0021],
  [0x22, 0x0022],
  [0x31, 0x0031],
  [0x32, 0x0032],
  [0x33, 0x0033],
  [0x34, 0x0034],
  [0x36, 0x0036],
  [0x37, 0x0038],
]);

export const ZdoClusters = {
  NwkAddrReq: 0x0000,
  IeeeAddrReq: 0x0001,
  BindReq: 0x0021,
  UnbindReq: 0x0022,
  PermitJoinReq: 0x0036,
  NwkUpdateReq: 0x0038,
  DeviceAnnce: 0x0013,
} as const;

export interface ZdoRequest {
  clusterId: number;
  /** Destination NWK address; undefined for NWK_addr_req, which names its target by IEEE. */
  dst?: number;
  /** Set for NWK_addr_req. */
  dstIeee?: string;
  /** Permit join and channel changes may be broadcast. */
  broadcast: boolean;
  /** The standard request payload without the transaction number. */
  body: Uint8Array;
}

export const isZdoRequestCommand = (id: number): boolean => REQUEST_CLUSTERS.has(id);

/** Decodes an MT ZDO request (subsystem 5) into its standard ZDO form; undefined if not a ZDO request. */
export function decodeZdoRequest(id: number, data: Uint8Array): ZdoRequest | undefined {
  const clusterId = REQUEST_CLUSTERS.get(id);
  if (clusterId === undefined) return undefined;
  const r = new ByteReader(data);
  switch (clusterId) {
    case ZdoClusters.NwkAddrReq:
      return { clusterId, dstIeee: new ByteReader(data).ieee(), broadcast: false, body: data };
    case ZdoClusters.IeeeAddrReq:
      return { clusterId, dst: r.u16(), broadcast: false, body: data };
    case ZdoClusters.PermitJoinReq: {
      const mode = r.u8();
      const dst = r.u16();
      return { clusterId, dst, broadcast: mode === 0x0f || dst >= 0xfff8, body: r.rest() };
    }
    case ZdoClusters.NwkUpdateReq: {
      const dst = r.u16();
      const mode = r.u8();
      return { clusterId, dst, broadcast: mode === 0x0f || dst >= 0xfff8, body: r.rest() };
    }
    case ZdoClusters.BindReq:
    case ZdoClusters.UnbindReq: {
      const dst = r.u16();
      return { clusterId, dst, broadcast: false, body: trimBind(r.rest()) };
    }
    default: {
      const dst = r.u16();
      return { clusterId, dst, broadcast: false, body: r.rest() };
    }
  }
}

/** herdsman pads (un)bind requests to 21 bytes; a group binding ends after the group id. */
function trimBind(body: Uint8Array): Uint8Array {
  const GROUP_MODE = 0x01;
  return body[11] === GROUP_MODE ? body.subarray(0, 14) : body.subarray(0, 21);
}

/** MT ZDO callback command id of a ZDO response cluster, or undefined for clusters MT does not report. */
export function callbackCommand(clusterId: number): number | undefined {
  if (clusterId === 0x0013) return 0xc1;
  if (clusterId === 0x8015) return 0x8a;
  if ((clusterId & 0x8000) === 0 || !REQUEST_CLUSTERS_BY_CLUSTER.has(clusterId & 0x7fff)) return undefined;
  return 0x80 + (clusterId & 0x7f);
}
const REQUEST_CLUSTERS_BY_CLUSTER = new Set(REQUEST_CLUSTERS.values());

/**
 * The MT callback payload for a standard ZDO frame (`asdu` starts with its transaction number) from
 * `srcNwk`. Address responses: no srcaddr, and TI puts startIndex before numAssocDev.
 */
export function zdoCallbackData(srcNwk: number, clusterId: number, asdu: Uint8Array): Uint8Array {
  const body = asdu.subarray(1);
  if (clusterId === 0x8000 || clusterId === 0x8001) {
    const out = new Uint8Array(Math.max(body.length, 13));
    out.set(body);
    const numAssoc = out[11];
    out[11] = out[12];
    out[12] = numAssoc;
    return out;
  }
  const out = new Uint8Array(body.length + 2);
  out[0] = srcNwk & 0xff;
  out[1] = srcNwk >> 8;
  out.set(body, 2);
  return out;
}
