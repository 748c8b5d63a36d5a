import { describe, expect, it } from 'vitest';
import { loadNetworkDefinition } from '../../src/network-definition';
import { parseOptions } from '../../src/options';
import { catalogueModels, generateNetwork } from '../../networks/generate';
import { createDeviceFactory } from '../../src/devices/index';
import { fileURLToPath } from 'node:url';

describe('radio options', () => {
  it('should read flags in both forms over env defaults', () => {
    const options = parseOptions(['--port', '4000', '--control-port=0', '--timing', 'realistic'], { RADIO_PORT: '1', RADIO_STATE: '/tmp/s.json' });
    expect(options).toMatchObject({ port: 4000, controlPort: 0, timing: 'realistic', state: '/tmp/s.json', logLevel: 'info' });
  });

  it('should take --new-stick without a value, or RADIO_NEW_STICK=1, and default to the saved stick', () => {
    expect(parseOptions(['--new-stick', '--port', '1'], {})).toMatchObject({ newStick: true, port: 1 });
    expect(parseOptions([], { RADIO_NEW_STICK: '1' })).toMatchObject({ newStick: true });
    expect(parseOptions([], {})).toMatchObject({ newStick: false });
    expect(() => parseOptions([], { RADIO_NEW_STICK: 'yes' })).toThrow(/newStick/);
  });

  it('should name the bad option', () => {
    expect(() => parseOptions(['--port', 'x'], {})).toThrow(/port/);
    expect(() => parseOptions(['--colour', 'red'], {})).toThrow(/unknown argument --colour/);
    expect(() => parseOptions(['--state'], {})).toThrow(/--state needs a value/);
    expect(() => parseOptions([], { RADIO_TIMING: 'slow' })).toThrow(/timing/);
  });
});

describe('network definitions', () => {
  const demo = fileURLToPath(new URL('../../networks/demo.json', import.meta.url));

  it('should load the demo network covering every catalogue model', () => {
    const models = createDeviceFactory().models();
    const used = new Set(loadNetworkDefinition(demo).devices.map((d) => d.model));
    expect([...used].sort()).toEqual([...models].sort());
  });

  it('should generate the same network for the same count, with unique addresses and every model', () => {
    const models = catalogueModels();
    const a = generateNetwork(200, models);
    expect(generateNetwork(200, models)).toEqual(a);
    expect(new Set(a.devices.map((d) => d.ieee)).size).toBe(200);
    expect(new Set(a.devices.map((d) => d.model)).size).toBe(models.length);
    // Mostly lights and plugs, the routers carrying the mesh.
    const routers = a.devices.filter((d) => ['LCT015', 'LWB010', 'TRADFRI-bulb-E27-WW-806lm', 'TRADFRI-control-outlet'].includes(d.model));
    expect(routers.length).toBeGreaterThan(60);
  });
});

describe('virtual radio paths', () => {
  it('should resolve --state and --network where npm was started (INIT_CWD), not in the workspace folder', () => {
    const options = parseOptions(['--state', 'data/radio.json', '--network', '/abs/net.json'], { INIT_CWD: '/repo' });
    expect(options.state).toBe('/repo/data/radio.json');
    expect(options.network).toBe('/abs/net.json');
  });
});
