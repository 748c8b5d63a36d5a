import { describe, expect, it } from 'vitest';
import { decodeApsRequest, encodeApsConfirm, encodeApsIndication } from '../../src/protocol/index';

describe('APS data request', () => {
  it('should decode a NWK unicast of genOnOff on to 0x1234 endpoint 11', () => {
    const payload = Uint8Array.of(
      0x12,
      0x00, // payloadLen 18
      0x2a,
      0x00, // requestId, flags
      0x02,
      0x34,
      0x12,
      0x0b, // NWK 0x1234 ep 11
      0x04,
      0x01,
      0x06,
      0x00,
      0x01, // profile 0x0104, cluster 6, src ep 1
      0x03,
      0x00,
      0x01,
      0x2a,
      0x01, // asdu
      0x00,
      0x1e, // txOptions, radius 30
    );
    expect(decodeApsRequest(payload)).toEqual({
      requestId: 0x2a,
      dst: { mode: 'nwk', nwk: 0x1234, endpoint: 11 },
      profileId: 0x0104,
      clusterId: 0x0006,
      srcEndpoint: 1,
      asdu: Uint8Array.of(0x01, 0x2a, 0x01),
      txOptions: 0,
      radius: 30,
    });
  });

  it('should decode a group request without an endpoint', () => {
    const payload = Uint8Array.of(0x11, 0x00, 0x07, 0x00, 0x01, 0x05, 0x00, 0x04, 0x01, 0x06, 0x00, 0x01, 0x03, 0x00, 0x11, 0x07, 0x02, 0x00, 0x00);
    expect(decodeApsRequest(payload).dst).toEqual({ mode: 'group', group: 5 });
  });

  it('should size the destination from the real length for the NWK_addr_req quirk', () => {
    // Mode 2 but an 8-byte IEEE + endpoint; payloadLen says 12 + 3 + 11 = 26 although 32 bytes follow.
    const payload = Uint8Array.of(
      0x1a,
      0x00,
      0x09,
      0x00,
      0x02,
      0x78,
      0x56,
      0x34,
      0x12,
      0x00,
      0x4b,
      0x12,
      0x00,
      0x00, // IEEE 00124b0012345678, ep 0
      0x00,
      0x00,
      0x00,
      0x00,
      0x00, // profile 0, cluster 0 (NWK_addr_req), src ep 0
      0x0b,
      0x00,
      0x09,
      0x78,
      0x56,
      0x34,
      0x12,
      0x00,
      0x4b,
      0x12,
      0x00,
      0x00,
      0x00, // asdu
      0x00,
      0x1e,
    );
    const req = decodeApsRequest(payload);
    expect(req.dst).toEqual({ mode: 'ieee', ieee: '00124b0012345678', endpoint: 0 });
    expect(req.clusterId).toBe(0);
    expect(req.asdu.length).toBe(11);
    expect(req.radius).toBe(30);
  });

  it('should throw a RangeError on a truncated request', () => {
    expect(() => decodeApsRequest(Uint8Array.of(0x12, 0x00, 0x2a, 0x00, 0x02, 0x34))).toThrow(RangeError);
  });
});

describe('APS data confirm', () => {
  it('should lay out a MAC no-ack confirm for a NWK destination', () => {
    const payload = encodeApsConfirm({
      deviceState: 0x26,
      requestId: 0x2a,
      dst: { mode: 'nwk', nwk: 0x1234, endpoint: 11 },
      srcEndpoint: 1,
      status: 0xe9,
    });
    expect(Array.from(payload)).toEqual([0x0c, 0x00, 0x26, 0x2a, 0x02, 0x34, 0x12, 0x0b, 0x01, 0xe9, 0, 0, 0, 0]);
  });

  it('should lay out a group confirm without an endpoint', () => {
    const payload = encodeApsConfirm({ deviceState: 0x22, requestId: 7, dst: { mode: 'group', group: 0x0102 }, srcEndpoint: 1, status: 0 });
    expect(Array.from(payload)).toEqual([0x0b, 0x00, 0x22, 0x07, 0x01, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0]);
  });
});

describe('APS data indication', () => {
  it('should lay out a report from 0x1234 endpoint 11 to the coordinator', () => {
    const payload = encodeApsIndication({
      deviceState: 0x2a,
      dst: { mode: 'nwk', nwk: 0 },
      dstEndpoint: 1,
      srcNwk: 0x1234,
      srcEndpoint: 11,
      profileId: 0x0104,
      clusterId: 0x0006,
      asdu: Uint8Array.of(0x18, 0x05, 0x0a, 0x00, 0x00, 0x10, 0x01),
      lqi: 0xff,
      rssi: -40,
    });
    expect(Array.from(payload)).toEqual([
      0x1e,
      0x00, // payloadLen 30
      0x2a,
      0x02,
      0x00,
      0x00,
      0x01, // state, dst NWK 0x0000 ep 1
      0x02,
      0x34,
      0x12,
      0x0b, // src NWK 0x1234 ep 11
      0x04,
      0x01,
      0x06,
      0x00,
      0x07,
      0x00, // profile, cluster, asduLen
      0x18,
      0x05,
      0x0a,
      0x00,
      0x00,
      0x10,
      0x01,
      0x34,
      0x12,
      0xff, // last hop 0x1234, lqi
      0x00,
      0x00,
      0x00,
      0x00,
      0xd8, // rx time (not kept), rssi -40
    ]);
  });

  it('should use source mode 4 with the IEEE when asked and group destinations for remotes', () => {
    const payload = encodeApsIndication({
      deviceState: 0x22,
      dst: { mode: 'group', group: 0x0010 },
      dstEndpoint: 0xff,
      srcNwk: 0xabcd,
      srcIeee: '00124b0012345678',
      srcEndpoint: 1,
      profileId: 0x0104,
      clusterId: 0x0006,
      asdu: Uint8Array.of(0x11, 0x01, 0x02),
      lqi: 200,
      rssi: -60,
    });
    expect(Array.from(payload.subarray(2, 19))).toEqual([0x22, 0x01, 0x10, 0x00, 0xff, 0x04, 0xcd, 0xab, 0x78, 0x56, 0x34, 0x12, 0x00, 0x4b, 0x12, 0x00, 0x01]);
  });
});
