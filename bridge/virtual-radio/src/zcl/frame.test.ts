import { describe, expect, it } from 'vitest';
import { ZclDecodeError } from './buffer';
import { decodeFrame, encodeFrame } from './frame';

describe('zcl frame header', () => {
  it('should decode a global read request from the host', () => {
    // fc 0x00 (global, client->server, default response wanted), tsn 0x2a, read (0x00), attr 0x0005
    const frame = decodeFrame(Uint8Array.of(0x00, 0x2a, 0x00, 0x05, 0x00));
    expect(frame.header).toEqual({ clusterSpecific: false, direction: 'toServer', disableDefaultResponse: false, tsn: 0x2a, commandId: 0 });
    expect(Array.from(frame.payload)).toEqual([0x05, 0x00]);
  });

  it('should decode a manufacturer-specific header', () => {
    // fc 0x05 = cluster-specific + manufacturer-specific, manufacturer 0x117c (IKEA), tsn 7, command 0x07
    const frame = decodeFrame(Uint8Array.of(0x05, 0x7c, 0x11, 0x07, 0x07, 0x01, 0x01));
    expect(frame.header.manufacturerCode).toBe(0x117c);
    expect(frame.header.clusterSpecific).toBe(true);
    expect(frame.header.commandId).toBe(7);
    expect(Array.from(frame.payload)).toEqual([0x01, 0x01]);
  });

  it('should encode a report header as 0x18 (global, server->client, no default response)', () => {
    const bytes = encodeFrame({ clusterSpecific: false, direction: 'toClient', disableDefaultResponse: true, tsn: 3, commandId: 0x0a }, Uint8Array.of());
    expect(Array.from(bytes)).toEqual([0x18, 0x03, 0x0a]);
  });

  it('should encode a cluster-specific response header as 0x19 and keep a manufacturer code', () => {
    const bytes = encodeFrame(
      { clusterSpecific: true, direction: 'toClient', disableDefaultResponse: true, tsn: 9, commandId: 0, manufacturerCode: 0x100b },
      Uint8Array.of(0xaa),
    );
    expect(Array.from(bytes)).toEqual([0x1d, 0x0b, 0x10, 0x09, 0x00, 0xaa]);
  });

  it('should reject a truncated frame with a decode error', () => {
    expect(() => decodeFrame(Uint8Array.of(0x04, 0x7c))).toThrow(ZclDecodeError);
  });
});
