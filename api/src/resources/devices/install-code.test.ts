import { describe, expect, it } from 'vitest';
import { aesMmoHash, checkInstallCode, toHex } from './install-code';

// The published example (Zigbee BDB / Silicon Labs AN1089).
const CODE = '83FED3407A939723A5C639B26916D505C3B5';

describe('install code', () => {
  it('should accept the published example and give its published MMO hash', async () => {
    const check = checkInstallCode(CODE);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(toHex(await aesMmoHash(check.bytes)).toUpperCase()).toBe('66B6900981E1EE3CA4206B6B861C02BB');
  });

  it('should refuse a wrong CRC, a wrong size and non-hex text', () => {
    expect(checkInstallCode('83FED3407A939723A5C639B26916D505C3B6')).toMatchObject({ ok: false, reason: /CRC/ });
    expect(checkInstallCode('83FED3407A939723A5C639B26916D5C3B5')).toMatchObject({ ok: false, reason: /17 bytes/ });
    expect(checkInstallCode('83FED3407A939723A5C639B26916D505C3BZ')).toMatchObject({ ok: false, reason: /hex/ });
    expect(checkInstallCode('')).toMatchObject({ ok: false });
  });
});
