import { describe, expect, it } from 'vitest';
import { CatalogueError, parseCatalogueEntry } from './catalogue';
import { FakeContext } from './fake-context';
import { SnapshotError, createDeviceFactory } from './index';
import { testDevice } from './test-device';

const factory = createDeviceFactory();

describe('device snapshot', () => {
  it('should restore attributes, reporting, bindings, groups and scenes and keep reporting', () => {
    const t = testDevice('LCT015');
    t.bindToCoordinator(0x0006, 11);
    t.global(0x0006, 0x06, [0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x3c, 0x00], 11); // onOff, max 60 s
    t.command(0x0004, 0x00, [0x07, 0x00, 0x00], 11);
    t.command(0x0008, 0x00, [42, 0, 0], 11);
    t.command(0x0005, 0x04, [0x07, 0x00, 0x03], 11);
    const snap = JSON.parse(JSON.stringify(t.device.snapshot()));
    t.device.stop();

    const ctx = new FakeContext('00212effff001122');
    const again = factory.restore('LCT015', { ieee: '00124b0000000001', nwk: 0x2001 }, snap, ctx);
    again.start();
    const before = t.device.inspect();
    const after = again.inspect();
    expect(after.endpoints).toEqual(before.endpoints);
    expect(after.groups).toEqual({ '11': [7] });
    expect(after.scenes).toEqual(before.scenes);
    expect(after.bindings).toEqual(before.bindings);
    expect(after.reporting).toEqual(before.reporting);
    ctx.advance(60_000);
    expect(ctx.take().map((e) => Array.from(e.asdu).slice(2))).toEqual([[0x0a, 0x00, 0x00, 0x10, 0x00]]);
  });

  it('should reject a broken snapshot with the device and the path', () => {
    expect(() => factory.restore('LCT015', { ieee: '00124b0000000001', nwk: 1 }, { version: 1, attributes: 5 }, new FakeContext())).toThrow(SnapshotError);
    expect(() => factory.restore('LCT015', { ieee: '00124b0000000001', nwk: 1 }, { version: 1, attributes: 5 }, new FakeContext())).toThrow(
      /00124b0000000001 \(LCT015\).*attributes/,
    );
  });

  it('should clear every timer on stop', () => {
    const t = testDevice('Zen-01');
    t.command(0x0003, 0x00, [30, 0], 3);
    expect(t.ctx.pendingTimers()).toBeGreaterThan(0);
    t.device.stop();
    expect(t.ctx.pendingTimers()).toBe(0);
  });
});

describe('catalogue validation', () => {
  const valid = {
    description: 'x',
    manufacturerName: 'm',
    modelId: 'M1',
    manufacturerCode: 1,
    logicalType: 'router',
    macCapabilities: 0x8e,
    endpoints: [{ id: 1, profileId: 260, deviceId: 0, inClusters: [0], outClusters: [] }],
  };

  it('should accept a minimal entry and fill in behaviour defaults', () => {
    expect(parseCatalogueEntry('m1.json', valid).behaviour).toEqual({
      coverSpeed: 10,
      motionClearSeconds: 30,
      thermostatDriftPerMinute: 0.5,
      stepMs: 100,
      announces: [],
      defaultTarget: 'coordinator',
    });
  });

  it('should name the file and path of a shape error', () => {
    expect(() => parseCatalogueEntry('bad.json', { ...valid, logicalType: 'coordinator' })).toThrow(/bad\.json: logicalType/);
    expect(() => parseCatalogueEntry('bad.json', { ...valid, endpoints: [] })).toThrow(CatalogueError);
  });

  it('should reject unknown clusters, attributes and button commands', () => {
    const ep = { ...valid.endpoints[0], attributes: { genOnOff: { brightness: 3 }, genFoo: {} } };
    expect(() => parseCatalogueEntry('e.json', { ...valid, endpoints: [ep] })).toThrow(/genOnOff\.brightness: unknown attribute.*genFoo: unknown cluster/);
    const buttons = { b: { single: [{ cluster: 'genOnOff', command: 'explode' }] } };
    expect(() => parseCatalogueEntry('b.json', { ...valid, buttons })).toThrow(/buttons\.b\.single\.0\.command: genOnOff has no command explode/);
  });
});
