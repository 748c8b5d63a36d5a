import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, examples, responseExamples } from '@herdgate/shared/mqtt';
import type { MemoryTransport } from '../src/bridge-link';
import { jsonInit, startGatewayWithMemoryBridge, type TestGateway } from './helpers/gateway';

/**
 * PUT/GET /config with the radio backed by a bridge link (an in-process transport standing in for
 * the broker; test/gateway-bridge-link.test.ts runs the same against the real bridge).
 */
describe('config radio settings over the bridge link', () => {
  let gw: TestGateway;
  let key: string;
  let transport: MemoryTransport;
  const bridgeTopic = (leaf: string) => `herdgate/bridge/${EXAMPLE_BRIDGE}/${leaf}`;
  const config = async () => (await gw.request(`/api/${key}/config`)).json() as Promise<Record<string, unknown>>;
  const put = async (body: unknown) => {
    const res = await gw.request(`/api/${key}/config`, jsonInit('PUT', body));
    return { status: res.status, body: (await res.json()) as unknown[] };
  };

  beforeAll(async () => {
    ({ gw, transport } = await startGatewayWithMemoryBridge());
    key = await gw.createKey();
  });
  afterAll(async () => {
    await gw.close();
  });

  it('should answer 950 and store nothing while no bridge is online', async () => {
    const before = await config();
    expect(before).toMatchObject({ rfconnected: false, permitjoin: 0 });
    const etag = (await gw.request(`/api/${key}/config`)).headers.get('etag');
    expect(await put({ name: 'changed', permitjoin: 60 })).toEqual({
      status: 503,
      body: [{ error: { type: 950, address: '/config/permitjoin', description: 'Not connected' } }],
    });
    expect(await config()).toMatchObject({ name: before.name, permitjoin: 0 });
    expect((await gw.request(`/api/${key}/config`)).headers.get('etag')).toBe(etag);
  });

  it('should show the bridge identity once it is online and list done radio actions before a refusal', async () => {
    transport.deliver(bridgeTopic('state'), { state: 'online' });
    transport.deliver(bridgeTopic('info'), examples.bridgeInfo);
    expect(await config()).toMatchObject({ bridgeid: EXAMPLE_BRIDGE, zigbeechannel: 15, rfconnected: true, permitjoin: 57 });
    const pending = put({ permitjoin: 30, zigbeechannel: 25 });
    const request = await published(transport, bridgeTopic('request/permit_join'));
    transport.deliver(bridgeTopic('response/permit_join'), { transaction: request.body.transaction, status: 'ok', data: { time: 30, open: true } });
    const move = await published(transport, bridgeTopic('request/network/channel'));
    expect(move.body).toMatchObject({ channel: 25 });
    transport.deliver(bridgeTopic('response/network/channel'), { transaction: move.body.transaction, status: 'error', error: { code: 'busy', message: 'a network operation (firmware) is in progress' } });
    expect(await pending).toEqual({
      status: 503,
      body: [
        { success: { '/config/permitjoin': 30 } },
        { error: { type: 951, address: '/config/zigbeechannel', description: 'gateway busy' } },
      ],
    });
    expect(await config()).toMatchObject({ zigbeechannel: 15, permitjoin: 30 });
  });

  it('should answer 901 with the reason when the bridge does not answer in time', async () => {
    const res = await put({ permitjoin: 10 });
    expect(res.status).toBe(503);
    expect(res.body).toEqual([{ error: { type: 901, address: '/config/permitjoin', description: expect.stringMatching(/^Internal error, permit join: request permit_join: no answer from the bridge within 500 ms$/) } }]);
  });

  it('should answer other writes 951 while a reset runs, and delete nothing when its network part is refused', async () => {
    const api = (path: string, init?: RequestInit) => gw.request(`/api/${key}${path}`, init);
    const groupNames = async () => Object.values((await (await api('/groups')).json()) as Record<string, { name: string }>).map((g) => g.name);
    expect((await api('/groups', jsonInit('POST', { name: 'Keep' }))).status).toBe(200);
    const resets = () => transport.published.filter((p) => p.topic === bridgeTopic('request/network/reset'));
    const refused = api('/config/reset', jsonInit('POST', { resetGW: true, deleteDB: true }));
    const first = await waitForCount(resets, 1);
    // The bridge holds the reset: the gateway is busy for writes and still serves reads.
    const meanwhile = await api('/groups', jsonInit('POST', { name: 'Meanwhile' }));
    expect(meanwhile.status).toBe(503);
    expect(await meanwhile.json()).toEqual([{ error: { type: 951, address: '/groups', description: 'gateway busy' } }]);
    expect(await groupNames()).toEqual(['Keep']);
    transport.deliver(bridgeTopic('response/network/reset'), { transaction: first.body.transaction, status: 'error', error: { code: 'internal', message: 'the coordinator refused the new network' } });
    const answer = await refused;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual([{ error: { type: 901, address: '/config/reset', description: expect.stringContaining('the coordinator refused the new network') } }]);
    expect(await groupNames()).toEqual(['Keep']);
    // Accepted this time: the network, then the database.
    const accepted = api('/config/reset', jsonInit('POST', { resetGW: true, deleteDB: true }));
    const second = await waitForCount(resets, 2);
    transport.deliver(bridgeTopic('response/network/reset'), { transaction: second.body.transaction, status: 'ok', data: responseExamples['network/reset'] });
    expect(await (await accepted).json()).toEqual([{ success: { '/config/reset': 'success' } }]);
    expect(await groupNames()).toEqual([]);
    expect((await api('/groups', jsonInit('POST', { name: 'After' }))).status).toBe(200);
  });
});

/** The `count`th message `list` returns, once there is one (bounded wait). */
async function waitForCount<T>(list: () => T[], count: number): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = list()[count - 1];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} messages within 2 s`);
}

/** The first message the link published on `topic` (bounded wait; a coming-online options push may come first). */
async function published(transport: MemoryTransport, topic: string) {
  for (let i = 0; i < 100; i++) {
    const found = transport.published.find((p) => p.topic === topic);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the link published nothing on ${topic} within 1 s`);
}
