import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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
    // Nothing that stays loaded links back to a released file (children or parent), or it would be kept.
    const stays = Object.values(require.cache) as Array<{ children?: Array<{ id: string }>; parent?: { id: string } | null }>;
    expect(stays.flatMap((m) => [...(m.children ?? []), ...(m.parent ? [m.parent] : [])]).filter((m) => /[\\/]dist[\\/]devices[\\/]/.test(m.id))).toEqual([]);
    // The definition resolved before keeps its converters and exposes.
    expect(before!.toZigbee.some((converter) => converter.key?.includes('state'))).toBe(true);
    expect(JSON.stringify(typeof before!.exposes === 'function' ? before!.exposes(hueLamp, {}) : before!.exposes)).toContain('"brightness"');

    // A later lookup loads the vendor file again.
    const after = await findByDevice(hueLamp);
    expect(after?.model).toBe('9290012573A');
    expect(philipsLoaded()).toBe(true);
    expect(releaseVendorModules()).toBeGreaterThan(0);
  });

  it('should let the released definitions be garbage collected', async () => {
    await findByDevice(hueLamp);
    const file = Object.keys(require.cache).find((name) => /[\\/]devices[\\/]philips\.js$/.test(name))!;
    const definitions = new WeakRef((require.cache[file]!.exports as { definitions: object }).definitions);
    releaseVendorModules();
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // deref() keeps its target alive until the current job ends: collect in a later one.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
    let alive = true;
    for (let i = 0; i < 5 && alive; i++) {
      await tick();
      gc();
      await tick();
      alive = definitions.deref() !== undefined;
    }
    expect(alive).toBe(false);
  });

  it('should unlink modules that stay from a released vendor file (children and parent)', () => {
    const cache = require.cache as Record<string, unknown>;
    const vendor = { id: 'fake-vendor', exports: { definitions: [] }, children: [] as unknown[] };
    const helper = { id: 'fake-helper', exports: {}, children: [], parent: vendor as unknown };
    const index = { id: 'fake-index', exports: {}, children: [vendor, helper] };
    vendor.children.push(helper);
    const vendorFile = '/virtual/node_modules/zigbee-herdsman-converters/dist/devices/fake.js';
    Object.assign(cache, { [vendorFile]: vendor, '/virtual/lib/fake-helper.js': helper, '/virtual/fake-index.js': index });
    try {
      releaseVendorModules();
      expect(cache[vendorFile]).toBeUndefined();
      expect(helper.parent).toBeUndefined();
      expect(index.children).toEqual([helper]);
    } finally {
      delete cache['/virtual/lib/fake-helper.js'];
      delete cache['/virtual/fake-index.js'];
    }
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
