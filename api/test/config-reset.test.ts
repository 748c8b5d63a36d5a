import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openDatabase } from '../src/runtime/node/database';
import { SURVIVING_TABLES, schemaTables } from '../src/store/forget';
import { settings } from '../src/store/schema';
import { jsonInit, startTestGateway, type TestGateway } from './helpers/gateway';
import { describeOnRuntimes } from './helpers/runtimes';
import { waitFor } from '../../test/helpers/wait';

/**
 * `POST /config/reset {"deleteDB": true}` against the database itself: every table of the schema
 * but the listed survivors is empty afterwards, the settings table keeps only the identity, login,
 * revision and radio rows, the asking key is the only one, and all of it survives a restart. The
 * same reset on the real stack (bridge link, WebSocket, devices coming back): test/gateway-reset.test.ts.
 */
const b64 = (text: string) => Buffer.from(text).toString('base64');
const basic = (user: string, password: string) => `Basic ${b64(`${user}:${password}`)}`;

describe('config reset deleteDB', () => {
  let gw: TestGateway;
  let key: string;
  let other: string;
  const call = (method: string, path: string, body?: unknown, as = key) => gw.request(`/api/${as}${path}`, jsonInit(method, body ?? ''));
  const ok = async (res: Promise<Response>) => expect((await res).status).toBe(200);

  beforeAll(async () => {
    gw = await startTestGateway();
    key = await gw.createKey('presser');
    other = await gw.createKey('other');
    await ok(call('PUT', '/config', { name: 'Old name', timezone: 'Europe/Berlin', groupdelay: 300, lightlastseeninterval: 120 }));
    await ok(call('PUT', '/config/password', { username: 'delight', oldhash: b64('delight:delight'), newhash: b64('delight:s3cret-pass') }));
    await ok(call('POST', '/groups', { name: 'Kitchen' }));
    await ok(call('POST', '/sensors', { name: 'Flag', type: 'CLIPGenericFlag', modelid: 'm', manufacturername: 'x', swversion: '1', uniqueid: 'flag-1' }));
    await ok(
      call('POST', '/rules', {
        name: 'r',
        conditions: [{ address: '/config/localtime', operator: 'in', value: 'T22:00:00/T23:00:00' }],
        actions: [{ address: '/groups/0/action', method: 'PUT', body: { on: false } }],
      }),
    );
    await ok(
      call('POST', '/schedules', {
        name: 's',
        command: { address: `/api/${key}/groups/0/action`, method: 'PUT', body: { on: true } },
        localtime: 'W127/T07:00:00',
      }),
    );
    await ok(call('PUT', '/alarmsystems/1/config', { code0: '4711', armed_away_exit_delay: 5 }));
    await ok(call('PUT', '/alarmsystems/1', { name: 'House' }));
    await ok(call('POST', '/resourcelinks', { name: 'Links', classid: 1, links: ['/groups/1'] }));
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('should name only real tables as survivors', () => {
    const names = schemaTables().map(getTableName);
    for (const survivor of Object.keys(SURVIVING_TABLES)) expect(names).toContain(survivor);
  });

  it('should empty every other table in one committed write and keep the asking key', async () => {
    const revision = (await gw.request(`/api/${key}/config`)).headers.get('ETag');
    const res = await call('POST', '/config/reset', { deleteDB: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: { '/config/reset': 'success' } }]);
    expect(res.headers.get('ETag')).not.toBe(revision);
    const { db, client } = await openDatabase(gw.databaseUrl, undefined);
    try {
      for (const table of schemaTables()) {
        const name = getTableName(table);
        if (name in SURVIVING_TABLES) continue;
        const [row] = await db.select({ count: sql<number>`count(*)` }).from(table);
        // The models loaded again at once: alarm system 1 and the Daylight sensor exist afresh.
        const fresh = name === 'alarm_systems' || name === 'sensors' ? 1 : 0;
        expect({ name, count: row!.count }).toEqual({ name, count: fresh });
      }
      const kept = (await db.select({ key: settings.key }).from(settings)).map((row) => row.key).sort();
      expect(kept).toEqual(expect.arrayContaining(['@credentials', '@identity', '@revision']));
      for (const name of kept) expect(['@credentials', '@identity', '@revision', 'rfconnected', 'zigbeechannel']).toContain(name);
    } finally {
      client.close();
    }
  });

  it('should serve the emptied gateway at once and after a restart', async () => {
    for (const restart of [false, true]) {
      if (restart) gw = await gw.restart();
      const as = (path: string, who = key) => gw.request(`/api/${who}${path}`);
      expect((await as('/lights', other)).status).toBe(403);
      const cfg = (await (await as('/config')).json()) as Record<string, any>;
      expect(Object.keys(cfg.whitelist)).toEqual([key]);
      expect(cfg).toMatchObject({ name: 'herdgate', timezone: 'Etc/UTC', groupdelay: 50, lightlastseeninterval: 60 });
      expect(await (await as('/groups')).json()).toEqual({});
      expect(await (await as('/rules')).json()).toEqual({});
      expect(await (await as('/schedules')).json()).toEqual({});
      expect(await (await as('/resourcelinks')).json()).toEqual({});
      const sensors = Object.values((await (await as('/sensors')).json()) as Record<string, { type: string }>);
      expect(sensors.map((s) => s.type)).toEqual(['Daylight']);
      expect(await (await as('/alarmsystems/1')).json()).toMatchObject({ name: 'default', config: { configured: false } });
    }
    // The gateway login survives: the changed password, not the well-known default.
    const login = await gw.request('/api', {
      method: 'POST',
      headers: { Authorization: basic('delight', 's3cret-pass') },
      body: JSON.stringify({ devicetype: 'after' }),
    });
    expect(login.status).toBe(200);
    const old = await gw.request('/api', {
      method: 'POST',
      headers: { Authorization: basic('delight', 'delight') },
      body: JSON.stringify({ devicetype: 'after' }),
    });
    expect(old.status).toBe(403);
  });

  it('should refuse deleteDB from a rule action, which the rebuild would have to wait for', async () => {
    const res = await gw.request(`/api/${key}/config/reset`, jsonInit('POST', { deleteDB: true }));
    expect(res.status).toBe(200);
    const internal = await gw.gateway.services.internal.send('POST', `/api/${key}/config/reset`, { deleteDB: true }, 'rule-1');
    expect(internal.status).toBe(503);
    expect(JSON.stringify(internal.body)).toContain('deleteDB cannot run from a rule or a schedule');
  });
});

/** The same reset on Node and in the Worker's Durable Object: the rebuild is the shared core's. */
describeOnRuntimes('config reset deleteDB', (gw) => {
  it('should empty the gateway in place and keep serving the asking key and its WebSocket', async () => {
    const key = await gw().createKey('presser');
    const other = await gw().createKey('other');
    const call = (method: string, path: string, body?: unknown, as = key) =>
      gw().request(`/api/${as}${path}`, method === 'GET' ? undefined : jsonInit(method, body ?? ''));
    expect((await call('POST', '/groups', { name: 'Kitchen' })).status).toBe(200);
    const flag = await call('POST', '/sensors', {
      name: 'Flag',
      type: 'CLIPGenericFlag',
      modelid: 'm',
      manufacturername: 'x',
      swversion: '1',
      uniqueid: 'flag-1',
    });
    const flagId = ((await flag.json()) as [{ success: { id: string } }])[0].success.id;
    // The reset's own `r: "config"` event is herdgate's: only a client that asks gets it.
    const socket = new WebSocket(`${gw().websocketUrl}?events=all`);
    const events: Record<string, unknown>[] = [];
    socket.on('message', (data) => events.push(JSON.parse(data.toString()) as Record<string, unknown>));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      const res = await call('POST', '/config/reset', { deleteDB: true });
      expect(await res.json()).toEqual([{ success: { '/config/reset': 'success' } }]);
      expect((await call('GET', '/lights', undefined, other)).status).toBe(403);
      expect(await (await call('GET', '/groups')).json()).toEqual({});
      const sensors = Object.values((await (await call('GET', '/sensors')).json()) as Record<string, { type: string }>);
      expect(sensors.map((s) => s.type)).toEqual(['Daylight']);
      expect((await call('POST', '/groups', { name: 'After' })).status).toBe(200);
      await waitFor(() => events.some((e) => e.r === 'config'), 'the config changed event', 10_000);
      expect(events.some((e) => e.e === 'deleted' && e.r === 'sensors' && e.id === flagId)).toBe(true);
      expect(events.some((e) => e.r === 'config' && (e.config as Record<string, unknown>).databasereset === true)).toBe(true);
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.terminate();
    }
  });
});
