import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogRing } from '@herdgate/shared/log';
import { ringLogger } from '@herdgate/shared/node/logger';
import { connectMqttLink } from '../src/bridge-link';
import { startTestGateway, type TestGateway } from './helpers/gateway';
import { startTestBridge, type TestBridge } from './helpers/test-bridge';
import { addTestRoutes, FAILING_ROUTE } from './helpers/test-routes';
import { waitFor } from '../../test/helpers/wait';

/**
 * `GET /api/<key>/logs`: the api's own warnings and errors (with the request id that caused them)
 * and the bridge's, relayed over `bridge/<id>/log` by a scripted bridge on a real broker.
 */
describe('log view', () => {
  let bridge: TestBridge;
  let gw: TestGateway;
  let key: string;
  const logs = new LogRing();
  const ieee = '0x00158d0001a2b3c4';
  const read = async (query = '') => {
    const res = await gw.request(`/api/${key}/logs${query}`);
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    bridge = await startTestBridge();
    gw = await startTestGateway({}, undefined, {
      logs,
      extraRoutes: addTestRoutes,
      bridge: () => connectMqttLink({ url: bridge.url, base: 'herdgate', logger: ringLogger('silent', logs, 'api') }),
    });
    key = await gw.createKey('log reader');
  });
  afterAll(async () => {
    await gw?.close();
    await bridge?.close();
  });

  it('should list an error of the api with the request id its answer carried', async () => {
    const failed = await gw.request(FAILING_ROUTE);
    expect(failed.status).toBe(503);
    const reqid = failed.headers.get('x-request-id');
    expect(reqid).toBeTruthy();
    const { status, body } = await read();
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ level: 'error', process: 'api', msg: 'unhandled error', reqid, err: 'kaboom' });
    expect(typeof body[0].id).toBe('number');
    expect(Number.isNaN(Date.parse(body[0].time))).toBe(false);
  });

  it("should list the bridge's relayed warning, by device and level, and only what came after an id", async () => {
    const before = (await read()).body[0].id as number;
    await bridge.publishLog({ time: '2026-12-02T08:00:00.000Z', level: 'warn', msg: 'interview failed', module: 'interview', ieee });
    await waitFor(
      async () => (await read('?device=00:15:8d:00:01:a2:b3:c4')).body.length === 1,
      "(await read('?device=00:15:8d:00:01:a2:b3:c4')).body.length === 1",
    );
    const { body } = await read(`?after=${before}`);
    expect(body).toEqual([
      { id: before + 1, time: '2026-12-02T08:00:00.000Z', level: 'warn', process: 'bridge', msg: 'interview failed', module: 'interview', ieee },
    ]);
    expect((await read(`?device=${ieee}`)).body).toHaveLength(1);
    expect((await read('?level=error')).body.every((e: { level: string }) => e.level !== 'warn')).toBe(true);
    expect((await read('?limit=1')).body).toHaveLength(1);
  });

  it('should drop a malformed relayed entry and say so in its own log', async () => {
    const before = (await read()).body[0].id as number;
    await bridge.publishLog({ level: 'loud', msg: 42 });
    await waitFor(async () => (await read(`?after=${before}`)).body.length > 0, 'log entries after the mark');
    const { body } = await read(`?after=${before}`);
    expect(body).toEqual([expect.objectContaining({ process: 'api', level: 'warn', msg: 'ignored an invalid payload from the broker' })]);
  });

  it.each([
    ['?level=info', 'level', 'info'],
    ['?limit=0', 'limit', '0'],
    ['?limit=501', 'limit', '501'],
    ['?after=-1', 'after', '-1'],
    ['?device=lamp', 'device', 'lamp'],
  ])('should refuse %s with error 7 and change nothing', async (query, name, value) => {
    const count = logs.entries().length;
    const { status, body } = await read(query);
    expect(status).toBe(400);
    expect(body).toEqual([{ error: { type: 7, address: `/logs/${name}`, description: `invalid value, ${value}, for parameter, ${name}` } }]);
    expect(logs.entries().length).toBe(count);
  });

  it('should answer an unknown key with error 1', async () => {
    const res = await gw.request('/api/not-a-key/logs');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject([{ error: { type: 1 } }]);
  });
});
