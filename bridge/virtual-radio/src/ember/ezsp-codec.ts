/** Little-endian writer and reader helpers for EZSP parameters (u32 statuses, 16-byte keys, APS frames). */
import { ByteReader, ByteWriter } from '../protocol/bytes';

export { ByteReader, ByteWriter };

export const u32 = (w: ByteWriter, value: number): ByteWriter => w.u16(value & 0xffff).u16(value >>> 16);
export const readU32 = (r: ByteReader): number => (r.u16() | (r.u16() << 16)) >>> 0;

export const keyToHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
export const hexToKey = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));

/** A status-only answer. */
export const statusOnly = (status: number): Uint8Array => u32(new ByteWriter(), status).done();

/** EmberApsFrame: profile, cluster, source and destination endpoints, options, group, sequence. */
export interface ApsFrame {
  profileId: number;
  clusterId: number;
  sourceEndpoint: number;
  destinationEndpoint: number;
  options: number;
  groupId: number;
  sequence: number;
}

export function readApsFrame(r: ByteReader): ApsFrame {
  return { profileId: r.u16(), clusterId: r.u16(), sourceEndpoint: r.u8(), destinationEndpoint: r.u8(), options: r.u16(), groupId: r.u16(), sequence: r.u8() };
}

export function writeApsFrame(w: ByteWriter, f: ApsFrame): ByteWriter {
  return w.u16(f.profileId).u16(f.clusterId).u8(f.sourceEndpoint).u8(f.destinationEndpoint).u16(f.options).u16(f.groupId).u8(f.sequence);
}

/** The length-prefixed message payload. */
export function readPayload(r: ByteReader): Uint8Array {
  return r.take(r.u8());
}
