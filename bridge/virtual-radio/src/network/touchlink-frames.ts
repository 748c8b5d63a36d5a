/**
 * Touchlink (ZLL commissioning, cluster 0x1000) frames a light exchanges inter-PAN: the requests it
 * parses and the scan response it sends. Pure.
 */
import { ByteReader, ByteWriter } from '../protocol/bytes';

export const TOUCHLINK_CLUSTER = 0x1000;
export const TouchlinkCommand = { ScanRequest: 0x00, ScanResponse: 0x01, IdentifyRequest: 0x06, ResetToFactoryNew: 0x07 } as const;

export interface TouchlinkRequest {
  command: number;
  tsn: number;
  transactionId: number;
  /** Identify duration in seconds (0xFFFF = the device's default), for identify requests. */
  duration?: number;
}

/** Parses a client→server touchlink frame; undefined when it is not one. */
export function parseTouchlinkRequest(asdu: Uint8Array): TouchlinkRequest | undefined {
  try {
    const r = new ByteReader(asdu);
    const control = r.u8();
    if ((control & 0x03) !== 0x01 || (control & 0x08) !== 0) return undefined;
    if (control & 0x04) r.u16();
    const tsn = r.u8();
    const command = r.u8();
    const transactionId = (r.u16() | (r.u16() << 16)) >>> 0;
    const duration = command === TouchlinkCommand.IdentifyRequest && r.remaining >= 2 ? r.u16() : undefined;
    return { command, tsn, transactionId, duration };
  } catch {
    return undefined;
  }
}

export interface ScanResponseFacts {
  tsn: number;
  transactionId: number;
  responseId: number;
  router: boolean;
  factoryNew: boolean;
  extendedPanId: string;
  networkUpdateId: number;
  channel: number;
  panId: number;
  nwk: number;
  endpoint: { id: number; profileId: number; deviceId: number; version: number };
}

/** `19 tsn 01` (server→client, no default response) + the scan response payload for one sub-device. */
export function scanResponse(f: ScanResponseFacts): Uint8Array {
  const w = new ByteWriter().u8(0x19).u8(f.tsn).u8(TouchlinkCommand.ScanResponse);
  w.u16(f.transactionId & 0xffff).u16(f.transactionId >>> 16);
  w.u8(0); // RSSI correction
  w.u8(f.router ? 0x05 : 0x06); // logical type + rx on when idle
  w.u8((f.factoryNew ? 0x01 : 0x00) | 0x02); // factory new, address assignment capable
  w.u16(0x0010); // key bitmask: certification key
  w.u16(f.responseId & 0xffff).u16(f.responseId >>> 16);
  w.ieee(f.extendedPanId).u8(f.networkUpdateId).u8(f.channel).u16(f.panId).u16(f.nwk);
  w.u8(1).u8(0); // one sub-device, no group ids
  w.u8(f.endpoint.id).u16(f.endpoint.profileId).u16(f.endpoint.deviceId).u8(f.endpoint.version).u8(0);
  return w.done();
}

/** Received signal strength at `distanceM` metres (about -40 dBm at 1 m, free-space fall-off). */
export function rssiAt(distanceM: number): number {
  return Math.round(-40 - 20 * Math.log10(Math.max(distanceM, 0.05)));
}

export function lqiFromRssi(rssi: number): number {
  return Math.max(0, Math.min(255, Math.round(((rssi + 100) * 255) / 70)));
}
