import { describe, expect, it } from 'vitest';
import { testDevice } from '../test-device';

// Go-to-value for lift and tilt (FYRTUR at 6.5 %/s; installed limits lift 0–200 cm, tilt 0–90.0°).
const COVER = 0x0102;
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];

function blind() {
  const t = testDevice('FYRTUR-block-out-roller-blind');
  const cover = () => t.attrs('closuresWindowCovering') as Record<string, number>;
  return { t, cover };
}

describe('window covering values', () => {
  it('should start with absolute positions that match the percentages', () => {
    const { cover } = blind();
    expect(cover()).toMatchObject({ currentPositionLiftPercentage: 0, currentPositionLift: 0, installedClosedLimitLift: 200 });
  });

  it('should travel to a lift value at the catalogue speed with the percentage alongside', () => {
    const { t, cover } = blind();
    t.command(COVER, 0x04, le16(130)); // goToLiftValue 130 cm = 65 % → 10 s
    t.ctx.advance(5000);
    const half = cover();
    expect(half.currentPositionLiftPercentage).toBeGreaterThanOrEqual(31);
    expect(half.currentPositionLiftPercentage).toBeLessThanOrEqual(34);
    expect(Math.abs(half.currentPositionLift - half.currentPositionLiftPercentage * 2)).toBeLessThanOrEqual(2);
    t.ctx.advance(5000);
    expect(cover()).toMatchObject({ currentPositionLiftPercentage: 65, currentPositionLift: 130 });
  });

  it('should keep the lift value in step when moved by percentage', () => {
    const { t, cover } = blind();
    t.command(COVER, 0x05, [50]);
    t.ctx.advance(10_000);
    expect(cover()).toMatchObject({ currentPositionLiftPercentage: 50, currentPositionLift: 100 });
  });

  it('should travel to a tilt value', () => {
    const { t, cover } = blind();
    t.command(COVER, 0x07, le16(450)); // 45.0° of 90.0° = 50 %
    t.ctx.advance(10_000);
    expect(cover()).toMatchObject({ currentPositionTiltPercentage: 50, currentPositionTilt: 450 });
  });

  it('should refuse a value beyond the installed limits with INVALID_VALUE and stay put', () => {
    const { t, cover } = blind();
    t.frames();
    t.command(COVER, 0x04, le16(201));
    t.command(COVER, 0x07, le16(901));
    expect(t.frames().map((f) => f.bytes.slice(2))).toEqual([
      [0x0b, 0x04, 0x87],
      [0x0b, 0x07, 0x87],
    ]);
    t.ctx.advance(10_000);
    expect(cover()).toMatchObject({ currentPositionLift: 0, currentPositionTilt: 0 });
  });
});
