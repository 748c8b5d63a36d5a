import { describe, expect, it } from 'vitest';
import { deviceOf, label, needs, reading } from '../src/pages/sensor-words';
import type { Sensor } from '../src/state/types';

const sensor = (type: string, uniqueid?: string, config: Sensor['config'] = {}): Sensor => ({ name: 'x', type, uniqueid, state: {}, config });

describe('sensors in words', () => {
  it('should label attributes by meaning and show readings with units or "no reading yet"', () => {
    expect(['lightlevel', 'airqualityppb', 'mountingmodeactive', 'presence', 'someNewThing'].map(label)).toEqual([
      'Light level',
      'Air quality',
      'Mounting mode',
      'Motion',
      'Some new thing',
    ]);
    expect(reading('temperature', 2150)).toBe('21.5 °C');
    expect(reading('humidity', 4512)).toBe('45.1 %');
    expect(reading('lux', 320)).toBe('320 lx');
    expect(reading('airqualityppb', 120)).toBe('120 ppb');
    expect(reading('open', true)).toBe('yes');
    expect(reading('temperature', null)).toBe('no reading yet');
    expect(reading('buttonevent', 1002)).toBe('1002');
  });

  it('should say what Daylight needs until it has a location, and group sub-sensors by their device', () => {
    expect(needs(sensor('Daylight', undefined, { configured: false }))).toMatch(/location/);
    expect(needs(sensor('Daylight', undefined, { configured: true }))).toBeUndefined();
    expect(deviceOf(sensor('ZHAPresence', '00:17:88:01:04:a1:c0:09-02-0406'), '5')).toBe('00:17:88:01:04:a1:c0:09');
    expect(deviceOf(sensor('ZHALightLevel', '00:17:88:01:04:a1:c0:09-02-0400'), '6')).toBe('00:17:88:01:04:a1:c0:09');
    expect(deviceOf(sensor('CLIPPresence', 'my-clip'), '7')).toBe('sensor:7');
  });
});
