import { Zcl } from 'zigbee-herdsman';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from './frame';
import { GlobalCommand } from './global';
import { decodeReadReportConfig, encodeReadReportConfigRsp } from './report-config';

// Our codec is independent of herdsman's; here herdsman's own parser reads what we write.
describe('read reporting configuration codec', () => {
  it('should decode the records of a request', () => {
    expect(decodeReadReportConfig(Uint8Array.of(0x00, 0x00, 0x00, 0x01, 0x21, 0x00))).toEqual([
      { direction: 0, attrId: 0 },
      { direction: 1, attrId: 0x21 },
    ]);
  });

  it('should write a response herdsman parses record by record', () => {
    const payload = encodeReadReportConfigRsp([
      { status: 0, direction: 0, attrId: 0x0000, type: 'int16', min: 10, max: 300, change: 50 },
      { status: 0, direction: 0, attrId: 0x0001, type: 'map8', min: 0, max: 600 },
      { status: 0x8b, direction: 0, attrId: 0x0002 },
      { status: 0, direction: 1, attrId: 0x0003, timeout: 30 },
    ]);
    const asdu = encodeFrame(
      { clusterSpecific: false, direction: 'toClient', disableDefaultResponse: true, tsn: 9, commandId: GlobalCommand.readReportConfigRsp },
      payload,
    );
    const buffer = Buffer.from(asdu);
    const frame = Zcl.Frame.fromBuffer(0x0402, Zcl.Header.fromBuffer(buffer), buffer, {});
    expect(frame.payload).toEqual([
      { status: 0, direction: 0, attrId: 0, dataType: 0x29, minRepIntval: 10, maxRepIntval: 300, repChange: 50 },
      { status: 0, direction: 0, attrId: 1, dataType: 0x18, minRepIntval: 0, maxRepIntval: 600 },
      { status: 0x8b, direction: 0, attrId: 2 },
      { status: 0, direction: 1, attrId: 3, timeout: 30 },
    ]);
  });
});
