import type { ZigbeeDevice } from '../../src/zigbee/index';

/**
 * Devices as herdsman and the converters describe them after an interview (the same shapes the
 * radio hands the features: clusters by id, the definition's exposes as JSON), for the fake radio.
 */
export const COLOR_LAMP: ZigbeeDevice = {
  ieee: '0x0017880104a1c001',
  nwk: 0x1a2b,
  type: 'Router',
  manufacturerName: 'Signify Netherlands B.V.',
  modelId: 'LCT015',
  powerSource: 'Mains (single phase)',
  interview: 'successful',
  endpoints: [{ id: 11, inputClusters: [0, 3, 4, 5, 6, 8, 768], outputClusters: [25] }],
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

export const PLUG: ZigbeeDevice = {
  ieee: '0x000b57fffe8a200d',
  nwk: 0x2a2b,
  type: 'Router',
  manufacturerName: 'IKEA of Sweden',
  modelId: 'TRADFRI control outlet',
  powerSource: 'Mains (single phase)',
  interview: 'successful',
  endpoints: [{ id: 1, inputClusters: [0, 3, 4, 5, 6], outputClusters: [25] }],
  definition: {
    model: 'E1603/E1702/E1708',
    vendor: 'IKEA',
    description: 'TRADFRI control outlet',
    endpointNames: {},
    exposes: [{ type: 'switch', features: [{ type: 'binary', name: 'state' }] }],
  },
};

export const CLIMATE: ZigbeeDevice = {
  ieee: '0x00124b0022a10008',
  nwk: 0x2b3c,
  type: 'EndDevice',
  manufacturerName: 'eWeLink',
  modelId: 'TH01',
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

export const REMOTE: ZigbeeDevice = {
  ieee: '0x000b57fffe8a000c',
  nwk: 0x3c4d,
  type: 'EndDevice',
  manufacturerName: 'IKEA of Sweden',
  modelId: 'TRADFRI remote control',
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
