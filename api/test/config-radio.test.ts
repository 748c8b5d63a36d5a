import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, examples } from '@herdgate/shared/mqtt';
import { whileBridgeOffline } from './helpers/bridge-devices';
import { jsonInit, startGatewayWithMemoryBridge, type TestGateway } from './helpers/gateway';
import { describeOnRuntimesWithBridge } from './helpers/runtimes';
import { waitFor } from '../../test/helpers/wait';

/**
 * PUT/GET /config with the radio backed by the bridge link: the gateway follows the scripted
 * bridge over MQTT on both runtimes (test/gateway-bridge-link.test.ts runs the same against the
 * real bridge).
 */
describeOnRuntimesWithBridge('config radio settings over the bridge link', (gw, bridge) => {
  let key: string;
  const config = async () => (await gw().request(`/api/${key}/config`)).json() as Promise<Record<string, unknown>>;
  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const put = async (body: unknown) => {
    const res = await api('/config', jsonInit('PUT', body));
    return { status: res.status, body: (await res.json()) as unknown[] };
  };
  /** The `count`th request the bridge holds, once it has arrived (bounded wait). */
  const held = async (count: number) => {
    await waitFor(() => bridge().heldRequests.length >= count, 'bridge().heldRequests.length >= count');
    return bridge().heldRequests[count - 1]!;
  };

  beforeAll(async () => {
    key = await gw().createKey();
  });
  afterEach(() => {
    bridge().holdRequests = [];
    bridge().heldRequests.splice(0);
  });

  it('should answer 950 and store nothing while no bridge is online', async () => {
    await whileBridgeOffline(gw(), bridge(), key, async () => {
      const before = await config();
      expect(before).toMatchObject({ rfconnected: false, permitjoin: 0 });
      const etag = (await api('/config')).headers.get('etag');
      expect(await put({ name: 'changed', permitjoin: 60 })).toEqual({
        status: 503,
        body: [{ error: { type: 950, address: '/config/permitjoin', description: 'Not connected' } }],
      });
      expect(await config()).toMatchObject({ name: before.name, permitjoin: 0 });
      expect((await api('/config')).headers.get('etag')).toBe(etag);
    });
  });

  it('should show the bridge identity once it is online and list done radio actions before a refusal', async () => {
    expect(await config()).toMatchObject({ bridgeid: EXAMPLE_BRIDGE, zigbeechannel: 15, rfconnected: true, permitjoin: 57 });
    bridge().holdRequests = ['network/channel'];
    const pending = put({ permitjoin: 30, zigbeechannel: 25 });
    const move = await held(1);
    expect(move.data).toMatchObject({ channel: 25 });
    await move.answer({ status: 'error', code: 'busy', message: 'a network operation (firmware) is in progress' });
    expect(await pending).toEqual({
      status: 503,
      body: [{ success: { '/config/permitjoin': 30 } }, { error: { type: 951, address: '/config/zigbeechannel', description: 'gateway busy' } }],
    });
    expect(
      bridge()
        .requests.filter((r) => r.name === 'permit_join')
        .at(-1)?.data,
    ).toEqual({ time: 30 });
    expect(await config()).toMatchObject({ zigbeechannel: 15, permitjoin: 30 });
  });

  it('should answer other writes 951 while a reset runs, and delete nothing when its network part is refused', async () => {
    const groupNames = async () => Object.values((await (await api('/groups')).json()) as Record<string, { name: string }>).map((g) => g.name);
    expect((await api('/groups', jsonInit('POST', { name: 'Keep' }))).status).toBe(200);
    bridge().holdRequests = ['network/reset'];
    const refused = api('/config/reset', jsonInit('POST', { resetGW: true, deleteDB: true }));
    const first = await held(1);
    // The bridge holds the reset: the gateway is busy for writes and still serves reads.
    const meanwhile = await api('/groups', jsonInit('POST', { name: 'Meanwhile' }));
    expect(meanwhile.status).toBe(503);
    expect(await meanwhile.json()).toEqual([{ error: { type: 951, address: '/groups', description: 'gateway busy' } }]);
    expect(await groupNames()).toEqual(['Keep']);
    await first.answer({ status: 'error', code: 'internal', message: 'the coordinator refused the new network' });
    const answer = await refused;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual([
      { error: { type: 901, address: '/config/reset', description: expect.stringContaining('the coordinator refused the new network') } },
    ]);
    expect(await groupNames()).toEqual(['Keep']);
    // Accepted this time (the contract's example answer): the network, then the database.
    const accepted = api('/config/reset', jsonInit('POST', { resetGW: true, deleteDB: true }));
    await (await held(2)).answer();
    expect(await (await accepted).json()).toEqual([{ success: { '/config/reset': 'success' } }]);
    expect(await groupNames()).toEqual([]);
    expect((await api('/groups', jsonInit('POST', { name: 'After' }))).status).toBe(200);
  });
});

/**
 * Node only: the link's answer bound is set in process here (500 ms; the real link waits 16 s,
 * longer than a test should), with an in-process transport standing in for the broker.
 */
describe('config radio settings when the bridge does not answer', () => {
  let gw: TestGateway;
  let key: string;
  beforeAll(async () => {
    const started = await startGatewayWithMemoryBridge();
    gw = started.gw;
    key = await gw.createKey();
    const bridgeTopic = (leaf: string) => `herdgate/bridge/${EXAMPLE_BRIDGE}/${leaf}`;
    started.transport.deliver(bridgeTopic('state'), { state: 'online' });
    started.transport.deliver(bridgeTopic('info'), examples.bridgeInfo);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('should answer 901 with the reason when the bridge does not answer in time', async () => {
    const res = await gw.request(`/api/${key}/config`, jsonInit('PUT', { permitjoin: 10 }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual([
      {
        error: {
          type: 901,
          address: '/config/permitjoin',
          description: expect.stringMatching(/^Internal error, permit join: request permit_join: no answer from the bridge within 500 ms$/),
        },
      },
    ]);
  });
});
