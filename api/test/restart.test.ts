import { afterEach, describe, expect, it } from 'vitest';
import { LAST_USE_FLUSH_MS } from '../src/store/libsql-store';
import { jsonInit, startTestGateway, type TestGateway } from './helpers/gateway';
import { describeOnRuntimes } from './helpers/runtimes';

let gw: TestGateway | undefined;
let second: TestGateway | undefined;
afterEach(async () => {
  await second?.close();
  await gw?.close();
  gw = second = undefined;
});

/** One gateway per runtime, restarted on the same database (the file on Node, the object's storage on workerd). */
describeOnRuntimes('restart on the same database', (gw) => {
  it('should keep keys, settings, the credentials and the identity', async () => {
    const key = await gw().createKey('survivor');
    await gw().request(`/api/${key}/config`, jsonInit('PUT', { name: 'durable', timezone: 'Asia/Tokyo', zigbeechannel: 20, websocketnotifyall: false }));
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    await gw().request(`/api/${key}/config/password`, jsonInit('PUT', { username: 'delight', oldhash: b64('delight:delight'), newhash: b64('delight:kept') }));
    const before = (await (await gw().request(`/api/${key}/config`)).json()) as Record<string, unknown>;
    // The schedules' tag is the store's alone (the full state's also shows the WebSocket port, which a test restart takes anew).
    const etag = (await gw().request(`/api/${key}/schedules`)).headers.get('etag');

    await gw().restart();
    const res = await gw().request(`/api/${key}/config`);
    expect(res.status).toBe(200);
    const after = (await res.json()) as Record<string, unknown>;
    for (const field of ['name', 'timezone', 'zigbeechannel', 'websocketnotifyall', 'bridgeid', 'mac', 'panid', 'uuid']) {
      expect(after[field], field).toEqual(before[field]);
    }
    expect(after.whitelist).toHaveProperty(key);
    expect((await gw().request(`/api/${key}/schedules`)).headers.get('etag')).toBe(etag);
    const login = `Basic ${b64('delight:kept')}`;
    expect((await gw().request('/api', jsonInit('POST', { devicetype: 'x' }, { Authorization: login }))).status).toBe(200);
    // Back to the default login for the tests below.
    expect(
      (
        await gw().request(
          `/api/${key}/config/password`,
          jsonInit('PUT', { username: 'delight', oldhash: b64('delight:kept'), newhash: b64('delight:delight') }),
        )
      ).status,
    ).toBe(200);
  });

  it('should keep every ETag when nothing changed in between (loading at start is no write)', async () => {
    const key = await gw().createKey('etags');
    // Rows in the tables every loader reads, so each loader has something to load.
    const sensor = await gw().request(
      `/api/${key}/sensors`,
      jsonInit('POST', {
        name: 'kept',
        type: 'CLIPPresence',
        modelid: 'm',
        swversion: '1',
        manufacturername: 'herdgate tests',
        uniqueid: 'restart-etag-1',
      }),
    );
    expect(sensor.status).toBe(200);
    const group = await gw().request(`/api/${key}/groups`, jsonInit('POST', { name: 'kept' }));
    expect(group.status).toBe(200);
    // Not `/config` nor the full state: they show the WebSocket port, which a test restart takes
    // anew (port 0), and their tags follow what they show.
    const paths = ['/lights', '/sensors', '/groups', '/rules', '/schedules'].map((path) => `/api/${key}${path}`);
    const tags = async () => Promise.all(paths.map(async (path) => (await gw().request(path)).headers.get('etag')));
    // The writes above moved in-memory change counters too; a first restart starts from the database alone.
    await gw().restart();
    const before = await tags();
    expect(before.every((tag) => tag !== null && tag.length > 2)).toBe(true);
    await gw().restart();
    // These tags carry the store revision: equal tags mean the start wrote nothing.
    expect(await tags()).toEqual(before);
  });

  it('should not keep the unlock window', async () => {
    const key = await gw().createKey();
    await gw().request(`/api/${key}/config`, jsonInit('PUT', { unlock: 600 }));
    expect((await gw().request('/api', jsonInit('POST', { devicetype: 'x' }))).status).toBe(200);
    await gw().restart();
    expect((await gw().request('/api', jsonInit('POST', { devicetype: 'x' }))).status).toBe(403);
  });
});

/** Node only: what the store keeps in memory and writes when (read through the in-process store). */
describe('restart on the same database file: store internals', () => {
  it('should persist key last-use dates at most once a minute and on close', async () => {
    gw = await startTestGateway();
    const key = await gw.createKey();
    const created = gw.clock.now();
    gw.clock.advance(LAST_USE_FLUSH_MS / 2);
    await gw.request(`/api/${key}/lights`);
    const revision = gw.gateway.services.store.revision();
    expect(gw.gateway.services.store.apiKey(key)?.lastUsedAt).toBe(created + LAST_USE_FLUSH_MS / 2);
    expect(gw.gateway.services.store.revision()).toBe(revision);
    second = await gw.restart();
    gw = undefined;
    expect(second.gateway.services.store.apiKey(key)?.lastUsedAt).toBe(created + LAST_USE_FLUSH_MS / 2);
  });

  it('should allocate ids that never repeat across restarts', async () => {
    gw = await startTestGateway();
    const store = gw.gateway.services.store;
    expect([await store.allocateId('lights'), await store.allocateId('lights'), await store.allocateId('rules')]).toEqual(['1', '2', '1']);
    second = await gw.restart();
    gw = undefined;
    expect(await second.gateway.services.store.allocateId('lights')).toBe('3');
  });
});
