import { describe, expect, it } from 'vitest';
import { SlipDecoder, checksum, decodeFrame, encodeFrame, slipEncode } from '../../src/protocol/index';

// Expected bytes are written out by hand from the spec (§4.1), not produced by our encoder.
describe('slip framing', () => {
  it('should escape END and ESC inside the data and wrap the frame in END bytes', () => {
    expect(Array.from(slipEncode(Uint8Array.of(0x01, 0xc0, 0x02, 0xdb, 0x03)))).toEqual([0xc0, 0x01, 0xdb, 0xdc, 0x02, 0xdb, 0xdd, 0x03, 0xc0]);
  });

  it('should decode frames split across chunks, with or without a leading END', () => {
    const decoder = new SlipDecoder();
    expect(decoder.push(Uint8Array.of(0x07, 0x01, 0xdb))).toEqual([]);
    expect(decoder.push(Uint8Array.of(0xdc, 0xc0, 0xc0, 0xc0, 0x0d, 0xdb, 0xdd, 0xc0))).toEqual([Uint8Array.of(0x07, 0x01, 0xc0), Uint8Array.of(0x0d, 0xdb)]);
  });

  it('should skip empty frames', () => {
    const decoder = new SlipDecoder();
    expect(decoder.push(Uint8Array.of(0xc0, 0xc0, 0xc0, 0x01, 0xc0))).toEqual([Uint8Array.of(0x01)]);
  });
});

describe('frame codec', () => {
  it('should compute the checksum as the two complement of the 16-bit sum', () => {
    // 07 + 01 + 08 = 0x10 → 0x10000 - 0x10 = 0xFFF0.
    expect(checksum(Uint8Array.of(0x07, 0x01, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00))).toBe(0xfff0);
  });

  it('should encode a DEVICE_STATE response byte for byte', () => {
    const bytes = encodeFrame({ command: 0x07, seq: 0x01, status: 0, payload: Uint8Array.of(0x22, 0, 0) });
    // sum = 07 + 01 + 08 + 22 = 0x32 → 0xFFCE, stored little endian.
    expect(Array.from(bytes)).toEqual([0x07, 0x01, 0x00, 0x08, 0x00, 0x22, 0x00, 0x00, 0xce, 0xff]);
  });

  it('should decode the DEVICE_STATE request herdsman sends', () => {
    const result = decodeFrame(Uint8Array.of(0x07, 0x05, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0xec, 0xff));
    expect(result).toEqual({
      ok: true,
      declaredLength: 8,
      frame: { command: 0x07, seq: 0x05, status: 0, payload: Uint8Array.of(0, 0, 0) },
    });
  });

  it('should reject a frame with a wrong checksum', () => {
    const result = decodeFrame(Uint8Array.of(0x07, 0x05, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0xed, 0xff));
    expect(result).toEqual({ ok: false, error: 'checksum mismatch' });
  });

  it('should reject a frame shorter than header and checksum', () => {
    expect(decodeFrame(Uint8Array.of(0x07, 0x05, 0x00)).ok).toBe(false);
  });
});
