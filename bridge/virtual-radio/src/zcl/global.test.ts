import { describe, expect, it } from 'vitest';
import {
  Status,
  decodeAttrIds,
  decodeAttributeValues,
  decodeConfigReport,
  decodeReadRsp,
  encodeAttributeValues,
  encodeConfigReport,
  encodeDefaultRsp,
  encodeDiscoverRsp,
  encodeReadRsp,
  encodeStatusRecords,
} from './global';

const bytes = (u: Uint8Array) => Array.from(u);

describe('zcl global commands', () => {
  it('should encode a read response with a string, an unsupported attribute and a signed value', () => {
    const out = encodeReadRsp([
      { attrId: 0x0005, status: 0, type: 'charStr', value: 'TH01' },
      { attrId: 0x4000, status: Status.unsupportedAttribute },
      { attrId: 0x0000, status: 0, type: 'int16', value: -250 },
    ]);
    expect(bytes(out)).toEqual([0x05, 0x00, 0x00, 0x42, 0x04, 0x54, 0x48, 0x30, 0x31, 0x00, 0x40, 0x86, 0x00, 0x00, 0x00, 0x29, 0x06, 0xff]);
    expect(decodeReadRsp(out)[2]).toEqual({ attrId: 0, status: 0, type: 'int16', value: -250 });
  });

  it('should decode the attribute ids of a read request', () => {
    expect(decodeAttrIds(Uint8Array.of(0x00, 0x00, 0x08, 0x40))).toEqual([0x0000, 0x4008]);
  });

  it('should round-trip write records including an IEEE address', () => {
    const payload = Uint8Array.of(0x10, 0x00, 0xf0, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01);
    const recs = decodeAttributeValues(payload);
    expect(recs).toEqual([{ attrId: 0x0010, type: 'ieee', value: '0102030405060708' }]);
    expect(bytes(encodeAttributeValues(recs))).toEqual(bytes(payload));
  });

  it('should encode a report of onOff and uint24/uint48 values', () => {
    const out = encodeAttributeValues([
      { attrId: 0, type: 'bool', value: 1 },
      { attrId: 1, type: 'uint24', value: 0x123456 },
      { attrId: 2, type: 'uint48', value: 0x010203040506 },
    ]);
    expect(bytes(out)).toEqual([0, 0, 0x10, 1, 1, 0, 0x22, 0x56, 0x34, 0x12, 2, 0, 0x25, 6, 5, 4, 3, 2, 1]);
  });

  it("should encode a uint64 beyond a number's exact range from its hex string, low byte first, and decode it back", () => {
    const out = encodeAttributeValues([{ attrId: 0xfff0, type: 'uint64', value: '0x0102000011010003' }]);
    expect(bytes(out)).toEqual([0xf0, 0xff, 0x27, 0x03, 0x00, 0x01, 0x11, 0x00, 0x00, 0x02, 0x01]);
    expect(decodeAttributeValues(out)).toEqual([{ attrId: 0xfff0, type: 'uint64', value: '0x0102000011010003' }]);
  });

  it('should collapse an all-success write response to a single 0x00', () => {
    expect(
      bytes(
        encodeStatusRecords([
          { status: 0, attrId: 1 },
          { status: 0, attrId: 2 },
        ]),
      ),
    ).toEqual([0x00]);
    expect(
      bytes(
        encodeStatusRecords([
          { status: 0, attrId: 1 },
          { status: 0x88, attrId: 0x0005 },
        ]),
      ),
    ).toEqual([0x88, 0x05, 0x00]);
  });

  it('should decode configure reporting with a reportable change only for analog types', () => {
    // onOff: dir 0, attr 0, bool, min 0, max 3600; temperature: int16, min 10, max 300, change 50
    const payload = Uint8Array.of(0, 0, 0, 0x10, 0, 0, 0x10, 0x0e, 0, 0, 0, 0x29, 10, 0, 0x2c, 0x01, 50, 0);
    const recs = decodeConfigReport(payload);
    expect(recs).toEqual([
      { direction: 0, attrId: 0, type: 'bool', min: 0, max: 3600 },
      { direction: 0, attrId: 0, type: 'int16', min: 10, max: 300, change: 50 },
    ]);
    expect(bytes(encodeConfigReport(recs))).toEqual(bytes(payload));
  });

  it('should encode a configure reporting failure record with its direction', () => {
    expect(bytes(encodeStatusRecords([{ status: 0x8c, direction: 0, attrId: 0x0005 }]))).toEqual([0x8c, 0x00, 0x05, 0x00]);
  });

  it('should encode default and discover responses', () => {
    expect(bytes(encodeDefaultRsp(0x02, 0x81))).toEqual([0x02, 0x81]);
    expect(
      bytes(
        encodeDiscoverRsp(true, [
          { attrId: 0, type: 'bool' },
          { attrId: 0x4003, type: 'enum8' },
        ]),
      ),
    ).toEqual([1, 0, 0, 0x10, 0x03, 0x40, 0x30]);
  });
});
