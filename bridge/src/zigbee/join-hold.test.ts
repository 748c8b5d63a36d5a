import { describe, expect, it } from 'vitest';
import { JoinHold } from './join-hold';

const LIMITS = { frames: 3, maxAgeMs: 1_000, devices: 2 };

describe('JoinHold', () => {
  it('should keep the frames of a joined device until its interview succeeds, the newest when too many', () => {
    let now = 0;
    const hold = new JoinHold(LIMITS, () => now);
    hold.join(0x1234, '0xa');
    for (let i = 0; i < 5; i++) hold.take({ address: 0x1234 });
    hold.take({ address: 0x9999 });
    now = 500;
    expect(hold.release('0xa')).toBe(3);
    expect(hold.release('0xa')).toBe(0);
  });

  it('should drop what is too old, a device that left, and joins beyond the device bound', () => {
    let now = 0;
    const hold = new JoinHold(LIMITS, () => now);
    hold.join(1, '0xa');
    hold.take({ address: 1 });
    now = 1_001;
    expect(hold.release('0xa')).toBe(0);
    hold.join(2, '0xb');
    hold.take({ address: 2 });
    hold.forget('0xb');
    hold.take({ address: 2 });
    expect(hold.release('0xb')).toBe(0);
    hold.join(3, '0xc');
    hold.join(4, '0xd');
    hold.join(5, '0xe');
    hold.take({ address: 5 });
    expect(hold.release('0xe')).toBe(0);
    // A device that joined too long ago makes room.
    now = 3_000;
    hold.join(5, '0xe');
    hold.take({ address: 5 });
    expect(hold.release('0xe')).toBe(1);
  });
});
