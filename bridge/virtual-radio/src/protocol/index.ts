/** Pure deCONZ serial protocol layer: SLIP, frames, command and APS payload codecs. No I/O. */
export * from './constants';
export { slipEncode, SlipDecoder } from './slip';
export { checksum, encodeFrame, decodeFrame } from './frame';
export type { Frame, FrameDecodeResult } from './frame';
export { decodeHostCommand, responses } from './commands';
export type { HostCommand } from './commands';
export { decodeApsRequest, encodeApsRequest, encodeApsConfirm, encodeApsIndication } from './aps';
export type { ApsAddress, ApsRequest, ApsConfirm, ApsIndication } from './aps';
export { ByteReader, ByteWriter, ieeeToBytes, bytesToIeee, toHex, fromHex } from './bytes';
