import { createRequire } from 'node:module';
import { findByDevice } from 'zigbee-herdsman-converters';
import { describe, expect, it } from 'vitest';
import { releaseVendorModules } from './vendor-modules';

const require = createRequire(import.meta.url);
const philipsLoaded = () => Object.keys(require.cache).some((file) => /zigbee-herdsman-converters[\\/]dist[\\/]devices[\\/]philips\.js$/.test(file));

/** The fields findByDevice reads of an interviewed Hue colour lamp. */
const endpoints = [{ ID: 11, profileID: 260, deviceID: 0x010d, inputClusters: [0, 3, 4, 5, 6, 8, 0x300], outputClusters: [] }];
const hueLamp = {
  ieeeAddr: '0x0017880100000001',
  type: 'Router',
  modelID: 'LCT015',
  manufacturerName: 'Signify Netherlands B.V.',
  powerSource: 'Mains (single phase)',
  endpoints,
  getEndpoint: (id: number) => endpoints.find((e) => e.ID === id),
} as never;

describe('vendor modules', () => {
  it('should drop the converters vendor files from the module cache and keep resolved definitions working', async () => {
    const before = await findByDevice(hueLamp);
    expect(before?.model).toBe('9290012573A');
    expect(philipsLoaded()).toBe(true);

    expect(releaseVendorModules()).toBeGreaterThan(0);
    expect(philipsLoaded()).toBe(false);
    // The definition resolved before keeps its converters and exposes.
    expect(before!.toZigbee.some((converter) => converter.key?.includes('state'))).toBe(true);
    expect(JSON.stringify(typeof before!.exposes === 'function' ? before!.exposes(hueLamp, {}) : before!.exposes)).toContain('"brightness"');

    // A later lookup loads the vendor file again.
    const after = await findByDevice(hueLamp);
    expect(after?.model).toBe('9290012573A');
    expect(philipsLoaded()).toBe(true);
    expect(releaseVendorModules()).toBeGreaterThan(0);
  });

  it('should pass over cache entries without children (modules loaded through import)', async () => {
    await findByDevice(hueLamp);
    const cache = require.cache as Record<string, unknown>;
    cache['/virtual/imported-module.js'] = { exports: {} };
    try {
      expect(releaseVendorModules()).toBeGreaterThan(0);
      expect(philipsLoaded()).toBe(false);
    } finally {
      delete cache['/virtual/imported-module.js'];
    }
  });

  it('should release nothing when no vendor file is loaded', () => {
    releaseVendorModules();
    expect(releaseVendorModules()).toBe(0);
  });
});
