import { describe, expect, it } from 'vitest';
import { testDevice } from '../test-device';

// Continuous colour moves and wrapping hue steps on the fake clock (LCT015: every colour capability).
const COLOR = 0x0300;
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];

function lamp() {
  const t = testDevice('LCT015');
  const color = () => t.attrs('lightingColorCtrl', 11) as Record<string, number>;
  const send = (commandId: number, payload: number[] = []) => t.command(COLOR, commandId, payload, 11);
  return { t, color, send };
}

describe('colour moves', () => {
  it('should move hue up at the given rate, wrapping round the wheel, until moveHue stop', () => {
    const { t, color, send } = lamp();
    send(0x00, [250, 0, ...le16(0)]); // moveToHue 250 at once
    send(0x01, [1, 20]); // moveHue up, 20 per second
    t.ctx.advance(1000);
    // 250 + 20 = 270 → 15 past the end of the 8-bit wheel (255 × 256 enhanced units)
    expect(color()).toMatchObject({ enhancedCurrentHue: (270 * 256) % 0x10000, currentHue: 14, colorMode: 0, enhancedColorMode: 0 });
    send(0x01, [0, 0]); // moveHue stop
    const stopped = color().enhancedCurrentHue;
    t.ctx.advance(3000);
    expect(color().enhancedCurrentHue).toBe(stopped);
  });

  it('should move hue down until stopMoveStep', () => {
    const { t, color, send } = lamp();
    send(0x00, [100, 0, ...le16(0)]);
    send(0x01, [3, 10]); // down, 10 per second
    t.ctx.advance(2000);
    expect(color().currentHue).toBe(80);
    send(0x47);
    t.ctx.advance(2000);
    expect(color().currentHue).toBe(80);
  });

  it('should move enhanced hue in 16-bit units and report the enhanced colour mode', () => {
    const { t, color, send } = lamp();
    send(0x41, [3, ...le16(0x1000)]); // enhancedMoveHue down 0x1000 per second from 0
    t.ctx.advance(1000);
    expect(color()).toMatchObject({ enhancedCurrentHue: 0xf000, currentHue: 0xf0, colorMode: 0, enhancedColorMode: 3 });
  });

  it('should move saturation until it reaches the top and then stop by itself', () => {
    const { t, color, send } = lamp();
    send(0x04, [1, 100]); // moveSaturation up, 100 per second from 0
    t.ctx.advance(1000);
    expect(color().currentSaturation).toBe(100);
    t.ctx.advance(2000);
    expect(color().currentSaturation).toBe(254);
    expect(t.ctx.pendingTimers()).toBe(0);
  });

  it('should refuse a zero rate or a reserved move mode with INVALID_FIELD and keep the colour', () => {
    const { t, color, send } = lamp();
    t.frames();
    send(0x01, [1, 0]);
    send(0x04, [2, 10]);
    send(0x41, [1, 0, 0]);
    expect(t.frames().map((f) => f.bytes.slice(2))).toEqual([
      [0x0b, 0x01, 0x85],
      [0x0b, 0x04, 0x85],
      [0x0b, 0x41, 0x85],
    ]);
    t.ctx.advance(1000);
    expect(color()).toMatchObject({ currentHue: 0, currentSaturation: 0, colorMode: 2 });
  });

  it('should move x and y at their rates and stop at the edge of the colour space', () => {
    const { t, color, send } = lamp();
    send(0x08, [...le16(1000), ...le16(-500)]); // moveColor
    t.ctx.advance(2000);
    expect(color()).toMatchObject({ currentX: 24939 + 2000, currentY: 24701 - 1000, colorMode: 1 });
    send(0x08, [...le16(30000), ...le16(0)]);
    t.ctx.advance(2000);
    expect(color()).toMatchObject({ currentX: 0xfeff, currentY: 24701 - 1000 });
    expect(t.ctx.pendingTimers()).toBe(0);
  });

  it('should stop moveColor when both rates are zero', () => {
    const { t, color, send } = lamp();
    send(0x08, [...le16(-1000), ...le16(0)]);
    t.ctx.advance(1000);
    send(0x08, [0, 0, 0, 0]);
    t.ctx.advance(1000);
    expect(color().currentX).toBe(24939 - 1000);
  });
});

describe('colour steps', () => {
  it('should step x and y over the transition time', () => {
    const { t, color, send } = lamp();
    send(0x09, [...le16(-1000), ...le16(2000), ...le16(10)]); // stepColor over 1 s
    t.ctx.advance(500);
    expect(color().currentX).toBeGreaterThan(24939 - 1000);
    expect(color().currentX).toBeLessThan(24939);
    t.ctx.advance(500);
    expect(color()).toMatchObject({ currentX: 24939 - 1000, currentY: 24701 + 2000, colorMode: 1 });
  });

  it('should step hue up across the end of the wheel without going backwards', () => {
    const { t, color, send } = lamp();
    send(0x00, [250, 0, ...le16(0)]);
    send(0x02, [1, 10, 10]); // stepHue up 10 over 1 s
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) {
      t.ctx.advance(100);
      seen.push(color().enhancedCurrentHue);
    }
    // Every intermediate value lies on the short way up: 250·256 … 0xFFFF, then 0 … 4·256.
    expect(seen.every((h) => h >= 250 * 256 || h <= 4 * 256)).toBe(true);
    expect(color()).toMatchObject({ enhancedCurrentHue: 4 * 256, currentHue: 4 });
  });

  it('should step enhanced hue down at once without a transition time', () => {
    const { color, send } = lamp();
    send(0x42, [3, ...le16(0x2000), ...le16(0)]); // enhancedStepHue down 0x2000
    expect(color()).toMatchObject({ enhancedCurrentHue: 0xe000, enhancedColorMode: 3 });
  });

  it('should refuse a step with a reserved step mode', () => {
    const { t, send } = lamp();
    t.frames();
    send(0x42, [0, ...le16(0x2000), ...le16(0)]);
    expect(t.frames()[0].bytes.slice(2)).toEqual([0x0b, 0x42, 0x85]);
  });
});
