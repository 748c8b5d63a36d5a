import { describe, expect, it } from 'vitest';
import { availability, deviceLabel, linkOf, powerWords, roomOf } from '../src/pages/device/facts';
import { lastHeard } from '../src/pages/sensor-words';
import { EMPTY_STATE } from '../src/state/store';
import type { GatewayState, Sensor } from '../src/state/types';

const MAC = '00:17:88:01:04:a1:e3:01';
const BUTTON = '00:12:4b:00:00:d2:e4:02';
const state: GatewayState = {
  ...EMPTY_STATE,
  devices: {
    [MAC]: { uniqueid: MAC, name: 'Lamp', modelid: 'LCT015', powersource: 'mains' },
    [BUTTON]: { uniqueid: BUTTON, name: 'Lamp', modelid: 'WB01', powersource: 'battery' },
  },
  lights: { 1: { name: 'Lamp', type: 'Extended color light', uniqueid: `${MAC}-0b`, state: { reachable: false } } },
  sensors: { 4: { name: 'Lamp', type: 'ZHASwitch', uniqueid: `${BUTTON}-01-0006`, state: {}, config: { battery: 80, reachable: true } } },
  groups: {
    7: { name: 'Living room', lights: ['1'], action: {}, state: {}, scenes: [] },
    8: { name: 'Hall', lights: [], devicemembership: ['4'], action: {}, state: {}, scenes: [] },
  },
};

describe('device facts', () => {
  it('should place a device in the room of its light or the room its switch is bound to, and tell same names apart', () => {
    expect(roomOf(state, MAC)).toBe('Living room');
    expect(roomOf(state, BUTTON)).toBe('Hall');
    expect([deviceLabel(state, MAC), deviceLabel(state, BUTTON)]).toEqual(['Lamp · Living room · LCT015', 'Lamp · Hall · WB01']);
  });

  it('should say what powers a device and whether any of its resources is reachable', () => {
    expect(powerWords(state.devices[MAC]!, [])).toBe('Mains');
    expect(powerWords(state.devices[BUTTON]!, [['4', state.sensors[4]!]])).toBe('Battery, 80 %');
    expect(availability(state, MAC)).toBe(false);
    expect(availability(state, BUTTON)).toBe(true);
    expect(availability(state, '00:00:00:00:00:00:00:09')).toBeUndefined();
  });

  it('should read the link quality, hops and parent from the network map', () => {
    const map = {
      nodes: [
        { ieee: '0x00124b0000d2e402', type: 'EndDevice' },
        { ieee: '0x0017880104a1e301', type: 'Router', name: 'Lamp' },
        { ieee: '0x0000000000000001', type: 'Coordinator', name: 'herdgate' },
      ],
      links: [
        { source: '0x00124b0000d2e402', target: '0x0000000000000001', lqi: 200, depth: 2, relationship: 'sibling' },
        { source: '0x00124b0000d2e402', target: '0x0017880104a1e301', lqi: 120, depth: 2, relationship: 'child' },
      ],
    };
    expect(linkOf(map, BUTTON)).toEqual({ lqi: 200, depth: 2, via: 'Lamp' });
    expect(linkOf(map, MAC)).toBeUndefined();
    expect(linkOf(undefined, MAC)).toBeUndefined();
  });

  it("should take the newer of a sensor's last reading and its lastseen", () => {
    const sensor = (lastupdated: string, lastseen?: string): Sensor => ({ name: 'x', type: 'ZHAOpenClose', state: { lastupdated }, config: {}, lastseen });
    expect(lastHeard(sensor('2026-12-02T03:10:42.120', '2026-12-02T03:09Z'))).toBe('2026-12-02T03:10:42.120');
    expect(lastHeard(sensor('none', '2026-12-02T03:09Z'))).toBe('2026-12-02T03:09Z');
    expect(lastHeard(sensor('none'))).toBeUndefined();
  });
});
