import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlServer } from '../../src/control/server';
import type { ControlServer } from '../../src/control/server';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio } from '../../src/virtual-radio';
import { noDevices } from '../support/no-devices';
import { waitFor } from '../../../../test/helpers/wait';

describe('control api', () => {
  let radio: VirtualRadio;
  let control: ControlServer;
  const call = async (method: string, path: string, body?: string) => {
    const res = await fetch(`http://127.0.0.1:${control.port}${path}`, { method, body, signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    radio = await startVirtualRadio({ factory: noDevices, mac: '00212effff00aabb' });
    control = await startControlServer(radio, 0);
  });
  afterAll(async () => {
    await control?.close();
    await radio?.stop();
  });

  it('should report health with the coordinator address and no host', async () => {
    const res = await call('GET', '/health');
    expect(res).toEqual({
      status: 200,
      body: expect.objectContaining({ ok: true, hostConnected: false, coordinator: '00212effff00aabb', devices: 0, networkState: 0 }),
    });
  });

  it('should list no devices and an empty pool', async () => {
    expect(await call('GET', '/devices')).toEqual({ status: 200, body: { joined: [], pool: [], joinOpen: false } });
  });

  it('should reject an unknown model with a 400 naming the field', async () => {
    const res = await call('POST', '/devices', JSON.stringify({ model: 'NOPE' }));
    expect(res).toEqual({ status: 400, body: { error: 'model: unknown model "NOPE"' } });
  });

  it('should reject invalid JSON and unknown fields', async () => {
    expect((await call('POST', '/devices', '{nope')).status).toBe(400);
    const res = await call('POST', '/devices', JSON.stringify({ model: 'x', colour: 'red' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/colour/);
  });

  it('should answer 404 for an unknown device and route, 405 for a wrong method', async () => {
    expect(await call('GET', '/devices/00124b0000000001')).toEqual({ status: 404, body: { error: 'no joined device 00124b0000000001' } });
    expect((await call('GET', '/devices/not-an-ieee')).status).toBe(400);
    expect((await call('GET', '/nowhere')).status).toBe(404);
    expect((await call('PUT', '/health')).status).toBe(405);
  });

  it('should add, list and remove faults', async () => {
    const added = await call('POST', '/faults', JSON.stringify({ kind: 'drop', frames: 2 }));
    expect(added).toEqual({ status: 201, body: expect.objectContaining({ kind: 'drop', frames: 2, id: expect.any(Number) }) });
    expect((await call('GET', '/faults')).body).toHaveLength(1);
    expect(await call('DELETE', `/faults/${added.body.id}`)).toEqual({ status: 200, body: { removed: added.body.id } });
    expect((await call('GET', '/faults')).body).toEqual([]);
  });

  it('should refuse a fault of an unknown kind or for an unknown device', async () => {
    expect((await call('POST', '/faults', JSON.stringify({ kind: 'explode' }))).status).toBe(400);
    expect((await call('POST', '/faults', JSON.stringify({ kind: 'no-ack', ieee: '00124b0000000009' }))).status).toBe(404);
  });

  it('should expire a timed fault', async () => {
    await call('POST', '/faults', JSON.stringify({ kind: 'delay', ms: 50, durationMs: 500 }));
    expect((await call('GET', '/faults')).body).toHaveLength(1);
    await waitFor(async () => (await call('GET', '/faults')).body.length === 0, 'the timed fault to expire', 5_000, 20);
  });

  it('should reset the frame counters', async () => {
    radio.counters.count('group', 5);
    expect((await call('GET', '/counters')).body).toEqual({ nwk: {}, group: { '5': 1 }, broadcast: {}, total: 1 });
    expect((await call('DELETE', '/counters')).body.total).toBe(0);
  });
});
