import { describe, expect, it } from 'vitest';
import { testDevice } from '../test-device';

describe('light behaviour', () => {
  it('should move the level over the transition time on the radio clock', () => {
    const t = testDevice('LCT015');
    t.command(0x0008, 0x04, [100, 10, 0]); // moveToLevelWithOnOff 100 over 1 s
    expect(t.attrs('genOnOff').onOff).toBe(1);
    t.ctx.advance(500);
    const mid = t.attrs('genLevelCtrl').currentLevel as number;
    expect(mid).toBeGreaterThan(100);
    expect(mid).toBeLessThan(254);
    t.ctx.advance(500);
    expect(t.attrs('genLevelCtrl').currentLevel).toBe(100);
  });

  it('should turn off when moveToLevelWithOnOff ends at the minimum', () => {
    const t = testDevice('LWB010');
    t.command(0x0006, 0x01);
    t.command(0x0008, 0x04, [0, 0, 0]);
    expect(t.attrs('genOnOff').onOff).toBe(0);
    expect(t.attrs('genLevelCtrl').currentLevel).toBe(1);
  });

  it('should stop a move where it is', () => {
    const t = testDevice('LCT015');
    t.command(0x0008, 0x01, [1, 50]); // move down at 50/s
    t.ctx.advance(1000);
    t.command(0x0008, 0x03);
    const stopped = t.attrs('genLevelCtrl').currentLevel as number;
    t.ctx.advance(5000);
    expect(t.attrs('genLevelCtrl').currentLevel).toBe(stopped);
    expect(stopped).toBeGreaterThan(190);
    expect(stopped).toBeLessThan(215);
  });

  it('should step with on/off from the remote', () => {
    const t = testDevice('LCT015');
    t.command(0x0008, 0x06, [1, 43, 0, 0]); // step down 43, no transition
    expect(t.attrs('genLevelCtrl').currentLevel).toBe(211);
  });

  it('should switch off after onWithTimedOff runs out', () => {
    const t = testDevice('TRADFRI-control-outlet');
    t.command(0x0006, 0x42, [0, 30, 0, 0, 0]); // on for 3.0 s
    expect(t.attrs('genOnOff')).toMatchObject({ onOff: 1, onTime: 30 });
    t.ctx.advance(2900);
    expect(t.attrs('genOnOff').onOff).toBe(1);
    t.ctx.advance(100);
    expect(t.attrs('genOnOff').onOff).toBe(0);
  });

  it('should move to xy with colorMode 1, to colour temperature with colorMode 2 within the catalogue range', () => {
    const t = testDevice('LCT015');
    t.command(0x0300, 0x07, [0x99, 0x4c, 0x66, 0x99, 0, 0]); // x 0x4c99, y 0x9966
    expect(t.attrs('lightingColorCtrl')).toMatchObject({ currentX: 0x4c99, currentY: 0x9966, colorMode: 1, enhancedColorMode: 1 });
    t.command(0x0300, 0x0a, [0xe8, 0x03, 5, 0]); // 1000 mireds over 0.5 s → clamped to 500
    expect(t.attrs('lightingColorCtrl').colorMode).toBe(2);
    t.ctx.advance(500);
    expect(t.attrs('lightingColorCtrl').colorTemperature).toBe(500);
  });

  it('should keep hue and enhanced hue in step and report hue/saturation mode', () => {
    const t = testDevice('LCT015');
    t.command(0x0300, 0x43, [0x00, 0x80, 200, 0, 0]); // enhanced hue 0x8000, saturation 200
    expect(t.attrs('lightingColorCtrl')).toMatchObject({
      enhancedCurrentHue: 0x8000,
      currentHue: 0x80,
      currentSaturation: 200,
      colorMode: 0,
      enhancedColorMode: 3,
    });
  });

  it('should run a colour loop until it is deactivated, then restore the hue', () => {
    const t = testDevice('LCT015');
    t.command(0x0300, 0x40, [0x00, 0x10, 0, 0, 0]); // enhanced hue 0x1000
    t.command(0x0300, 0x44, [0x0f, 2, 1, 10, 0, 0, 0]); // activate from current, up, 10 s per loop
    t.ctx.advance(2500);
    const hue = t.attrs('lightingColorCtrl').enhancedCurrentHue as number;
    expect(hue).toBeGreaterThan(0x1000 + 0x3000);
    t.command(0x0300, 0x44, [0x01, 0, 0, 0, 0, 0, 0]);
    expect(t.attrs('lightingColorCtrl')).toMatchObject({ colorLoopActive: 0, enhancedCurrentHue: 0x1000 });
  });

  it('should refuse colour commands a dimmable lamp cannot do', () => {
    const t = testDevice('LWB010');
    t.frames();
    t.device.receive({ profileId: 0x0104, clusterId: 0x0300, srcEndpoint: 1, dstEndpoint: 11, asdu: Uint8Array.of(0x01, 9, 0x07, 0, 0, 0, 0, 0, 0) });
    expect(t.frames()[0].bytes).toEqual([0x18, 9, 0x0b, 0x07, 0xc3]);
  });

  it('should count identifyTime down once a second', () => {
    const t = testDevice('LCT015');
    t.command(0x0003, 0x00, [3, 0]);
    t.ctx.advance(1000);
    expect(t.attrs('genIdentify').identifyTime).toBe(2);
    t.ctx.advance(2000);
    expect(t.attrs('genIdentify').identifyTime).toBe(0);
    t.ctx.advance(5000);
    expect(t.ctx.pendingTimers()).toBe(0);
  });
});
