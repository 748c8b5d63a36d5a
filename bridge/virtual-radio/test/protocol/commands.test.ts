import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeHostCommand, encodeFrame, responses } from '../../src/protocol/index';

function withChecksum(bytes: number[]): Uint8Array {
  const sum = bytes.reduce((a, b) => a + b, 0);
  const crc = -sum & 0xffff;
  return Uint8Array.from([...bytes, crc & 0xff, crc >> 8]);
}

function decode(bytes: number[]) {
  const result = decodeFrame(withChecksum(bytes));
  if (!result.ok) throw new Error(result.error);
  return decodeHostCommand(result.frame);
}

describe('host commands', () => {
  it('should decode a READ_PARAMETER with its argument (endpoint index 1)', () => {
    expect(decode([0x0a, 0x09, 0x00, 0x09, 0x00, 0x02, 0x00, 0x13, 0x01])).toEqual({
      kind: 'read-parameter',
      param: 0x13,
      arg: Uint8Array.of(0x01),
    });
  });

  it('should decode a WRITE_PARAMETER of the PAN id', () => {
    expect(decode([0x0b, 0x0a, 0x00, 0x0a, 0x00, 0x03, 0x00, 0x05, 0x34, 0x1a])).toEqual({
      kind: 'write-parameter',
      param: 0x05,
      value: Uint8Array.of(0x34, 0x1a),
    });
  });

  it('should decode CHANGE_NETWORK_STATE, VERSION, confirm and indication reads', () => {
    expect(decode([0x08, 0x01, 0x00, 0x06, 0x00, 0x02])).toEqual({ kind: 'change-network-state', state: 2 });
    expect(decode([0x0d, 0x01, 0x00, 0x09, 0x00, 0, 0, 0, 0])).toEqual({ kind: 'version' });
    expect(decode([0x04, 0x01, 0x00, 0x07, 0x00, 0x00, 0x00])).toEqual({ kind: 'aps-confirm' });
    expect(decode([0x17, 0x01, 0x00, 0x08, 0x00, 0x01, 0x00, 0x01])).toEqual({ kind: 'aps-indication', flags: 1 });
  });

  it('should report an unknown command id instead of throwing', () => {
    expect(decode([0x30, 0x01, 0x00, 0x05, 0x00])).toEqual({ kind: 'unknown', command: 0x30 });
  });
});

describe('radio responses', () => {
  it('should encode a READ_PARAMETER response with the value after the parameter id', () => {
    const bytes = encodeFrame(responses.readParameter(0x09, 0x05, Uint8Array.of(0x34, 0x1a)));
    expect(Array.from(bytes.subarray(0, 10))).toEqual([0x0a, 0x09, 0x00, 0x0a, 0x00, 0x03, 0x00, 0x05, 0x34, 0x1a]);
  });

  it('should answer a missing endpoint slot with status 4, echoing the parameter and its index', () => {
    // As a ConBee II answers zigpy-deconz's read of slot 2: 0a 13 04 0900 0200 13 02.
    const bytes = encodeFrame(responses.readParameterRefused(0x13, 0x13, Uint8Array.of(0x02), 4));
    expect(Array.from(bytes.subarray(0, 9))).toEqual([0x0a, 0x13, 0x04, 0x09, 0x00, 0x02, 0x00, 0x13, 0x02]);
    expect(Array.from(encodeFrame(responses.readParameterRefused(0x02, 0x29, new Uint8Array(0), 4)).subarray(0, 8))).toEqual([
      0x0a, 0x02, 0x04, 0x08, 0x00, 0x01, 0x00, 0x29,
    ]);
  });

  it('should decode UPDATE_NEIGHBOR and echo the entry in its answer', () => {
    const entry = [0x01, 0x34, 0x12, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x80]; // add, 0x1234, ieee, MAC caps
    expect(decode([0x1d, 0x05, 0x00, 0x13, 0x00, 0x0c, 0x00, ...entry])).toEqual({ kind: 'update-neighbour', entry: Uint8Array.from(entry) });
    const bytes = encodeFrame(responses.updateNeighbour(0x05, Uint8Array.from(entry)));
    expect(Array.from(bytes.subarray(0, 19))).toEqual([0x1d, 0x05, 0x00, 0x13, 0x00, 0x0c, 0x00, ...entry]);
  });

  it('should encode VERSION as a u32 little endian with the ConBee II platform byte', () => {
    const bytes = encodeFrame(responses.version(0x02, 0x26780700));
    // sum = 0D+02+09+07+78+26 = 0xBD → 0xFF43.
    expect(Array.from(bytes)).toEqual([0x0d, 0x02, 0x00, 0x09, 0x00, 0x00, 0x07, 0x78, 0x26, 0x43, 0xff]);
  });

  it('should encode the APS request acknowledgement with state and request id', () => {
    const bytes = encodeFrame(responses.apsRequest(0x11, 0x22, 0x2a));
    expect(Array.from(bytes.subarray(0, 9))).toEqual([0x12, 0x11, 0x00, 0x09, 0x00, 0x02, 0x00, 0x22, 0x2a]);
  });

  it('should encode the unsolicited DEVICE_STATE_CHANGED with frame length 7', () => {
    const bytes = encodeFrame(responses.deviceStateChanged(0x03, 0x2a));
    expect(Array.from(bytes.subarray(0, 7))).toEqual([0x0e, 0x03, 0x00, 0x07, 0x00, 0x2a, 0x00]);
  });
});
