import { describe, expect, it } from 'vitest';
import { describeSubdevices, ieeeToMac } from './describe';
import type { ExposeJson } from './expose';

const ieee = '0x00112233445566ff';
const feature = (name: string, property = name): ExposeJson => ({ type: 'numeric', name, property });
const light = (...features: string[]): ExposeJson => ({ type: 'light', features: features.map((f) => feature(f)) });
const types = (exposes: ExposeJson[]) => describeSubdevices({ ieee, exposes, defaultEndpoint: 1 }).map((s) => s.type);

describe('deconz sub-device description', () => {
  it('should pick the light type from the light features', () => {
    expect(types([light('state', 'brightness', 'color_xy', 'color_temp')])).toEqual(['Extended color light']);
    expect(types([light('state', 'brightness', 'color_xy')])).toEqual(['Color light']);
    expect(types([light('state', 'brightness', 'color_hs')])).toEqual(['Color light']);
    expect(types([light('state', 'brightness', 'color_temp')])).toEqual(['Color temperature light']);
    expect(types([light('state', 'brightness')])).toEqual(['Dimmable light']);
    expect(types([light('state')])).toEqual(['On/Off light']);
    expect(types([{ type: 'switch', features: [feature('state')] }])).toEqual(['On/Off plug-in unit']);
    expect(types([{ type: 'cover', features: [feature('state'), feature('position')] }])).toEqual(['Window covering device']);
    expect(types([{ type: 'climate', features: [feature('local_temperature')] }])).toEqual(['ZHAThermostat']);
  });

  it('should present one sensor per measured quantity', () => {
    const names = [
      'temperature',
      'humidity',
      'pressure',
      'illuminance_lux',
      'occupancy',
      'contact',
      'water_leak',
      'smoke',
      'alarm',
      'vibration',
      'energy',
      'power',
    ];
    expect(types(names.map((name) => feature(name)))).toEqual([
      'ZHATemperature',
      'ZHAHumidity',
      'ZHAPressure',
      'ZHALightLevel',
      'ZHAPresence',
      'ZHAOpenClose',
      'ZHAWater',
      'ZHAFire',
      'ZHAAlarm',
      'ZHAVibration',
      'ZHAConsumption',
      'ZHAPower',
    ]);
    expect(types([feature('illuminance'), feature('illuminance_lux')])).toEqual(['ZHALightLevel']);
    expect(types([feature('voltage'), feature('linkquality')])).toEqual([]);
  });

  it('should tell a keypad from a remote by its actions', () => {
    const action = (values: string[]): ExposeJson => ({ type: 'enum', name: 'action', property: 'action', values });
    expect(types([action(['single', 'double'])])).toEqual(['ZHASwitch']);
    expect(types([action(['disarm', 'arm_all_zones', 'panic'])])).toEqual(['ZHAAncillaryControl']);
  });

  it('should place sub-devices on named endpoints and by cluster, with uniqueids to match', () => {
    const plans = describeSubdevices({
      ieee,
      exposes: [{ type: 'switch', endpoint: 'l2', features: [{ ...feature('state', 'state_l2'), endpoint: 'l2' }] }, feature('temperature')],
      defaultEndpoint: 1,
      endpointNames: { l1: 1, l2: 2 },
      clusterEndpoints: { 0x0402: 3 },
    });
    expect(plans.map(({ type, uniqueid, endpoint, suffix }) => ({ type, uniqueid, endpoint, suffix }))).toEqual([
      { type: 'On/Off plug-in unit', uniqueid: '00:11:22:33:44:55:66:ff-02', endpoint: 2, suffix: 'l2' },
      { type: 'ZHATemperature', uniqueid: '00:11:22:33:44:55:66:ff-03-0402', endpoint: 3, suffix: undefined },
    ]);
  });

  it('should list items only when the exposes can fill them', () => {
    const [plain] = describeSubdevices({ ieee, exposes: [feature('pressure')], defaultEndpoint: 1 });
    expect(plain.config).toEqual(['on', 'reachable']);
    const [withBattery] = describeSubdevices({ ieee, exposes: [feature('pressure'), feature('battery')], defaultEndpoint: 1 });
    expect(withBattery.config).toEqual(['battery', 'on', 'reachable']);
    // A temperature sensor always has the offset the gateway keeps for it.
    const [temperature] = describeSubdevices({ ieee, exposes: [feature('temperature')], defaultEndpoint: 1 });
    expect(temperature.config).toEqual(['offset', 'on', 'reachable']);
    const [cover] = describeSubdevices({
      ieee,
      exposes: [{ type: 'cover', features: [feature('state'), feature('position'), feature('tilt')] }],
      defaultEndpoint: 1,
    });
    expect(cover.state).toEqual(['lift', 'open', 'tilt', 'on', 'bri', 'reachable']);
  });

  it('should write the MAC the deCONZ way', () => {
    expect(ieeeToMac('0x00212EFFFF012345')).toBe('00:21:2e:ff:ff:01:23:45');
  });
});
