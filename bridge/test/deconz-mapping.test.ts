import { describe, expect, it } from 'vitest';
import { deconzMapping } from '../src/devices/deconz-mapping';
import type { ZigbeeDevice } from '../src/zigbee/index';

/** The bridge's adapter over the shared tables: radio snapshots in, per-endpoint deCONZ items out. */
const colorLamp: ZigbeeDevice = {
  ieee: '0x0017880104a1c001',
  nwk: 0x1a2b,
  type: 'Router',
  manufacturerName: 'Signify Netherlands B.V.',
  modelId: 'LCT015',
  powerSource: 'Mains (single phase)',
  interview: 'successful',
  endpoints: [
    { id: 11, inputClusters: [0, 3, 4, 5, 6, 8, 768], outputClusters: [25] },
    { id: 242, inputClusters: [], outputClusters: [33] },
  ],
  definition: {
    model: '9290012573A',
    vendor: 'Philips',
    description: 'Hue white and color ambiance',
    endpointNames: {},
    exposes: [
      {
        type: 'light',
        features: [
          { type: 'binary', name: 'state' },
          { type: 'numeric', name: 'brightness' },
          { type: 'numeric', name: 'color_temp' },
          { type: 'composite', name: 'color_xy' },
          { type: 'composite', name: 'color_hs' },
        ],
      },
      { type: 'numeric', name: 'linkquality', property: 'linkquality' },
    ],
  },
};

const climate: ZigbeeDevice = {
  ieee: '0x00124b0022a10008',
  nwk: 0x2b3c,
  type: 'EndDevice',
  powerSource: 'Battery',
  interview: 'successful',
  endpoints: [{ id: 1, inputClusters: [0, 1, 3, 1026, 1029], outputClusters: [] }],
  definition: {
    model: 'SNZB-02',
    vendor: 'SONOFF',
    description: 'Temperature and humidity sensor',
    endpointNames: {},
    exposes: [
      { type: 'numeric', name: 'temperature', property: 'temperature' },
      { type: 'numeric', name: 'humidity', property: 'humidity' },
      { type: 'numeric', name: 'battery', property: 'battery' },
    ],
  },
};

// The remote's on/off cluster is an output cluster on endpoint 1; its uniqueid must still name it.
const remote: ZigbeeDevice = {
  ieee: '0x000b57fffe8a000c',
  nwk: 0x3c4d,
  type: 'EndDevice',
  powerSource: 'Battery',
  interview: 'successful',
  endpoints: [{ id: 1, inputClusters: [0, 1, 3, 9, 2821, 4096], outputClusters: [3, 4, 5, 6, 8, 25, 4096] }],
  definition: {
    model: 'E1524/E1810',
    vendor: 'IKEA',
    description: 'TRADFRI remote control',
    endpointNames: {},
    exposes: [
      { type: 'numeric', name: 'battery', property: 'battery' },
      { type: 'enum', name: 'action', property: 'action', values: ['toggle', 'arrow_left_click'] },
    ],
  },
};

describe('deconz mapping', () => {
  it('should present a colour lamp as one Extended color light on its lighting endpoint', () => {
    expect(deconzMapping.subdevices(colorLamp)).toEqual([
      {
        type: 'Extended color light',
        resource: 'lights',
        uniqueid: '00:17:88:01:04:a1:c0:01-0b',
        endpoint: 11,
        state: ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'alert', 'effect', 'reachable'],
        config: [],
      },
    ]);
  });

  it('should present sensors with the cluster in their uniqueid, found on input or output clusters', () => {
    expect(deconzMapping.subdevices(climate).map((s) => [s.type, s.uniqueid])).toEqual([
      ['ZHATemperature', '00:12:4b:00:22:a1:00:08-01-0402'],
      ['ZHAHumidity', '00:12:4b:00:22:a1:00:08-01-0405'],
    ]);
    expect(deconzMapping.subdevices(remote).map((s) => [s.type, s.uniqueid])).toEqual([['ZHASwitch', '00:0b:57:ff:fe:8a:00:0c-01-0006']]);
  });

  it('should give the items that hold before any report', () => {
    expect(deconzMapping.defaults(deconzMapping.subdevices(colorLamp))).toEqual([
      { endpoint: 11, state: { alert: 'none', effect: 'none' }, config: {}, event: {} },
    ]);
  });

  it('should turn converter state into changed deCONZ items, leaving out constants', () => {
    const subdevices = deconzMapping.subdevices(colorLamp);
    expect(deconzMapping.items(subdevices, 11, { state: 'ON', brightness: 200, color: { x: 0.31234, y: 0.6 }, color_mode: 'xy', linkquality: 80 })).toEqual([
      { endpoint: 11, state: { on: true, bri: 200, xy: [0.3123, 0.6], colormode: 'xy' }, config: {}, event: {} },
    ]);
    expect(deconzMapping.items(subdevices, 11, { linkquality: 80 })).toEqual([]);
    const sensors = deconzMapping.subdevices(climate);
    expect(deconzMapping.items(sensors, 1, { temperature: 21.5, humidity: 40.1, battery: 87 })).toEqual([
      { endpoint: 1, state: { temperature: 2150, humidity: 4010 }, config: { battery: 87 }, event: {} },
    ]);
  });

  it('should put a button press on the event as well as the state', () => {
    expect(deconzMapping.items(deconzMapping.subdevices(remote), 1, { action: 'arrow_left_click' })).toEqual([
      { endpoint: 1, state: { buttonevent: 4002 }, config: {}, event: { buttonevent: 4002 } },
    ]);
  });

  it('should translate REST commands to converter payloads and refuse items a type does not take', () => {
    const subdevices = deconzMapping.subdevices(colorLamp);
    expect(deconzMapping.command(subdevices, { on: true, bri: 255, ct: 300, transitiontime: 5 })).toEqual({
      ok: true,
      payloads: [{ state: 'ON', brightness: 254, color_temp: 300, transition: 0.5 }],
      sent: ['on', 'bri', 'ct', 'transitiontime'],
    });
    expect(deconzMapping.command(subdevices, { effect: 'colorloop', alert: 'select' })).toEqual({
      ok: true,
      payloads: [{ effect: 'colorloop' }, { effect: 'blink' }],
      sent: ['effect', 'alert'],
    });
    expect(deconzMapping.command(deconzMapping.subdevices(climate), { on: true })).toEqual({
      ok: false,
      field: 'on',
      message: 'on: not supported by ZHATemperature',
    });
  });
});
