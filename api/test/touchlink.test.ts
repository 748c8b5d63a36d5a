import { beforeAll, expect, it } from 'vitest';
import { setBridgeOnline } from './helpers/bridge-devices';
import { expectDeconzError } from './helpers/conformance';
import { jsonInit } from './helpers/gateway';
import { describeOnRuntimesWithBridge } from './helpers/runtimes';
import { waitFor } from '../../test/helpers/wait';

/**
 * The touchlink routes over the bridge link, against the scripted bridge, which holds every
 * touchlink request until the test answers it (test/touchlink.test.ts runs them against the real
 * bridge and the Z-Stack emulator).
 */
describeOnRuntimesWithBridge('touchlink routes over the bridge link', (gw, bridge) => {
  let key: string;
  const post = (path: string) => gw().request(`/api/${key}${path}`, { method: 'POST' });
  const scan = async () => (await gw().request(`/api/${key}/touchlink/scan`)).json() as Promise<Record<string, any>>;
  /** The bridge comes (back) online on a coordinator of this adapter type. */
  const online = async (type: string) => {
    await setBridgeOnline(gw(), bridge(), key, false);
    bridge().info = { ...bridge().info, coordinator: { ...bridge().info.coordinator, type } };
    await bridge().publishInfo();
    await setBridgeOnline(gw(), bridge(), key, true);
  };
  const nextRequest = async (name: string, after: number) => {
    await waitFor(
      () =>
        bridge()
          .heldRequests.slice(after)
          .some((r) => r.name === name),
      'bridge() .heldRequests.slice(after) .some((r) => r.name === name)',
    );
    return bridge()
      .heldRequests.slice(after)
      .find((r) => r.name === name)!;
  };

  beforeAll(async () => {
    key = await gw().createKey();
    bridge().holdRequests.push('touchlink/scan', 'touchlink/identify', 'touchlink/reset');
    await setBridgeOnline(gw(), bridge(), key, false);
  });

  it('should refuse a bad key, and answer 950 "Not connected" to a scan while no bridge is online', async () => {
    await expectDeconzError(await gw().request('/api/NOTAKEY000000/touchlink/scan', { method: 'POST' }), 403, 1);
    const [error] = await expectDeconzError(await post('/touchlink/scan'), 503, 950, '/touchlink/scan');
    expect(error!.error.description).toBe('Not connected');
    expect(await scan()).toEqual({ scanstate: 'idle', lastscan: '', result: {} });
  });

  it('should name the adapters that can touchlink when the radio is a ConBee, and send nothing', async () => {
    await online('deconz');
    const before = bridge().requests.length;
    const [error] = await expectDeconzError(await post('/touchlink/scan'), 503, 901, '/touchlink/scan');
    expect(error!.error.description).toMatch(/adapters: zstack, ember.*the deconz adapter/);
    expect(
      bridge()
        .requests.slice(before)
        .some((r) => r.name.startsWith('touchlink')),
    ).toBe(false);
  });

  it('should scan in the background, refuse network writes meanwhile, and list the results by id', async () => {
    await online('zstack');
    const before = bridge().heldRequests.length;
    const started = await post('/touchlink/scan');
    expect(started.status).toBe(200);
    expect(await started.text()).toBe('');
    const request = await nextRequest('touchlink/scan', before);
    expect(await scan()).toMatchObject({ scanstate: 'scanning' });
    await expectDeconzError(await post('/touchlink/scan'), 503, 951, '/touchlink/scan');
    await expectDeconzError(await gw().request(`/api/${key}/lights/1/state`, jsonInit('PUT', { on: true })), 503, 951, '/lights/1/state');
    await expectDeconzError(await gw().request(`/api/${key}/config`, jsonInit('PUT', { rfconnected: true })), 503, 901, '/config/rfconnected');
    // Reads still work.
    expect((await gw().request(`/api/${key}/lights`)).status).toBe(200);

    const results = [
      { ieee: '0x0017880104a1c00e', channel: 25, factorynew: true, address: 0xffff, panid: 0xffff, rssi: -30 },
      { ieee: '0x0017880104a1c001', channel: 15, factorynew: false, address: 0x1a2b, panid: 6754, rssi: -45 },
    ];
    await request.answer({ status: 'ok', data: { results } });
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
    let before = bridge().heldRequests.length;
    const identify = post('/touchlink/1/identify');
    const request = await nextRequest('touchlink/identify', before);
    expect(request.data).toMatchObject({ ieee: '0x0017880104a1c00e', channel: 25 });
    await request.answer({ status: 'ok', data: { ieee: request.data.ieee, channel: 25 } });
    const done = await identify;
    expect(done.status).toBe(200);
    expect(await done.text()).toBe('');

    before = bridge().heldRequests.length;
    const reset = post('/touchlink/2/reset');
    const resetRequest = await nextRequest('touchlink/reset', before);
    await resetRequest.answer({ status: 'error', code: 'internal', message: 'touchlink: no scan response on channel 15' });
    const [error] = await expectDeconzError(await reset, 503, 901, '/touchlink/2/reset');
    expect(error!.error.description).toBe('Internal error, touchlink: no scan response on channel 15');
  });

  it('should answer 950 "Not connected" to identify and reset while the bridge is away, and when it goes away mid-action', async () => {
    const before = bridge().heldRequests.length;
    const identify = post('/touchlink/1/identify');
    await nextRequest('touchlink/identify', before);
    await setBridgeOnline(gw(), bridge(), key, false);
    const [lost] = await expectDeconzError(await identify, 503, 950, '/touchlink/1/identify');
    expect(lost!.error.description).toBe('Not connected');
    await expectDeconzError(await post('/touchlink/1/identify'), 503, 950, '/touchlink/1/identify');
    await expectDeconzError(await post('/touchlink/2/reset'), 503, 950, '/touchlink/2/reset');
    // Not busy afterwards: the refusal is the network, and the radio's return ends it.
    await setBridgeOnline(gw(), bridge(), key, true);
    const after = bridge().heldRequests.length;
    const again = post('/touchlink/1/identify');
    const request = await nextRequest('touchlink/identify', after);
    await request.answer({ status: 'ok', data: { ieee: request.data.ieee, channel: 25 } });
    expect((await again).status).toBe(200);
  });
});
