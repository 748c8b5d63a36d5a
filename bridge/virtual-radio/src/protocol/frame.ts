/**
 * Frame = header (command u8, seq u8, status u8, frameLength u16 LE) + payload + checksum u16 LE.
 * The checksum is the two's complement of the 16-bit sum of every byte before it.
 */
export interface Frame {
  command: number;
  seq: number;
  status: number;
  payload: Uint8Array;
}

export type FrameDecodeResult = { ok: true; frame: Frame; declaredLength: number } | { ok: false; error: string };

export function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (const byte of bytes) sum += byte;
  return -sum & 0xffff;
}

export function encodeFrame(frame: Frame): Uint8Array {
  const length = 5 + frame.payload.length;
  const out = new Uint8Array(length + 2);
  out[0] = frame.command;
  out[1] = frame.seq;
  out[2] = frame.status;
  out[3] = length & 0xff;
  out[4] = length >> 8;
  out.set(frame.payload, 5);
  const crc = checksum(out.subarray(0, length));
  out[length] = crc & 0xff;
  out[length + 1] = crc >> 8;
  return out;
}

/**
 * Decodes a SLIP-decoded frame. The payload is taken from the real length, not the declared
 * frameLength, because herdsman under-declares the length of NWK_addr_req APS requests.
 */
export function decodeFrame(bytes: Uint8Array): FrameDecodeResult {
  if (bytes.length < 7) return { ok: false, error: `frame too short (${bytes.length} bytes)` };
  const body = bytes.subarray(0, bytes.length - 2);
  const stored = bytes[bytes.length - 2] | (bytes[bytes.length - 1] << 8);
  if (checksum(body) !== stored) return { ok: false, error: 'checksum mismatch' };
  return {
    ok: true,
    declaredLength: bytes[3] | (bytes[4] << 8),
    frame: { command: bytes[0], seq: bytes[1], status: bytes[2], payload: body.slice(5) },
  };
}
