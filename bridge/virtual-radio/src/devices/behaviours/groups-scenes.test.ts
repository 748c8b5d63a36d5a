import { describe, expect, it } from 'vitest';
import { testDevice } from '../test-device';

describe('groups and scenes', () => {
  it('should add groups, report membership and answer groupcasts', () => {
    const t = testDevice('LCT015');
    t.frames();
    t.global(0x0004, 0x00, []); // a global read with no attributes: just to flush TSNs
    t.frames();
    t.device.receive({ profileId: 0x0104, clusterId: 0x0004, srcEndpoint: 1, dstEndpoint: 11, asdu: Uint8Array.of(0x01, 0x70, 0x00, 0x34, 0x12, 0x00) });
    t.device.receive({ profileId: 0x0104, clusterId: 0x0004, srcEndpoint: 1, dstEndpoint: 11, asdu: Uint8Array.of(0x01, 0x71, 0x02, 0x00) });
    expect(t.frames().map((f) => f.bytes)).toEqual([
      [0x19, 0x70, 0x00, 0x00, 0x34, 0x12],
      [0x19, 0x71, 0x02, 15, 0x01, 0x34, 0x12],
    ]);
    expect(t.device.endpointsInGroup(0x1234)).toEqual([11]);
    t.command(0x0006, 0x01, [], 11, 0x1234);
    expect(t.attrs('genOnOff').onOff).toBe(1);
    expect(t.frames()).toEqual([]);
  });

  it('should store the real current state as a scene and recall it with a transition', () => {
    const t = testDevice('LCT015');
    t.command(0x0004, 0x00, [0x05, 0x00, 0x00]); // add group 5
    t.command(0x0006, 0x01);
    t.command(0x0008, 0x00, [80, 0, 0]);
    t.command(0x0300, 0x0a, [0xfa, 0x00, 0, 0]); // 250 mireds
    t.command(0x0005, 0x04, [0x05, 0x00, 0x01]); // store group 5 scene 1
    t.command(0x0008, 0x00, [200, 0, 0]);
    t.command(0x0300, 0x07, [0x00, 0x50, 0x00, 0x50, 0, 0]);
    t.command(0x0006, 0x00);
    t.command(0x0005, 0x05, [0x05, 0x00, 0x01, 20, 0]); // recall over 2 s
    expect(t.attrs('genOnOff').onOff).toBe(1);
    t.ctx.advance(1000);
    expect(t.attrs('genLevelCtrl').currentLevel).toBe(140);
    t.ctx.advance(1000);
    expect(t.attrs('genLevelCtrl').currentLevel).toBe(80);
    expect(t.attrs('lightingColorCtrl')).toMatchObject({ colorTemperature: 250, colorMode: 2 });
    expect(t.attrs('genScenes')).toMatchObject({ count: 1, currentScene: 1, currentGroup: 5, sceneValid: 1 });
    expect(t.device.inspect().scenes[0]).toMatchObject({
      endpoint: 11,
      group: 5,
      scene: 1,
      values: { genOnOff: { onOff: 1 }, genLevelCtrl: { currentLevel: 80 } },
    });
  });

  it('should add a scene from extension field sets and view it back byte for byte', () => {
    const t = testDevice('LWB010');
    t.command(0x0004, 0x00, [0x05, 0x00, 0x00]);
    t.frames();
    const ext = [0x06, 0x00, 0x01, 0x01, 0x08, 0x00, 0x01, 0x40];
    t.device.receive({
      profileId: 0x0104,
      clusterId: 0x0005,
      srcEndpoint: 1,
      dstEndpoint: 11,
      asdu: Uint8Array.of(0x01, 0x80, 0x00, 0x05, 0x00, 0x02, 0x0a, 0x00, 0x00, ...ext),
    });
    t.device.receive({ profileId: 0x0104, clusterId: 0x0005, srcEndpoint: 1, dstEndpoint: 11, asdu: Uint8Array.of(0x01, 0x81, 0x01, 0x05, 0x00, 0x02) });
    t.device.receive({ profileId: 0x0104, clusterId: 0x0005, srcEndpoint: 1, dstEndpoint: 11, asdu: Uint8Array.of(0x01, 0x82, 0x06, 0x05, 0x00) });
    expect(t.frames().map((f) => f.bytes)).toEqual([
      [0x19, 0x80, 0x00, 0x00, 0x05, 0x00, 0x02],
      [0x19, 0x81, 0x01, 0x00, 0x05, 0x00, 0x02, 0x0a, 0x00, 0x00, ...ext],
      [0x19, 0x82, 0x06, 0x00, 15, 0x05, 0x00, 0x01, 0x02],
    ]);
    t.command(0x0005, 0x05, [0x05, 0x00, 0x02]);
    t.ctx.advance(1000);
    expect(t.attrs('genLevelCtrl').currentLevel).toBe(0x40);
  });

  it('should refuse a scene for a group the endpoint is not in and forget scenes of a removed group', () => {
    const t = testDevice('LWB010');
    t.frames();
    t.device.receive({ profileId: 0x0104, clusterId: 0x0005, srcEndpoint: 1, dstEndpoint: 11, asdu: Uint8Array.of(0x01, 0x90, 0x04, 0x09, 0x00, 0x01) });
    expect(t.frames()[0].bytes).toEqual([0x19, 0x90, 0x04, 0x85, 0x09, 0x00, 0x01]);
    t.command(0x0004, 0x00, [0x09, 0x00, 0x00]);
    t.command(0x0005, 0x04, [0x09, 0x00, 0x01]);
    expect(t.device.inspect().scenes).toHaveLength(1);
    t.command(0x0004, 0x03, [0x09, 0x00]);
    expect(t.device.inspect().scenes).toEqual([]);
    expect(t.device.inspect().groups).toEqual({});
  });

  it('should recall a missing scene with NOT_FOUND', () => {
    const t = testDevice('LWB010');
    t.frames();
    t.device.receive({ profileId: 0x0104, clusterId: 0x0005, srcEndpoint: 1, dstEndpoint: 11, asdu: Uint8Array.of(0x01, 0x91, 0x05, 0x00, 0x00, 0x07) });
    expect(t.frames()[0].bytes).toEqual([0x18, 0x91, 0x0b, 0x05, 0x8b]);
  });
});
