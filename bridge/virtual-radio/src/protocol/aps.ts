/**
 * APS-DATA request / confirm / indication payload layouts (the bytes after the 5-byte header).
 */
import { ByteReader, ByteWriter } from './bytes';
import { AddressMode } from './constants';

export type ApsAddress = { mode: 'group'; group: number } | { mode: 'nwk'; nwk: number; endpoint: number } | { mode: 'ieee'; ieee: string; endpoint: number };

export interface ApsRequest {
  requestId: number;
  dst: ApsAddress;
  profileId: number;
  clusterId: number;
  srcEndpoint: number;
  asdu: Uint8Array;
  txOptions: number;
  radius: number;
}

/**
 * Decodes `payloadLen u16, requestId, flags, dstAddrMode, dst…, profile u16, cluster u16, srcEp,
 * asduLen u16, asdu…, txOptions, radius`. herdsman sends NWK_addr_req with mode 2 but an 8-byte IEEE
 * + endpoint destination and a payloadLen that misses the 6 extra bytes, so the destination size in
 * NWK mode comes from the real payload size.
 */
export function decodeApsRequest(payload: Uint8Array): ApsRequest {
  const r = new ByteReader(payload);
  const declared = r.u16();
  const requestId = r.u8();
  r.u8(); // flags
  const mode = r.u8();
  const dst = readRequestDestination(r, mode, payload.length - 2 - declared);
  const profileId = r.u16();
  const clusterId = r.u16();
  const srcEndpoint = r.u8();
  const asdu = r.take(r.u16());
  const txOptions = r.u8();
  const radius = r.u8();
  return { requestId, dst, profileId, clusterId, srcEndpoint, asdu, txOptions, radius };
}

function readRequestDestination(r: ByteReader, mode: number, undeclared: number): ApsAddress {
  if (mode === AddressMode.Group) return { mode: 'group', group: r.u16() };
  if (mode === AddressMode.Ieee || (mode === AddressMode.Nwk && undeclared === 6)) {
    return { mode: 'ieee', ieee: r.ieee(), endpoint: r.u8() };
  }
  if (mode === AddressMode.Nwk) return { mode: 'nwk', nwk: r.u16(), endpoint: r.u8() };
  throw new RangeError(`unsupported destination address mode ${mode}`);
}

/** Encodes an APS request the way herdsman does (for tests and tools; the radio only decodes). */
export function encodeApsRequest(req: ApsRequest): Uint8Array {
  const body = new ByteWriter().u8(req.requestId).u8(0);
  writeAddress(body, req.dst, true);
  body.u16(req.profileId).u16(req.clusterId).u8(req.srcEndpoint).u16(req.asdu.length).bytes(req.asdu);
  body.u8(req.txOptions).u8(req.radius);
  const bytes = body.done();
  return new ByteWriter().u16(bytes.length).bytes(bytes).done();
}

function writeAddress(w: ByteWriter, dst: ApsAddress, withEndpoint: boolean): void {
  if (dst.mode === 'group') w.u8(AddressMode.Group).u16(dst.group);
  else if (dst.mode === 'nwk') w.u8(AddressMode.Nwk).u16(dst.nwk);
  else w.u8(AddressMode.Ieee).ieee(dst.ieee);
  if (withEndpoint && dst.mode !== 'group') w.u8(dst.endpoint);
}

export interface ApsConfirm {
  deviceState: number;
  requestId: number;
  dst: ApsAddress;
  srcEndpoint: number;
  status: number;
}

/** `payloadLen, deviceState, requestId, dstAddrMode, dst [+ep], srcEp, status, 4 reserved`. */
export function encodeApsConfirm(c: ApsConfirm): Uint8Array {
  const body = new ByteWriter().u8(c.deviceState).u8(c.requestId);
  writeAddress(body, c.dst, true);
  body.u8(c.srcEndpoint).u8(c.status).bytes([0, 0, 0, 0]);
  const bytes = body.done();
  return new ByteWriter().u16(bytes.length).bytes(bytes).done();
}

export interface ApsIndication {
  deviceState: number;
  /** Where the frame was sent: the coordinator (nwk 0), a group or a broadcast address. */
  dst: { mode: 'group'; group: number } | { mode: 'nwk'; nwk: number };
  dstEndpoint: number;
  srcNwk: number;
  /** When set, srcAddrMode 4 (NWK + IEEE) is used. */
  srcIeee?: string;
  srcEndpoint: number;
  profileId: number;
  clusterId: number;
  asdu: Uint8Array;
  lqi: number;
  rssi: number;
}

/**
 * `payloadLen, deviceState, dstMode, dst u16, dstEp, srcMode, srcNwk [, srcIeee], srcEp, profile,
 * cluster, asduLen, asdu, last hop u16 (reserved before protocol 1.8), lqi, rx time u32, rssi`, as the
 * firmware sends it (herdsman's parser skips the rx time and reads its first byte as the RSSI).
 */
export function encodeApsIndication(ind: ApsIndication): Uint8Array {
  const body = new ByteWriter().u8(ind.deviceState);
  if (ind.dst.mode === 'group') body.u8(AddressMode.Group).u16(ind.dst.group);
  else body.u8(AddressMode.Nwk).u16(ind.dst.nwk);
  body.u8(ind.dstEndpoint);
  body.u8(ind.srcIeee ? AddressMode.NwkAndIeee : AddressMode.Nwk).u16(ind.srcNwk);
  if (ind.srcIeee) body.ieee(ind.srcIeee);
  body.u8(ind.srcEndpoint).u16(ind.profileId).u16(ind.clusterId).u16(ind.asdu.length).bytes(ind.asdu);
  body.u16(ind.srcNwk).u8(ind.lqi).bytes([0, 0, 0, 0]).i8(ind.rssi);
  const bytes = body.done();
  return new ByteWriter().u16(bytes.length).bytes(bytes).done();
}
