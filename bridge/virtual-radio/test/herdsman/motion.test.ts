import { describe, expect, it } from 'vitest';
import { joinedSession } from '../support/catalogue-session';

// The Hue motion sensor has a ZLL endpoint (1) beside its HA one (2): the interview reads genBasic on
// endpoint 1 and only succeeds when the answer carries the request's HA profile.
const motion = { model: 'SML001', ieee: '0017880104a1c0f9' };

describe('Hue motion sensor through zigbee-herdsman', () => {
  const session = joinedSession([motion]);
  const { h } = session;
  const act = (name: string, params: Record<string, unknown> = {}) => session.act(motion.ieee, name, params);

  it('should interview both endpoints and identify SML001 as the Philips Hue motion sensor', async () => {
    const interview = await h('waitInterview', { ieee: motion.ieee });
    expect(interview).toMatchObject({
      status: 'successful',
      modelID: 'SML001',
      manufacturerName: 'Signify Netherlands B.V.',
      type: 'EndDevice',
      endpoints: [1, 2],
    });
    expect(await h('identify', { ieee: motion.ieee })).toEqual({ model: '9290012607', vendor: 'Philips' });
  });

  // The converters' configure needs the definition's custom clusters, which only the bridge's start hook
  // adds; here the sensor's values travel as read responses through the same converters.
  it('should turn motion, illuminance and temperature on endpoint 2 into converter state', async () => {
    const { ieee } = motion;
    const read = (cluster: string, attributes: string[]) => h('read', { ieee, endpoint: 2, cluster, attributes });
    expect((await act('motion', { clearAfter: 1 })).status).toBe(200);
    expect(await read('msOccupancySensing', ['occupancy'])).toEqual({ occupancy: 1 });
    await h('waitState', { ieee, match: { occupancy: true } });
    expect((await act('set', { illuminance: 1000, temperature: 19.5 })).status).toBe(200);
    await read('msIlluminanceMeasurement', ['measuredValue']);
    await read('msTemperatureMeasurement', ['measuredValue']);
    expect(await h('waitState', { ieee, match: { illuminance: 1000, temperature: 19.5 } })).toMatchObject({ illuminance: 1000, temperature: 19.5 });
  });
});
