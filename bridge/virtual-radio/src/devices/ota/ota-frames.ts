/**
 * OTA fields whose presence depends on a field-control bit or a status (ZCL 11.13.4-11.13.6): the
 * image block request's optional tail and the image block response's status-dependent body.
 */
import { Reader, Writer, ZclDecodeError, writeIeee } from '../../zcl/index';

export const OtaStatus = {
  success: 0x00,
  notAuthorized: 0x7e,
  abort: 0x95,
  invalidImage: 0x96,
  waitForData: 0x97,
  noImageAvailable: 0x98,
  requireMoreImage: 0x99,
} as const;

/** imageUpgradeStatus (attribute 0x0006). */
export const UpgradeStatus = { normal: 0, downloading: 1, complete: 2, waitingToUpgrade: 3 } as const;

export interface BlockRequestTail {
  /** Field control bit 0: the requesting node's IEEE address follows. */
  requestNodeIeee?: string;
  /** Field control bit 1: the client's current minimum block period (ms) follows. */
  minimumBlockPeriod?: number;
}

export function blockRequestFieldControl(tail: BlockRequestTail): number {
  return (tail.requestNodeIeee !== undefined ? 0x01 : 0) | (tail.minimumBlockPeriod !== undefined ? 0x02 : 0);
}

export function encodeBlockRequestTail(tail: BlockRequestTail): number[] {
  const w = new Writer();
  if (tail.requestNodeIeee !== undefined) writeIeee(w, tail.requestNodeIeee);
  if (tail.minimumBlockPeriod !== undefined) w.u16(tail.minimumBlockPeriod);
  return Array.from(w.finish());
}

export type BlockResponse =
  | { status: 0x00; manufacturerCode: number; imageType: number; fileVersion: number; fileOffset: number; data: Uint8Array }
  | { status: 0x97; currentTime: number; requestTime: number; minimumBlockPeriod?: number }
  | { status: number };

/** The bytes after the status; throws ZclDecodeError when a SUCCESS or WAIT_FOR_DATA body is cut short. */
export function decodeBlockResponse(status: number, tail: ArrayLike<number>): BlockResponse {
  const r = new Reader(Uint8Array.from(tail));
  if (status === OtaStatus.success) {
    const manufacturerCode = r.u16();
    const imageType = r.u16();
    const fileVersion = r.uint(4);
    const fileOffset = r.uint(4);
    const size = r.u8();
    if (r.remaining < size) throw new ZclDecodeError(`image block of ${size} bytes carries ${r.remaining}`);
    return { status, manufacturerCode, imageType, fileVersion, fileOffset, data: r.take(size) };
  }
  if (status === OtaStatus.waitForData) {
    const currentTime = r.uint(4);
    const requestTime = r.uint(4);
    // Servers older than ZCL 6 leave the minimum block period out.
    return r.remaining >= 2 ? { status, currentTime, requestTime, minimumBlockPeriod: r.u16() } : { status, currentTime, requestTime };
  }
  return { status };
}
