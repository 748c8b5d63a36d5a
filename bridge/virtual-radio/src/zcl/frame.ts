/** ZCL frame header (ZCL spec 2.4.1): frame control, optional manufacturer code, TSN, command id. */
import { Reader, Writer } from './buffer';

export interface ZclHeader {
  /** false = global ("profile-wide") command, true = cluster-specific. */
  clusterSpecific: boolean;
  /** Present when the manufacturer-specific bit is set. */
  manufacturerCode?: number;
  /** toServer = client → server (commands), toClient = server → client (responses, reports). */
  direction: 'toServer' | 'toClient';
  disableDefaultResponse: boolean;
  tsn: number;
  commandId: number;
}

export interface ZclFrame {
  header: ZclHeader;
  payload: Uint8Array;
}

const CLUSTER_SPECIFIC = 0x01;
const MANUFACTURER_SPECIFIC = 0x04;
const TO_CLIENT = 0x08;
const DISABLE_DEFAULT_RESPONSE = 0x10;

export function frameControl(h: Omit<ZclHeader, 'tsn' | 'commandId'>): number {
  return (
    (h.clusterSpecific ? CLUSTER_SPECIFIC : 0) |
    (h.manufacturerCode !== undefined ? MANUFACTURER_SPECIFIC : 0) |
    (h.direction === 'toClient' ? TO_CLIENT : 0) |
    (h.disableDefaultResponse ? DISABLE_DEFAULT_RESPONSE : 0)
  );
}

export function decodeFrame(bytes: Uint8Array): ZclFrame {
  const r = new Reader(bytes);
  const fc = r.u8();
  const manufacturerCode = fc & MANUFACTURER_SPECIFIC ? r.u16() : undefined;
  const header: ZclHeader = {
    clusterSpecific: (fc & 0x03) === CLUSTER_SPECIFIC,
    direction: fc & TO_CLIENT ? 'toClient' : 'toServer',
    disableDefaultResponse: (fc & DISABLE_DEFAULT_RESPONSE) !== 0,
    tsn: r.u8(),
    commandId: r.u8(),
  };
  if (manufacturerCode !== undefined) header.manufacturerCode = manufacturerCode;
  return { header, payload: r.rest() };
}

export function encodeFrame(header: ZclHeader, payload: Uint8Array): Uint8Array {
  const w = new Writer().u8(frameControl(header));
  if (header.manufacturerCode !== undefined) w.u16(header.manufacturerCode);
  return w.u8(header.tsn).u8(header.commandId).bytes(payload).finish();
}
