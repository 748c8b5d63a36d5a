import type { DeviceDescription } from '@herdgate/shared/mqtt';

/* Device descriptions as the bridge publishes them, for tests that put devices on a scripted bridge. */

/** A colour lamp description like the bridge publishes for an LCT015. */
export function colorLamp(ieee = '0x0017880102a3b4c5', name = 'Hue color lamp 1'): DeviceDescription {
  const mac = ieee.slice(2).match(/../g)!.join(':');
  return {
    ieee,
    uniqueid: mac,
    name,
    manufacturername: 'Signify Netherlands B.V.',
    modelid: 'LCT015',
    productid: '9290012573A',
    swversion: '1.88.1',
    powersource: 'mains',
    lastannounced: '2026-01-15T11:00:00Z',
    lastseen: '2026-01-15T11:59Z',
    interview: 'successful',
    supported: true,
    availability: 'online',
    subdevices: [
      {
        type: 'Extended color light',
        resource: 'lights',
        uniqueid: `${mac}-0b`,
        endpoint: 11,
        state: ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'alert', 'effect', 'reachable'],
        config: [],
      },
    ],
  };
}

export const LAMP_STATE = {
  on: false,
  bri: 100,
  ct: 300,
  xy: [0.3, 0.3],
  hue: 0,
  sat: 0,
  colormode: 'ct',
  reachable: true,
  lastupdated: '2026-01-15T11:59:00.000',
};

/** A window covering description (IKEA FYRTUR-like). */
export function cover(ieee = '0x0001000000000c01'): DeviceDescription {
  const mac = ieee.slice(2).match(/../g)!.join(':');
  return {
    ...colorLamp(ieee, 'Blind'),
    modelid: 'FYRTUR block-out roller blind',
    powersource: 'battery',
    subdevices: [
      {
        type: 'Window covering device',
        resource: 'lights',
        uniqueid: `${mac}-01`,
        endpoint: 1,
        state: ['lift', 'open', 'tilt', 'on', 'bri', 'reachable'],
        config: [],
      },
    ],
  };
}
