import { describe, expect, it } from 'vitest';
import { heldFlags, modeOfFlags } from './host-flags';

describe('host flags', () => {
  it('should hold mirror and lock as written and keep the mode its own way', () => {
    expect(heldFlags(0x01 | 0x20)).toBe(0x11); // off: reported with bit 4
    expect(heldFlags(0x01 | 0x10)).toBe(0x01); // auto: neither bit
    expect(heldFlags(0x01 | 0x04 | 0x02 | 0x80)).toBe(0x87); // heat, mirrored, locked
  });

  it('should give the ZCL system mode the flags stand for', () => {
    expect([0x11, 0x01, 0x05, 0x87].map(modeOfFlags)).toEqual([0, 1, 4, 4]);
  });
});
