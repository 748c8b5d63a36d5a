import { describe, expect, it } from 'vitest';
import { aesMmoHash, crc16x25, linkKeyOfInstallCode } from './install-code';

// The published example (Zigbee BDB / Silicon Labs AN1089).
const CODE = '83fed3407a939723a5c639b26916d505';
const CRC = 'c3b5';
const KEY = '66b6900981e1ee3ca4206b6b861c02bb';

describe('install code', () => {
  it('should compute the CRC-16/X-25 of the published example', () => {
    const crc = crc16x25(Buffer.from(CODE, 'hex'));
    expect(Buffer.from([crc & 0xff, crc >> 8]).toString('hex')).toBe(CRC);
  });

  it('should derive the published link key with AES-MMO', () => {
    expect(Buffer.from(aesMmoHash(Buffer.from(CODE + CRC, 'hex'))).toString('hex')).toBe(KEY);
    expect(Buffer.from(linkKeyOfInstallCode(CODE + CRC)).toString('hex')).toBe(KEY);
  });

  it('should refuse a code with a wrong CRC or size', () => {
    expect(() => linkKeyOfInstallCode(`${CODE}c3b6`)).toThrow(/CRC/);
    expect(() => linkKeyOfInstallCode(`${CODE.slice(2)}${CRC}`)).toThrow(/bytes/);
  });
});
