import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlServer } from '../../src/control/server';
import type { ControlServer } from '../../src/control/server';
import { createDeviceFactory } from '../../src/devices/index';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';

describe('control api: OTA', () => {
  let radio: VirtualRadio;
  let control: ControlServer;
  const bulb = '0017880100000d01';
  const sensor = '00124b0000000d02';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${control.port}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    radio = await startVirtualRadio({
      factory: createDeviceFactory(),
      network: {
        devices: [
          { model: 'LCT015', ieee: bulb, join: 'joined' },
          { model: 'TH01', ieee: sensor, join: 'joined' },
        ],
      },
    });
    control = await startControlServer(radio, 0);
  });
  afterAll(async () => {
    await control?.close();
    await radio?.stop();
  });

  it('should show the OTA identity of a device that has a client, and none for one that has not', async () => {
    const { body } = await call('GET', `/devices/${bulb}`);
    expect(body.ota).toEqual({
      manufacturerCode: 0x100b,
      imageType: 0x010c,
      fileVersion: 16783874,
      stackVersion: 2,
      hardwareVersion: 1,
      state: 'idle',
      blocksRequested: 0,
    });
    expect((await call('GET', `/devices/${sensor}`)).body.ota).toBeUndefined();
    expect(await call('GET', '/ota')).toEqual({
      status: 200,
      body: { pacing: 'realistic', clients: [expect.objectContaining({ ieee: bulb, model: 'LCT015', fileVersion: 16783874 })] },
    });
  });

  it('should switch the pacing and refuse one it does not know', async () => {
    expect(await call('PUT', '/ota', { pacing: 'fast' })).toEqual({ status: 200, body: { pacing: 'fast' } });
    expect(radio.otaPacing).toBe('fast');
    expect((await call('PUT', '/ota', { pacing: 'warp' })).status).toBe(400);
    expect((await call('PUT', '/ota', { pacing: 'fast', extra: 1 })).status).toBe(400);
    expect((await call('POST', '/ota', {})).status).toBe(405);
  });

  it('should set and clear a fault, and refuse bad ones', async () => {
    expect(await call('PUT', `/devices/${bulb}/ota/fault`, { kind: 'stall', afterBytes: 500 })).toEqual({
      status: 200,
      body: expect.objectContaining({ fault: { kind: 'stall', afterBytes: 500 } }),
    });
    expect((await call('PUT', `/devices/${bulb}/ota/fault`, { kind: 'melt' })).status).toBe(400);
    expect((await call('PUT', `/devices/${bulb}/ota/fault`, { kind: 'stall', afterBytes: -1 })).status).toBe(400);
    expect((await call('DELETE', `/devices/${bulb}/ota/fault`)).body.fault).toBeUndefined();
    expect(await call('PUT', `/devices/${sensor}/ota/fault`, { kind: 'refuse' })).toEqual({
      status: 404,
      body: { error: `device ${sensor} (TH01) has no OTA client` },
    });
    expect((await call('PUT', '/devices/00124b00000000ff/ota/fault', { kind: 'refuse' })).status).toBe(404);
    expect((await call('PUT', '/devices/nope/ota/fault', { kind: 'refuse' })).status).toBe(400);
  });

  it('should make a device query now, with no host to answer it', async () => {
    const res = await call('POST', `/devices/${bulb}/ota/query`);
    expect(res).toEqual({ status: 200, body: expect.objectContaining({ state: 'querying' }) });
    expect((await call('POST', `/devices/${sensor}/ota/query`)).status).toBe(404);
  });
});
