import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, examples } from '@herdgate/shared/mqtt';
import type { MemoryTransport } from '../src/bridge-link';
import { expectDeconzError } from './helpers/conformance';
import { jsonInit, startGatewayWithMemoryBridge, type TestGateway } from './helpers/gateway';

/**
 * The touchlink routes over the bridge link (an in-process transport standing in for the broker;
 * test/touchlink.test.ts runs them against the real bridge and the Z-Stack emulator).
 */
describe('touchlink routes over the bridge link', () => {
  let gw: TestGateway;
  let key: string;
  let transport: MemoryTransport;
  const bridgeTopic = (leaf: string) => `herdgate/bridge/${EXAMPLE_BRIDGE}/${leaf}`;
  const post = (path: string) => gw.request(`/api/${key}${path}`, { method: 'POST' });
  const scan = async () => (await gw.request(`/api/${key}/touchlink/scan`)).json() as Promise<Record<string, any>>;
  const online = (type: string) => {
    transport.deliver(bridgeTopic('state'), { state: 'online' });
    transport.deliver(bridgeTopic('info'), { ...examples.bridgeInfo, coordinator: { ...examples.bridgeInfo.coordinator, type } });
  };
  const nextRequest = async (name: string, after: number) => {
    for (let i = 0; i < 200; i++) {
      const found = transport.published.slice(after).find((p) => p.topic === bridgeTopic(`request/${name}`));
      if (found) return found.body as Record<string, any>;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${name} request within 2 s`);
  };

  beforeAll(async () => {
    ({ gw, transport } = await startGatewayWithMemoryBridge());
    key = await gw.createKey();
  });
  afterAll(async () => {
    await gw.close();
  });

  it('should refuse a bad key, and refuse to scan while no bridge is online', async () => {
    await expectDeconzError(await gw.request('/api/NOTAKEY000000/touchlink/scan', { method: 'POST' }), 403, 1);
    const [error] = await expectDeconzError(await post('/touchlink/scan'), 503, 901, '/touchlink/scan');
    expect(error!.error.description).toBe('Internal error, the bridge is not connected');
    expect(await scan()).toEqual({ scanstate: 'idle', lastscan: '', result: {} });
  });

  it('should name the adapters that can touchlink when the radio is a ConBee, and send nothing', async () => {
    online('deconz');
    const before = transport.published.length;
    const [error] = await expectDeconzError(await post('/touchlink/scan'), 503, 901, '/touchlink/scan');
    expect(error!.error.description).toMatch(/adapters: zstack, ember.*the deconz adapter/);
    expect(transport.published.slice(before).some((p) => p.topic.includes('touchlink'))).toBe(false);
  });

  it('should scan in the background, refuse network writes meanwhile, and list the results by id', async () => {
    online('zstack');
    const before = transport.published.length;
    const started = await post('/touchlink/scan');
    expect(started.status).toBe(200);
    expect(await started.text()).toBe('');
    const request = await nextRequest('touchlink/scan', before);
    expect(await scan()).toMatchObject({ scanstate: 'scanning' });
    await expectDeconzError(await post('/touchlink/scan'), 503, 951, '/touchlink/scan');
    await expectDeconzError(await gw.request(`/api/${key}/lights/1/state`, jsonInit('PUT', { on: true })), 503, 951, '/lights/1/state');
    await expectDeconzError(await gw.request(`/api/${key}/config`, jsonInit('PUT', { rfconnected: true })), 503, 901, '/config/rfconnected');
    // Reads still work.
    expect((await gw.request(`/api/${key}/lights`)).status).toBe(200);

    const results = [
      { ieee: '0x0017880104a1c00e', channel: 25, factorynew: true, address: 0xffff, panid: 0xffff, rssi: -30 },
      { ieee: '0x0017880104a1c001', channel: 15, factorynew: false, address: 0x1a2b, panid: 6754, rssi: -45 },
    ];
    transport.deliver(bridgeTopic('response/touchlink/scan'), { transaction: request.transaction, status: 'ok', data: { results } });
    await expect.poll(async () => (await scan()).scanstate).toBe('idle');
    expect(await scan()).toEqual({
      scanstate: 'idle',
      lastscan: '2026-01-15T12:00:00',
      result: {
        1: { address: '0x0017880104a1c00e', channel: 25, factorynew: true, panid: 0xffff, rssi: -30 },
        2: { address: '0x0017880104a1c001', channel: 15, factorynew: false, panid: 6754, rssi: -45 },
      },
    });
  });

  it('should identify and reset a result through the bridge, answering what happened', async () => {
    await expectDeconzError(await post('/touchlink/3/identify'), 404, 3, '/touchlink/3/identify');
    let before = transport.published.length;
    const identify = post('/touchlink/1/identify');
    const request = await nextRequest('touchlink/identify', before);
    expect(request).toMatchObject({ ieee: '0x0017880104a1c00e', channel: 25 });
    transport.deliver(bridgeTopic('response/touchlink/identify'), { transaction: request.transaction, status: 'ok', data: { ieee: request.ieee, channel: 25 } });
    const done = await identify;
    expect(done.status).toBe(200);
    expect(await done.text()).toBe('');

    before = transport.published.length;
    const reset = post('/touchlink/2/reset');
    const resetRequest = await nextRequest('touchlink/reset', before);
    transport.deliver(bridgeTopic('response/touchlink/reset'), { transaction: resetRequest.transaction, status: 'error', error: { code: 'internal', message: 'touchlink: no scan response on channel 15' } });
    const [error] = await expectDeconzError(await reset, 503, 901, '/touchlink/2/reset');
    expect(error!.error.description).toBe('Internal error, touchlink: no scan response on channel 15');
  });
});
