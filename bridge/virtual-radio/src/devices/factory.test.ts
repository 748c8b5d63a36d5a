import { describe, expect, it } from 'vitest';
import { FakeContext } from './fake-context';
import { createDeviceFactory } from './index';

const factory = createDeviceFactory();

describe('device factory', () => {
  it('should load every catalogue model', () => {
    expect(factory.models().sort()).toEqual(
      [
        '3400',
        'COSensor-N',
        'HM-5HA-E',
        'DS01',
        'HBUniversalCFRemote',
        'FYRTUR-block-out-roller-blind',
        'LCT015',
        'LWB010',
        'MFKZQ01LM',
        'RDM001',
        'SML001',
        'SmokeSensor-N',
        'SP-120',
        'SP220',
        'TH01',
        'TRADFRI-bulb-E27-WW-806lm',
        'TRADFRI-control-outlet',
        'TRADFRI-remote-control',
        'WaterSensor-N',
        'WB01',
        'Zen-01',
        'ZBT-Remote-ALL-RGBW',
        'eTRV0100',
        'lumi.vibration.aq1',
        'lumi.airmonitor.acn01',
        'FFZB1-SM-ECO',
        'lumi.weather',
        'lumi.remote.b28ac1',
        'Super-TR',
        'Adapter-Zigbee-FUJITSU',
        'ZHEMI101',
        'SPZB0001',
        'AC201',
        'SYMFONISK-Sound-Controller',
        'lumi.sensor_smoke',
        'lumi.motion.ac01',
        'lumi.curtain.acn002',
        'TS0601-_TZE200_ckud7u2l',
        'S2-5502',
        'J1-5502',
      ].sort(),
    );
  });

  it('should create a device by catalogue key or by Zigbee model id with catalogue identity facts', () => {
    const plug = factory.create('TRADFRI control outlet', { ieee: '0x000B57FFFE000001', nwk: 0x1234 }, new FakeContext());
    expect(plug.identity).toEqual({
      ieee: '000b57fffe000001',
      nwk: 0x1234,
      model: 'TRADFRI-control-outlet',
      logicalType: 'router',
      macCapabilities: 0x8e,
      rxOnWhenIdle: true,
    });
    const sensor = factory.create('DS01', { ieee: '00124b0000000002', nwk: 2 }, new FakeContext());
    expect(sensor.identity.rxOnWhenIdle).toBe(false);
  });

  it('should refuse an unknown model with the list of known ones', () => {
    expect(() => factory.create('NOPE', { ieee: '00124b0000000003', nwk: 3 }, new FakeContext())).toThrow(/unknown model "NOPE".*LCT015/);
  });

  it('should seed basic attributes from the catalogue', () => {
    const lamp = factory.create('LCT015', { ieee: '0017880100000001', nwk: 5 }, new FakeContext());
    const basic = lamp.inspect().endpoints['11'].genBasic;
    expect(basic).toMatchObject({ manufacturerName: 'Signify Netherlands B.V.', modelId: 'LCT015', powerSource: 1, swBuildId: '1.50.2_r30933' });
  });

  it('should hold the settings it was given before joining over its catalogue values', () => {
    const sensor = factory.create('SML001', { ieee: '0017880100000002', nwk: 6 }, new FakeContext(), {
      2: { genBasic: { ledIndication: 1 }, msOccupancySensing: { pirOToUDelay: 90 } },
    });
    const ep = sensor.inspect().endpoints['2'];
    expect(ep.genBasic).toMatchObject({ ledIndication: 1, modelId: 'SML001' });
    expect(ep.msOccupancySensing).toMatchObject({ pirOToUDelay: 90, motionSensitivity: 2 });
  });

  it('should offer actions that follow from the device clusters', () => {
    const names = (model: string) =>
      factory
        .create(model, { ieee: '0000000000000009', nwk: 9 }, new FakeContext())
        .actions()
        .map((a) => a.name)
        .sort();
    expect(names('DS01')).toEqual(['close', 'open', 'set', 'zone-flags']);
    expect(names('SmokeSensor-N')).toEqual(['set', 'smoke', 'zone-flags']);
    expect(names('WaterSensor-N')).toEqual(['set', 'water', 'zone-flags']);
    expect(names('COSensor-N')).toEqual(['co', 'set', 'zone-flags']);
    expect(names('WB01')).toEqual(['press', 'set']);
    expect(names('SML001')).toEqual(['motion', 'set']);
    expect(names('3400')).toEqual(['pin', 'set', 'zone-flags']);
    expect(names('LCT015')).toEqual([]);
    expect(names('J1-5502')).toEqual(['input', 'set']);
  });
});
