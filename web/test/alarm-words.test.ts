import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import { listOf, openZones, pinWords } from '../src/pages/alarm-words';
import { EMPTY_STATE } from '../src/state/store';
import type { AlarmSystem, GatewayState, Sensor } from '../src/state/types';

const sensor = (name: string, uniqueid: string, open: boolean): Sensor => ({ name, type: 'ZHAOpenClose', uniqueid, state: { open }, config: {} });
const state: GatewayState = {
  ...EMPTY_STATE,
  sensors: {
    1: sensor('Front door', 'a-01', true),
    2: sensor('Back window', 'b-01', true),
    3: sensor('Shed', 'c-01', false),
    4: sensor('Garage', 'd-01', true),
  },
};
const system: AlarmSystem = {
  name: 'Home',
  config: {},
  state: {},
  devices: { 'a-01': { armmask: 'AS' }, 'b-01': { armmask: 'A' }, 'c-01': { armmask: 'ASN' } },
};

describe('alarm in words', () => {
  it('should name the open members watched in the mode being armed, and no others', () => {
    expect(openZones(state, system, 'arm_away')).toEqual(['Front door', 'Back window']);
    expect(openZones(state, system, 'arm_stay')).toEqual(['Front door']);
    expect(openZones(state, system, 'arm_night')).toEqual([]);
    expect(openZones(state, system, 'disarm')).toEqual([]);
    expect(listOf(['Front door', 'Back window', 'Shed'])).toBe('Front door, Back window and Shed');
  });

  it('should say what a refused PIN means instead of the parameter wording', () => {
    const refused = (status: number, type: number, description: string) => new ApiError(status, [{ type, address: '/alarmsystems/1/code0', description }]);
    expect(pinWords(refused(400, 7, 'invalid value, ****, for parameter, code0'))).toBe('That PIN is not right. Nothing changed.');
    expect(pinWords(refused(400, 5, 'missing parameter, code0'))).toBe('Enter the PIN first.');
    expect(pinWords(refused(429, 7, 'too many wrong codes, try again in 30 seconds'))).toBe('Too many wrong PINs: try again in 30 seconds.');
  });
});
