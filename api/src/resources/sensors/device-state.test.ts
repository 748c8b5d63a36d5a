import { describe, expect, it } from 'vitest';
import type { Subdevice } from '@herdgate/shared/mqtt';
import { ownState } from './device-state';

const sub = (type: Subdevice['type'], state: string[]): Subdevice => ({
  type,
  resource: 'sensors',
  uniqueid: `00:12:4b:00:22:a1:20:08-01-${type}`,
  endpoint: 1,
  state,
  config: [],
});
const temperature = sub('ZHATemperature', ['temperature']);
const humidity = sub('ZHAHumidity', ['humidity']);

describe('sensors: device state from a shared endpoint', () => {
  it('should take the endpoint stamp only for a sensor whose own item changed', () => {
    const endpoint = { temperature: 1950, humidity: 6125, lastupdated: '2026-01-15T12:00:01.000' };
    const temp = ownState(temperature, { temperature: 1950, lastupdated: '2026-01-15T11:00:00.000' }, endpoint, false);
    const hum = ownState(humidity, { humidity: 6000, lastupdated: '2026-01-15T11:00:00.000' }, endpoint, false);
    expect(temp).toEqual({ temperature: 1950, lastupdated: '2026-01-15T11:00:00.000' });
    expect(hum).toEqual({ humidity: 6125, lastupdated: '2026-01-15T12:00:01.000' });
  });

  it('should show its items unset, at lastupdated none, until its own item first arrives', () => {
    expect(ownState(temperature, { lastupdated: 'none' }, { humidity: 1, lastupdated: '2026-01-15T12:00:01.000' }, false)).toEqual({
      temperature: null,
      lastupdated: 'none',
    });
    expect(ownState(temperature, { lastupdated: 'none' }, { temperature: 2000, lastupdated: '2026-01-15T12:00:01.000' }, false)).toEqual({
      temperature: 2000,
      lastupdated: '2026-01-15T12:00:01.000',
    });
  });

  it('should move lastupdated for a repeated press with the same value', () => {
    const button = sub('ZHASwitch', ['buttonevent']);
    const current = { buttonevent: 1002, lastupdated: '2026-01-15T12:00:01.000' };
    expect(ownState(button, current, { buttonevent: 1002, lastupdated: '2026-01-15T12:00:05.000' }, true).lastupdated).toBe('2026-01-15T12:00:05.000');
    expect(ownState(button, current, { buttonevent: 1002, lastupdated: '2026-01-15T12:00:05.000' }, false).lastupdated).toBe('2026-01-15T12:00:01.000');
  });

  it('should show a string unset as empty, a keypad action as disarmed, and a presence event only once set', () => {
    const keypad = sub('ZHAAncillaryControl', ['action', 'panel', 'seconds_remaining', 'lowbattery']);
    expect(ownState(keypad, { lastupdated: 'none' }, {}, false)).toEqual({
      action: 'disarmed',
      panel: '',
      seconds_remaining: null,
      lowbattery: null,
      lastupdated: 'none',
    });
    const presence = sub('ZHAPresence', ['presence', 'presenceevent']);
    expect(ownState(presence, { lastupdated: 'none' }, {}, false)).toEqual({ presence: null, lastupdated: 'none' });
  });

  it('should not take the endpoint stamp for an item that only became listed', () => {
    const stamp = '2026-01-15T11:00:00.000';
    expect(ownState(temperature, { lastupdated: stamp }, { humidity: 1, lastupdated: '2026-01-15T12:00:01.000' }, false)).toEqual({
      temperature: null,
      lastupdated: stamp,
    });
  });

  it('should compare list values by content', () => {
    const light = sub('ZHALightLevel', ['xy']);
    const current = { xy: [0.3, 0.6], lastupdated: 'a' };
    expect(ownState(light, current, { xy: [0.3, 0.6], lastupdated: 'b' }, false).lastupdated).toBe('a');
  });
});
