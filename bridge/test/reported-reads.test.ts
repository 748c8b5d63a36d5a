import { describe, expect, it } from 'vitest';
import { reportedBatches } from '../src/zigbee/reported-reads';

/** Configured reportings as herdsman lists them on an endpoint (cluster and attribute definitions). */
const reporting = (cluster: string, attribute: string, manufacturerCode?: number) => ({
  cluster: { name: cluster },
  attribute: { name: attribute, ...(manufacturerCode !== undefined ? { manufacturerCode } : {}) },
  minimumReportInterval: 10,
  maximumReportInterval: 3600,
  reportableChange: 1,
});

describe('reported reads plan', () => {
  it('should read each reported attribute once, a cluster per frame, and apart what a manufacturer code needs', () => {
    const batches = reportedBatches(
      [
        reporting('msTemperatureMeasurement', 'measuredValue'),
        reporting('msRelativeHumidity', 'measuredValue'),
        reporting('seMetering', 'instantaneousDemand'),
        reporting('seMetering', 'currentSummDelivered'),
        reporting('seMetering', 'develcoPulseConfiguration', 0x1015),
      ] as never,
      new Set(),
    );
    expect(batches).toEqual([
      { cluster: 'msTemperatureMeasurement', attributes: ['measuredValue'] },
      { cluster: 'msRelativeHumidity', attributes: ['measuredValue'] },
      { cluster: 'seMetering', attributes: ['instantaneousDemand', 'currentSummDelivered'] },
      { cluster: 'seMetering', attributes: ['develcoPulseConfiguration'], manufacturerCode: 0x1015 },
    ]);
  });

  it('should leave out what the initial reads already asked for', () => {
    const batches = reportedBatches(
      [reporting('genPowerCfg', 'batteryPercentageRemaining'), reporting('genOnOff', 'onOff')] as never,
      new Set(['genOnOff.onOff']),
    );
    expect(batches).toEqual([{ cluster: 'genPowerCfg', attributes: ['batteryPercentageRemaining'] }]);
  });
});
