import { describe, expect, it } from 'vitest';
import { parseTopic } from './parse-topic';
import { REQUEST_NAMES, filters, topics, type TopicContext } from './topics';

const ctx: TopicContext = { base: 'herdgate', bridge: '00212EFFFF012345' };
const ieee = '0x0017880102a3b4c5';

describe('mqtt topics', () => {
  it('should build the agreed layout', () => {
    expect(topics.bridgeState(ctx)).toBe('herdgate/bridge/00212EFFFF012345/state');
    expect(topics.request(ctx, 'device/remove')).toBe('herdgate/bridge/00212EFFFF012345/request/device/remove');
    expect(topics.groupSet(ctx, 5)).toBe('herdgate/bridge/00212EFFFF012345/groups/5/set');
    expect(topics.deviceState('herdgate', ieee, 11)).toBe(`herdgate/devices/${ieee}/11/state`);
    expect(topics.deviceSetResult('herdgate', ieee, 11)).toBe(`herdgate/devices/${ieee}/11/set/result`);
  });

  it('should round-trip every bridge topic through the parser', () => {
    const { bridge } = ctx;
    expect(parseTopic(ctx.base, topics.bridgeState(ctx))).toEqual({ kind: 'bridge/state', bridge });
    expect(parseTopic(ctx.base, topics.bridgeInfo(ctx))).toEqual({ kind: 'bridge/info', bridge });
    expect(parseTopic(ctx.base, topics.bridgeEvent(ctx))).toEqual({ kind: 'bridge/event', bridge });
    expect(parseTopic(ctx.base, topics.groupSet(ctx, 65527))).toEqual({ kind: 'group/set', bridge, group: 65527 });
    expect(parseTopic(ctx.base, topics.groupSetResult(ctx, 0))).toEqual({ kind: 'group/set/result', bridge, group: 0 });
    expect(parseTopic(ctx.base, topics.alarmState(ctx, '1'))).toEqual({ kind: 'bridge/alarm', bridge, alarmsystem: '1' });
    expect(parseTopic(ctx.base, `${topics.alarmState(ctx, '1')}/x`)).toBeUndefined();
    expect(parseTopic(ctx.base, topics.alarmState(ctx, '01'))).toBeUndefined();
    expect(parseTopic(ctx.base, topics.networkMap(ctx))).toEqual({ kind: 'bridge/networkmap', bridge });
    expect(parseTopic(ctx.base, topics.networkMapProgress(ctx))).toEqual({ kind: 'bridge/networkmap/progress', bridge });
    expect(parseTopic(ctx.base, `${topics.networkMap(ctx)}/other`)).toBeUndefined();
    expect(parseTopic(ctx.base, topics.removedDevices(ctx))).toEqual({ kind: 'bridge/removed', bridge });
    expect(parseTopic(ctx.base, topics.bridgeLog(ctx))).toEqual({ kind: 'bridge/log', bridge });
    for (const name of REQUEST_NAMES) {
      expect(parseTopic(ctx.base, topics.request(ctx, name))).toEqual({ kind: 'bridge/request', bridge, name });
      expect(parseTopic(ctx.base, topics.response(ctx, name))).toEqual({ kind: 'bridge/response', bridge, name });
    }
  });

  it('should round-trip every device topic through the parser', () => {
    const base = 'home/zigbee';
    expect(parseTopic(base, topics.device(base, ieee))).toEqual({ kind: 'device', ieee });
    expect(parseTopic(base, topics.deviceOta(base, ieee))).toEqual({ kind: 'device/ota', ieee });
    expect(parseTopic(base, `${topics.deviceOta(base, ieee)}/x`)).toBeUndefined();
    for (const endpoint of [1, 11, 240]) {
      expect(parseTopic(base, topics.deviceState(base, ieee, endpoint))).toEqual({ kind: 'device/state', ieee, endpoint });
      expect(parseTopic(base, topics.deviceEvent(base, ieee, endpoint))).toEqual({ kind: 'device/event', ieee, endpoint });
      expect(parseTopic(base, topics.deviceSet(base, ieee, endpoint))).toEqual({ kind: 'device/set', ieee, endpoint });
      expect(parseTopic(base, topics.deviceSetResult(base, ieee, endpoint))).toEqual({
        kind: 'device/set/result',
        ieee,
        endpoint,
      });
    }
  });

  it('should reject topics outside the contract', () => {
    const bad = [
      'other/bridge/00212EFFFF012345/state',
      'herdgate',
      'herdgate/bridge',
      'herdgate/bridge/00212effff012345/state',
      'herdgate/bridge/00212EFFFF012345/status',
      'herdgate/bridge/00212EFFFF012345/request/reboot',
      'herdgate/bridge/00212EFFFF012345/groups/05/set',
      'herdgate/bridge/00212EFFFF012345/groups/70000/set',
      'herdgate/bridge/00212EFFFF012345/groups/5',
      `herdgate/devices/0x0017880102A3B4C5/11/set`,
      `herdgate/devices/${ieee}/0/state`,
      `herdgate/devices/${ieee}/241/state`,
      `herdgate/devices/${ieee}/11/get`,
      `herdgate/devices/${ieee}/11/set/results`,
      `herdgate/lights/1`,
    ];
    for (const topic of bad) expect(parseTopic('herdgate', topic), topic).toBeUndefined();
  });

  it('should keep bridges apart when several share a broker', () => {
    const other = { ...ctx, bridge: '00212EFFFF0ABCDE' };
    expect(topics.bridgeInfo(other)).not.toBe(topics.bridgeInfo(ctx));
    expect(parseTopic(ctx.base, topics.groupSet(other, 3))).toEqual({ kind: 'group/set', bridge: other.bridge, group: 3 });
  });

  it('should give a bridge subscription filters that cover its inbound topics', () => {
    const [requests, groups, devices] = filters.bridgeInbound(ctx);
    expect(requests).toBe('herdgate/bridge/00212EFFFF012345/request/#');
    expect(groups).toBe('herdgate/bridge/00212EFFFF012345/groups/+/set');
    expect(devices).toBe('herdgate/devices/+/+/set');
    expect(filters.consumer('herdgate')).toEqual(['herdgate/bridge/#', 'herdgate/devices/#', 'herdgate/matter/#']);
  });

  it('should round-trip the Matter bridge topics', () => {
    expect(parseTopic('herdgate', topics.matterState('herdgate'))).toEqual({ kind: 'matter/state' });
    expect(parseTopic('herdgate', topics.matterNames('herdgate'))).toEqual({ kind: 'matter/names' });
    expect(parseTopic('herdgate', topics.matterRequest('herdgate', 'fabric/remove'))).toEqual({ kind: 'matter/request', name: 'fabric/remove' });
    expect(parseTopic('herdgate', topics.matterResponse('herdgate', 'window/open'))).toEqual({ kind: 'matter/response', name: 'window/open' });
    expect(parseTopic('herdgate', 'herdgate/matter/request/other')).toBeUndefined();
    expect(parseTopic('herdgate', 'herdgate/matter/state/x')).toBeUndefined();
  });
});
