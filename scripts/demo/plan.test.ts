import { describe, expect, it } from 'vitest';
import { demoRules, demoSchedule, findDemoIds, macOf, type Collection, type NetworkDevice } from './plan';

const NETWORK: NetworkDevice[] = [
  { model: 'LCT015', ieee: '0017880104a1c001', name: 'Living room ceiling' },
  { model: 'LCT015', ieee: '0017880104a1c002', name: 'Living room floor lamp' },
  { model: 'LWB010', ieee: '0017880104a1c003', name: 'Hallway' },
  { model: 'TRADFRI-bulb-E27-WW-806lm', ieee: '000b57fffe8a0004', name: 'Bedroom' },
  { model: 'SML001', ieee: '0017880104a1c009', name: 'Hallway motion' },
  { model: 'WB01', ieee: '00124b0022a1000b', name: 'Bedside button' },
];

const mac = (ieee: string) => ieee.match(/../g)!.join(':');
const light = (ieee: string, ep = '0b') => ({ name: 'Light', type: 'Extended color light', uniqueid: `${mac(ieee)}-${ep}` });

const LIGHTS: Collection = {
  '7': light('0017880104a1c002'),
  '3': light('0017880104a1c001'),
  '5': light('0017880104a1c003'),
  '9': light('000b57fffe8a0004', '01'),
};
const SENSORS: Collection = {
  '1': { name: 'Daylight', type: 'Daylight', uniqueid: '92:fc:b8:1a:06:f8-01' },
  '4': { name: 'Light level', type: 'ZHALightLevel', uniqueid: `${mac('0017880104a1c009')}-02-0400` },
  '6': { name: 'Presence', type: 'ZHAPresence', uniqueid: `${mac('0017880104a1c009')}-02-0406` },
  '8': { name: 'Switch', type: 'ZHASwitch', uniqueid: `${mac('00124b0022a1000b')}-01-0006` },
};
const OPTIONS = { offAfter: 'PT00:00:15', wakeUp: 'W124/T07:00:00' };

describe('demo plan', () => {
  it('should read the device address out of a uniqueid', () => {
    expect(macOf('00:17:88:01:04:a1:c0:01-0b')).toBe('0017880104a1c001');
    expect(macOf('00:12:4b:00:22:a1:00:0b-01-0006')).toBe('00124b0022a1000b');
  });

  it('should find every role by its demo device address and sensor type', () => {
    const { ids, missing } = findDemoIds(NETWORK, LIGHTS, SENSORS);
    expect(missing).toEqual([]);
    expect(ids).toEqual({
      livingRoom: { '3': 'Living room ceiling', '7': 'Living room floor lamp' },
      hallway: '5',
      bedroom: '9',
      button: '8',
      presence: '6',
      daylight: '1',
    });
  });

  it('should name what is not paired yet', () => {
    const { '6': _presence, ...sensors } = SENSORS;
    const { ids, missing } = findDemoIds(NETWORK, LIGHTS, sensors);
    expect(ids).toBeUndefined();
    expect(missing).toEqual(['Hallway motion (sensors ZHAPresence, 0017880104a1c009)']);
  });

  // The gateway checks the bodies themselves (607/608 otherwise); test/demo-setup.test.ts posts them.
  it('should build the three rules on the found ids', () => {
    const { ids } = findDemoIds(NETWORK, LIGHTS, SENSORS);
    const rules = demoRules(ids!, '2', OPTIONS);
    expect(rules.map((r) => r.actions[0])).toEqual([
      { address: '/groups/2/action', method: 'PUT', body: { toggle: true } },
      { address: '/lights/5/state', method: 'PUT', body: { on: true, bri: 200 } },
      { address: '/lights/5/state', method: 'PUT', body: { on: false } },
    ]);
    expect(rules[1]!.conditions).toContainEqual({ address: '/sensors/1/state/dark', operator: 'eq', value: 'true' });
    expect(rules[2]!.conditions).toContainEqual({ address: '/sensors/6/state/presence', operator: 'ddx', value: 'PT00:00:15' });
    expect(rules[0]!.conditions.map((c) => c.address)).toEqual(['/sensors/8/state/buttonevent', '/sensors/8/state/lastupdated']);
    expect(rules.every((r) => r.name.length <= 64)).toBe(true);
  });

  it('should build a weekday local-time schedule under the given key', () => {
    const { ids } = findDemoIds(NETWORK, LIGHTS, SENSORS);
    const schedule = demoSchedule(ids!, 'KEY', OPTIONS);
    expect(schedule.command.address).toBe('/api/KEY/lights/9/state');
    expect(schedule.name.length).toBeLessThanOrEqual(32);
    expect(schedule.localtime).toBe('W124/T07:00:00');
  });
});
