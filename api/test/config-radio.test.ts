import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, examples } from '@herdgate/shared/mqtt';
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
});

/** The first message the link published on `topic` (bounded wait; a coming-online options push may come first). */
async function published(transport: MemoryTransport, topic: string) {
  for (let i = 0; i < 100; i++) {
    const found = transport.published.find((p) => p.topic === topic);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the link published nothing on ${topic} within 1 s`);
}
