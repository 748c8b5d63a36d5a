import { describe, expect, it } from 'vitest';
import { lqiFromRssi, parseTouchlinkRequest, rssiAt, scanResponse } from '../../src/network/touchlink-frames';

const hex = (s: string) => Uint8Array.from(s.split(' ').map((b) => Number.parseInt(b, 16)));
const bytes = (u: Uint8Array) => Array.from(u, (b) => b.toString(16).padStart(2, '0')).join(' ');

describe('touchlink frames', () => {
  it("should parse herdsman's scan, identify and reset requests", () => {
    expect(parseTouchlinkRequest(hex('11 00 00 78 56 34 12 04 12'))).toEqual({ command: 0, tsn: 0, transactionId: 0x12345678, duration: undefined });
    expect(parseTouchlinkRequest(hex('11 00 06 78 56 34 12 ff ff'))).toEqual({ command: 6, tsn: 0, transactionId: 0x12345678, duration: 0xffff });
    expect(parseTouchlinkRequest(hex('11 00 07 78 56 34 12'))).toMatchObject({ command: 7, transactionId: 0x12345678 });
    // A server→client frame (a response) or a truncated one is not a request.
    expect(parseTouchlinkRequest(hex('19 00 01 78 56 34 12'))).toBeUndefined();
    expect(parseTouchlinkRequest(hex('11 00 00 78'))).toBeUndefined();
  });

  it('should lay out a scan response for a factory-new light byte for byte', () => {
    const frame = scanResponse({
      tsn: 0,
      transactionId: 0x12345678,
      responseId: 0xa1c00e00,
      router: true,
      factoryNew: true,
      extendedPanId: '0000000000000000',
      networkUpdateId: 0,
      channel: 25,
      panId: 0xffff,
      nwk: 0xffff,
      endpoint: { id: 11, profileId: 0x0104, deviceId: 0x0101, version: 1 },
    });
    expect(bytes(frame)).toBe('19 00 01 78 56 34 12 00 05 03 10 00 00 0e c0 a1 00 00 00 00 00 00 00 00 00 19 ff ff ff ff 01 00 0b 04 01 01 01 01 00');
  });

  it('should fall in signal with distance', () => {
    expect(rssiAt(1)).toBe(-40);
    expect(rssiAt(0.3)).toBeGreaterThan(rssiAt(1));
    expect(rssiAt(6)).toBeLessThan(rssiAt(1));
    expect(lqiFromRssi(-30)).toBe(255);
    expect(lqiFromRssi(-100)).toBe(0);
  });
});
