import { describe, expect, it } from 'vitest';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { endpointIdFor, kindOf, specsFor } from './kinds';

const device = (subdevices: Partial<DeviceDescription['subdevices'][number]>[], more: Partial<DeviceDescription> = {}): DeviceDescription => ({
  ieee: '0x0017880104a1c001',
  uniqueid: '00:17:88:01:04:a1:c0:01',
  name: 'Lamp',
  manufacturername: 'Philips',
  modelid: 'LCT015',
  swversion: '1',
  powersource: 'mains',
  lastannounced: null,
  lastseen: null,
  interview: 'successful',
  supported: true,
  availability: 'online',
  subdevices: subdevices.map((sub) => ({
    type: 'Extended color light',
    resource: 'lights',
    uniqueid: '00:17:88:01:04:a1:c0:01-0b',
    endpoint: 11,
    state: [],
    config: [],
    ...sub,
  })) as DeviceDescription['subdevices'],
  ...more,
});

describe('bridged specs', () => {
  it('should derive the endpoint id from the uniqueid alone, so it never changes', () => {
    expect(endpointIdFor('00:17:88:01:04:a1:c0:01-0b')).toBe('zb_00_17_88_01_04_a1_c0_01_0b');
    expect(endpointIdFor('00:12:4b:00:22:a1:00:0a-01-0500')).toBe('zb_00_12_4b_00_22_a1_00_0a_01_0500');
  });

  it('should map each sub-device type with a Matter twin and skip the rest', () => {
    const specs = specsFor(
      device([
        { capabilities: { ct: { min: 153, max: 454 }, colormodes: ['ct', 'xy'], effects: [], powerup: [], ctstartup: false } },
        { type: 'ZHASwitch', resource: 'sensors', uniqueid: '00:17:88:01:04:a1:c0:01-01-0006', endpoint: 1 },
        { type: 'Window covering device', uniqueid: '00:17:88:01:04:a1:c0:01-02', endpoint: 2, state: ['open', 'lift', 'tilt'] },
      ]),
    );
    expect(specs).toEqual([
      {
        id: 'zb_00_17_88_01_04_a1_c0_01_0b',
        kind: 'color-light',
        ieee: '0x0017880104a1c001',
        endpoint: 11,
        uniqueid: '00:17:88:01:04:a1:c0:01-0b',
        ct: { min: 153, max: 454 },
      },
      { id: 'zb_00_17_88_01_04_a1_c0_01_02', kind: 'cover', ieee: '0x0017880104a1c001', endpoint: 2, uniqueid: '00:17:88:01:04:a1:c0:01-02', tilt: true },
    ]);
  });

  it('should give every light, plug, cover, thermostat and sensor type with a Matter twin its device type', () => {
    const kinds = Object.fromEntries(
      (
        [
          'On/Off light',
          'Dimmable light',
          'Color temperature light',
          'Color light',
          'Extended color light',
          'On/Off plug-in unit',
          'Window covering device',
          'ZHAThermostat',
          'ZHAOpenClose',
          'ZHAPresence',
          'ZHATemperature',
          'ZHAHumidity',
          'ZHALightLevel',
          'ZHAWater',
          'ZHAFire',
          'ZHACarbonMonoxide',
          'ZHASwitch',
          'ZHAPower',
        ] as const
      ).map((type) => [type, kindOf({ type } as DeviceDescription['subdevices'][number]) ?? null]),
    );
    expect(kinds).toEqual({
      'On/Off light': 'onoff-light',
      'Dimmable light': 'dimmable-light',
      'Color temperature light': 'ct-light',
      'Color light': 'color-light',
      'Extended color light': 'color-light',
      'On/Off plug-in unit': 'plug',
      'Window covering device': 'cover',
      ZHAThermostat: 'thermostat',
      ZHAOpenClose: 'contact',
      ZHAPresence: 'occupancy',
      ZHATemperature: 'temperature',
      ZHAHumidity: 'humidity',
      ZHALightLevel: 'light-level',
      ZHAWater: 'water-leak',
      ZHAFire: 'smoke',
      ZHACarbonMonoxide: 'co',
      ZHASwitch: null,
      ZHAPower: null,
    });
  });

  it('should bridge a lift-only cover without tilt', () => {
    const [spec] = specsFor(device([{ type: 'Window covering device', uniqueid: '00:17:88:01:04:a1:c0:01-01', endpoint: 1, state: ['open', 'lift'] }]));
    expect(spec).toMatchObject({ kind: 'cover' });
    expect(spec).not.toHaveProperty('tilt');
  });

  it('should bridge nothing before a successful interview or without a definition', () => {
    expect(specsFor(device([{}], { interview: 'in_progress' }))).toEqual([]);
    expect(specsFor(device([{}], { supported: false }))).toEqual([]);
  });
});
