import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { examples, EXAMPLE_BRIDGE } from '@herdgate/shared/mqtt';
import type { MemoryTransport } from '../src/bridge-link/memory-transport';
import { startGatewayWithMemoryBridge, type TestGateway } from './helpers/gateway';

const bridgeTopic = (leaf: string) => `herdgate/bridge/${EXAMPLE_BRIDGE}/${leaf}`;
/** The first value `probe` finds (bounded wait). */
const found = <T>(probe: () => T | undefined) => vi.waitFor(() => probe() ?? Promise.reject(new Error('not yet')), { timeout: 5_000, interval: 5 });

/**
 * Routes that ask the bridge and then write a row only if it is still live: the bridge's news
 * caused by the request (here "the device left", an empty retained description) can arrive before
 * the request's own answer, and must not turn the request's success into a 404.
 */
describe('bridge news before the answer', () => {
  let gw: TestGateway;
  let transport: MemoryTransport;
  let key: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const describeDevice = (ieee: string, mac: string, subdevices: unknown[]) =>
    transport.deliver(`herdgate/devices/${ieee}`, { ...examples.device, ieee, uniqueid: mac, name: `device ${mac}`, subdevices });
  /** Answers the next `device/remove` request, after publishing the device's departure. */
  const leaveWithNewsFirst = async (ieee: string) => {
    const request = await found(() => transport.published.find((p) => p.topic.endsWith('/request/device/remove') && p.body.ieee === ieee));
    transport.deliver(`herdgate/devices/${ieee}`, '');
    transport.deliver(bridgeTopic('response/device/remove'), { transaction: request.body.transaction, status: 'ok', data: { ieee, left: true } });
  };

  beforeAll(async () => {
    ({ gw, transport } = await startGatewayWithMemoryBridge());
    key = await gw.createKey();
    transport.deliver(bridgeTopic('state'), { state: 'online' });
    transport.deliver(bridgeTopic('info'), examples.bridgeInfo);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('should answer DELETE /sensors/<id> with reset as a success when the leave news came first', async () => {
    const ieee = '0x00124b0022a1d001';
    const mac = '00:12:4b:00:22:a1:d0:01';
    describeDevice(ieee, mac, [{ type: 'ZHAOpenClose', resource: 'sensors', uniqueid: `${mac}-01-0006`, endpoint: 1, state: ['open'], config: ['battery', 'reachable', 'on'] }]);
    await gw.gateway.services.sensors.idle();
    const id = Object.entries(gw.gateway.services.sensors.list()).find(([, s]) => s.uniqueid === `${mac}-01-0006`)![0];
    const [answer] = await Promise.all([call('DELETE', `/sensors/${id}`, { reset: true }), leaveWithNewsFirst(ieee)]);
    expect(answer).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/reset`]: true } }] });
    expect((await call('GET', `/sensors/${id}`)).status).toBe(404);
  });

  it('should answer DELETE /lights/<id> with reset as a success when the leave news came first', async () => {
    const ieee = '0x0017880102a3d002';
    const mac = '00:17:88:01:02:a3:d0:02';
    describeDevice(ieee, mac, [{ ...examples.device.subdevices[0], uniqueid: `${mac}-0b` }]);
    const light = await found(() => gw.gateway.services.lights.live().find((l) => l.row.ieee === ieee));
    const id = light.row.id;
    const [answer] = await Promise.all([call('DELETE', `/lights/${id}`, { reset: true }), leaveWithNewsFirst(ieee)]);
    expect(answer).toEqual({ status: 200, body: [{ success: { id } }] });
    expect((await call('GET', `/lights/${id}`)).status).toBe(404);
  });
});
