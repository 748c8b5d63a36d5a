import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { topics, type MatterRequestName, type MatterStatus } from '@herdgate/shared/mqtt';
import type { MemoryTransport } from '../../src/bridge-link';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { jsonInit, startGatewayWithMemoryBridge, type TestGateway } from '../helpers/gateway';
import { waitFor } from '../../../test/helpers/wait';

/**
 * `/api/<key>/matter` against the in-memory bridge link: the test plays the Matter process, which
 * publishes its retained status and answers the api's requests on `matter/response/<name>`
 * (test/matter-stack.test.ts runs GET and commissioning against the real Matter process).
 */
const STATUS: MatterStatus = {
  pairingcode: '34970112332',
  qrcode: 'MT:Y.K9042C00KA0648G00',
  port: 5540,
  commissioned: true,
  window: false,
  fabrics: [
    { index: 1, label: 'Apple Home', vendorid: 4937, fabricid: '1', nodeid: '2' },
    { index: 2, label: 'Google Home', vendorid: 24582, fabricid: '7', nodeid: '9' },
  ],
};
const VIEW = (status: MatterStatus) => ({
  pairingcode: status.pairingcode,
  qrcode: status.qrcode,
  port: status.port,
  commissioned: status.commissioned,
  commissioning: status.window,
  fabrics: status.fabrics,
});

describe('matter REST resource', () => {
  let gw: TestGateway;
  let transport: MemoryTransport;
  let key: string;
  const api = (path: string, init?: RequestInit) => gw.request(`/api/${key}${path}`, init);
  const requests = (name: MatterRequestName) => transport.published.filter((entry) => entry.topic === topics.matterRequest('herdgate', name));
  const publishStatus = (status: MatterStatus | undefined) => transport.deliver(topics.matterState('herdgate'), status === undefined ? '' : status);
  /** Waits for the api's next `name` request and answers it as the Matter process would. */
  const answer = async (name: MatterRequestName, reply: (body: Record<string, unknown>) => Record<string, unknown>) => {
    const before = requests(name).length;
    await waitFor(() => requests(name).length > before, 'requests(name).length > before');
    const body = requests(name).at(-1)!.body;
    transport.deliver(topics.matterResponse('herdgate', name), { transaction: body.transaction, ...reply(body) });
    return body;
  };

  beforeAll(async () => {
    ({ gw, transport } = await startGatewayWithMemoryBridge());
    key = await gw.createKey();
  });
  afterAll(() => gw?.close());
  beforeEach(() => publishStatus(STATUS));

  itConformsToDeconz({
    context: () => ({ request: (path, init) => gw.request(path, init), key }),
    collection: '/matter',
    unknownId: '/matter/fabrics/9',
    write: { method: 'PUT', path: '/matter' },
    wrongMethod: 'POST',
  });

  it('should show the retained status in the REST shape', async () => {
    const res = await api('/matter');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(VIEW(STATUS));
  });

  it('should open and close the commissioning window through the Matter process', async () => {
    const opening = api('/matter', jsonInit('PUT', { commissioning: true }));
    const sent = await answer('window/open', () => ({ status: 'ok', data: { ...STATUS, window: true } }));
    expect(sent).toEqual({ transaction: expect.any(String) });
    const opened = await opening;
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual([{ success: { '/matter/commissioning': true } }]);

    const closing = api('/matter', jsonInit('PUT', '{"commissioning": false}'));
    await answer('window/close', () => ({ status: 'ok', data: STATUS }));
    expect(await (await closing).json()).toEqual([{ success: { '/matter/commissioning': false } }]);
  });

  it('should list the fabrics and remove one by index', async () => {
    expect(((await (await api('/matter')).json()) as { fabrics: unknown[] }).fabrics).toHaveLength(2);
    const removing = api('/matter/fabrics/2', { method: 'DELETE' });
    const sent = await answer('fabric/remove', () => ({ status: 'ok', data: { ...STATUS, fabrics: STATUS.fabrics.slice(0, 1) } }));
    expect(sent).toMatchObject({ index: 2 });
    const removed = await removing;
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual([{ success: '/matter/fabrics/2 deleted.' }]);
    // The Matter process republishes its retained status; GET follows it.
    publishStatus({ ...STATUS, fabrics: STATUS.fabrics.slice(0, 1) });
    expect(((await (await api('/matter')).json()) as { fabrics: { index: number }[] }).fabrics.map((fabric) => fabric.index)).toEqual([1]);
  });

  it('should answer 404 type 3 for a fabric the Matter process does not have', async () => {
    const removing = api('/matter/fabrics/7', { method: 'DELETE' });
    await answer('fabric/remove', () => ({ status: 'error', error: { code: 'not_found', message: 'no fabric has that index', field: 'index' } }));
    await expectDeconzError(await removing, 404, 3, '/matter/fabrics/7');
  });

  it('should refuse a fabric index outside 1-254 without asking the Matter process', async () => {
    const before = requests('fabric/remove').length;
    for (const index of ['0', '255', '-1', 'abc', '1.5', '0001']) {
      await expectDeconzError(await api(`/matter/fabrics/${index}`, { method: 'DELETE' }), 404, 3, `/matter/fabrics/${index}`);
    }
    expect(requests('fabric/remove')).toHaveLength(before);
  });

  it('should answer the deCONZ error array for a bad PUT body and send nothing', async () => {
    const before = transport.published.length;
    await expectDeconzError(await api('/matter', jsonInit('PUT', {})), 400, 5, '/matter/commissioning');
    await expectDeconzError(await api('/matter', jsonInit('PUT', { commissioning: 'yes' })), 400, 7, '/matter/commissioning');
    await expectDeconzError(await api('/matter', jsonInit('PUT', { commissioning: true, window: 180 })), 400, 6, '/matter/window');
    await expectDeconzError(await api('/matter', jsonInit('PUT', [true])), 400, 2);
    expect(transport.published.slice(before).filter((entry) => entry.topic.includes('/matter/request/'))).toEqual([]);
    expect(await (await api('/matter')).json()).toEqual(VIEW(STATUS));
  });

  it('should answer 503 when the Matter process does not answer in time', async () => {
    const res = await api('/matter', jsonInit('PUT', { commissioning: true }));
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { type: number; address: string } }[];
    expect(body[0]?.error).toMatchObject({ type: 901, address: '/matter/commissioning' });
  });

  it('should answer 404 type 3 everywhere while no Matter bridge runs', async () => {
    publishStatus(undefined);
    await expectDeconzError(await api('/matter'), 404, 3, '/matter');
    await expectDeconzError(await api('/matter', jsonInit('PUT', { commissioning: true })), 404, 3, '/matter');
    await expectDeconzError(await api('/matter/fabrics/1', { method: 'DELETE' }), 404, 3, '/matter/fabrics/1');
  });
});
