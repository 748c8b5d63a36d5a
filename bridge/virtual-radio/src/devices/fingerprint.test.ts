/**
 * Checks that zigbee-herdsman-converters 26.112.0 identifies every catalogue model from what the
 * interview would record (test-only import; the virtual radio itself never imports the converters).
 */
import { findByDevice } from 'zigbee-herdsman-converters';
import { describe, expect, it } from 'vitest';
import { catalogueModels, interviewedDevice as interviewed } from '../../../test/support/catalogue-device';

const expected: Record<string, string> = {
  LCT015: '9290012573A',
  LWB010: '9290011370',
  'TRADFRI-bulb-E27-WW-806lm': 'LED1836G9',
  'TRADFRI-control-outlet': 'E160x/E170x/E190x',
  'FYRTUR-block-out-roller-blind': 'E1757',
  'Zen-01': 'Zen-01-W',
  TH01: 'SNZB-02',
  SML001: '9290012607',
  DS01: 'SNZB-04',
  WB01: 'SNZB-01',
  'TRADFRI-remote-control': 'E1524/E1810',
  '3400': '3400-D',
  'SmokeSensor-N': 'HS3SA/HS1SA',
  'WaterSensor-N': 'HS1WL/HS3WL',
  'COSensor-N': 'HS1CA-E',
  'HM-5HA-E': 'HM-5HA-E',
  'SP-120': 'SP 120',
  HBUniversalCFRemote: '99432',
  SP220: 'SP 220',
  eTRV0100: '014G2461',
  MFKZQ01LM: 'MFKZQ01LM',
  'lumi.vibration.aq1': 'DJT11LM',
  'lumi.airmonitor.acn01': 'VOCKQJK11LM',
  RDM001: '929003017102',
  'ZBT-Remote-ALL-RGBW': 'MLI-404011/MLI-404049',
  'FFZB1-SM-ECO': 'FFZB1-SM-ECO',
  'lumi.weather': 'WSDCGQ11LM',
  'lumi.remote.b28ac1': 'WXKG15LM',
  'Super-TR': '4523430',
  'Adapter-Zigbee-FUJITSU': 'GW003-AS-IN-TE-FC',
  ZHEMI101: 'ZHEMI101',
  SPZB0001: 'SPZB0001',
  AC201: 'AC201',
  'SYMFONISK-Sound-Controller': 'E1744',
  'lumi.sensor_smoke': 'JTYJ-GD-01LM/BW',
  'lumi.motion.ac01': 'RTCZCGQ11LM',
  'lumi.curtain.acn002': 'ZNJLBL01LM',
  'TS0601-_TZE200_ckud7u2l': 'TS0601_thermostat',
  'S2-5502': 'S2',
  'J1-5502': 'J1',
};

describe('catalogue fingerprints', () => {
  it('should cover every catalogue model', () => {
    expect(Object.keys(expected).sort()).toEqual(catalogueModels().sort());
  });

  for (const [model, definition] of Object.entries(expected)) {
    it(`should make the converters identify ${model} as ${definition}`, async () => {
      const found = await findByDevice(interviewed(model) as never);
      expect(found?.model).toBe(definition);
    });
  }
});
