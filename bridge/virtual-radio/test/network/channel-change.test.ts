import { describe, expect, it } from 'vitest';
import { requestedChannel } from '../../src/network/channel-change';

describe('channel change request', () => {
  it('should read the channel of a Mgmt_NWK_Update_req with scan duration 0xFE', () => {
    // As herdsman's deconz driver builds it: tsn, channel mask (1 << 20) LE, 0xFE, nwkUpdateId.
    expect(requestedChannel(Uint8Array.of(0x07, 0x00, 0x00, 0x10, 0x00, 0xfe, 0x01))).toBe(20);
    expect(requestedChannel(Uint8Array.of(0x07, 0x00, 0x80, 0x00, 0x00, 0xfe, 0x02))).toBe(15);
  });

  it('should ignore scans, masks without a channel and short frames', () => {
    expect(requestedChannel(Uint8Array.of(0x07, 0x00, 0x00, 0x10, 0x00, 0x03, 0x01))).toBeUndefined();
    expect(requestedChannel(Uint8Array.of(0x07, 0xff, 0x07, 0x00, 0x00, 0xfe, 0x01))).toBeUndefined();
    expect(requestedChannel(Uint8Array.of(0x07, 0x00))).toBeUndefined();
  });
});
