import { describe, expect, it } from 'vitest';
import { basicMapping } from '../src/devices/basic-mapping';
import type { ZigbeeDevice } from '../src/zigbee/index';

/** Golden fixtures: converter exposes/state in, deCONZ sub-devices/items/commands out. */
const colorLamp: ZigbeeDevice = {
  ieee: '0x0017880104a1c001', nwk: 0x1a2b, type: 'Router', manufacturerName: 'Signify Netherlands B.V.', modelId: 'LCT015',
  powerSource: 'Mains (single phase)', interview: 'successful',
  endpoints: [{ id: 11, inputClusters: [0, 3, 4, 5, 6, 8, 768], outputClusters: [25] }, { id: 242, inputClusters: [], outputClusters: [33] }],
  definition: {
    model: '9290012573A', vendor: 'Philips', description: 'Hue white and color ambiance', endpointNames: {},
    exposes: [
      { type: 'light', features: [{ name: 'state' }, { name: 'brightness' }, { name: 'color_temp' }, { name: 'color_xy' }, { name: 'color_hs' }] },
      { type: 'numeric', name: 'linkquality', property: 'linkquality' },
    ],
  },
};

const climate: ZigbeeDevice = {
  ieee: '0x00124b0022a10008', nwk: 0x2b3c, type: 'EndDevice', powerSource: 'Battery', interview: 'successful',
  endpoints: [{ id: 1, inputClusters: [0, 1, 3, 1026, 1029], outputClusters: [] }],
  definition: {
    model: 'SNZB-02', vendor: 'SONOFF', description: 'Temperature and humidity sensor', endpointNames: {},
    exposes: [
      { type: 'numeric', name: 'temperature', property: 'temperature' },
      { type: 'numeric', name: 'humidity', property: 'humidity' },
      { type: 'numeric', name: 'battery', property: 'battery' },
    ],
  },
};

describe('basic mapping', () => {
  it('should present a colour lamp as one Extended color light on its lighting endpoint', () => {
    expect(basicMapping.subdevices(colorLamp)).toEqual([{
      type: 'Extended color light', resource: 'lights', uniqueid: '00:17:88:01:04:a1:c0:01-0b', endpoint: 11,
      state: ['on', 'reachable', 'alert', 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'effect'], config: [],
    }]);
  });

  it('should present a battery climate sensor as temperature and humidity sensors with battery config', () => {
    const subdevices = basicMapping.subdevices(climate);
    expect(subdevices.map((s) => [s.type, s.uniqueid])).toEqual([
      ['ZHATemperature', '00:12:4b:00:22:a1:00:08-01-0402'],
      ['ZHAHumidity', '00:12:4b:00:22:a1:00:08-01-0405'],
    ]);
    expect(subdevices[0].config).toContain('battery');
  });

  it('should turn converter state into deCONZ items on the right endpoint', () => {
    const subdevices = basicMapping.subdevices(colorLamp);
    expect(basicMapping.items(subdevices, 11, { state: 'ON', brightness: 200, color: { x: 0.31234, y: 0.6 }, color_mode: 'xy', linkquality: 80 })).toEqual([
      { endpoint: 11, state: { on: true, bri: 200, xy: [0.3123, 0.6], colormode: 'xy' }, config: {}, event: {} },
    ]);
    const sensors = basicMapping.subdevices(climate);
    expect(basicMapping.items(sensors, 1, { temperature: 21.5, humidity: 40.1, battery: 87 })).toEqual([
      { endpoint: 1, state: { temperature: 2150, humidity: 4010 }, config: { battery: 87 }, event: {} },
    ]);
  });

  it('should translate REST commands to converter keys and refuse items a type does not take', () => {
    const subdevices = basicMapping.subdevices(colorLamp);
    expect(basicMapping.command(subdevices, { on: true, bri: 255, ct: 300, transitiontime: 5 })).toEqual({
      ok: true, values: { state: 'ON', brightness: 254, color_temp: 300, transition: 0.5 },
    });
    expect(basicMapping.command(subdevices, { hue: 65535, sat: 255 })).toEqual({ ok: true, values: { color: { hue: 360, saturation: 100 } } });
    expect(basicMapping.command(basicMapping.subdevices(climate), { on: true })).toEqual({
      ok: false, field: 'on', message: 'on: not supported by ZHATemperature, ZHAHumidity',
    });
  });
});
