import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { jsonInit } from './helpers/gateway';
import { startRuntimeGateway, type RuntimeGateway } from './helpers/runtimes';
import { startSqld, type Sqld } from './helpers/sqld';
import { clipBody, connectEvents, createClip } from './sensors/helpers';

/**
 * What the workerd build promises beyond the shared conformance files: timers run on the Durable
 * Object's alarm (a timer schedule fires with no request arriving), and with a remote libSQL
 * database a 200 means the row is already on the server, on both runtimes.
 */
describe('api on workerd: timers on Durable Object alarms', () => {
  let gw: RuntimeGateway;
  beforeAll(async () => {
    gw = await startRuntimeGateway({ runtime: 'workerd', database: 'local' }, { HERDGATE_TEST_CLOCK: 'system' });
  }, 90_000);
  afterAll(async () => gw?.close());

  it('should fire a timer schedule and push its event with no request arriving meanwhile', async () => {
    const key = await gw.createKey();
    const id = await createClip(gw, key, clipBody('CLIPGenericFlag'));
    const events = await connectEvents(gw.websocketUrl);
    try {
      const res = await gw.request(
        `/api/${key}/schedules`,
        jsonInit('POST', {
          name: 'soon',
          time: 'PT00:00:02',
          command: { address: `/api/${key}/sensors/${id}/state`, method: 'PUT', body: { flag: true } },
        }),
      );
      expect(res.status).toBe(200);
      // From here on only the alarm can run the schedule: no HTTP request reaches the Worker.
      const fired = await events.next((e) => e.e === 'changed' && e.id === id && (e.state as { flag?: boolean } | undefined)?.flag === true, 15_000);
      expect(fired).toMatchObject({ r: 'sensors', t: 'event' });
    } finally {
      events.close();
    }
  }, 30_000);

  // The suite shares one Worker: a test restart resets this object only, as the runtime does when it
  // evicts one. Its event sockets close, its storage stays, and another object is not touched.
  it('should reset only this object on a test restart, keeping its storage', async () => {
    const other = await startRuntimeGateway({ runtime: 'workerd', database: 'local' });
    try {
      const key = await gw.createKey();
      const otherKey = await other.createKey();
      const mine = new WebSocket(gw.websocketUrl);
      const theirs = new WebSocket(other.websocketUrl);
      await Promise.all([mine, theirs].map((socket) => new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))));
      const closed = new Promise<number>((resolve) => mine.once('close', (code) => resolve(code)));
      await gw.restart();
      expect(await closed).toBeGreaterThan(0);
      expect(theirs.readyState).toBe(WebSocket.OPEN);
      // `/config` answers any key (deCONZ's public subset); `/lights` only a key of that gateway.
      expect((await gw.request(`/api/${key}/lights`)).status).toBe(200);
      expect((await other.request(`/api/${key}/lights`)).status).toBe(403);
      expect((await other.request(`/api/${otherKey}/lights`)).status).toBe(200);
      theirs.close();
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe.each(['node', 'workerd'] as const)('remote libSQL database (sqld) on %s', (runtime) => {
  let sqld: Sqld;
  let gw: RuntimeGateway;
  beforeAll(async () => {
    sqld = await startSqld();
    gw = await startRuntimeGateway({ runtime, database: 'local' }, { DATABASE_URL: sqld.url });
  }, 90_000);
  afterAll(async () => {
    await gw?.close();
    await sqld?.close();
  });

  it('should have committed a new key and a CLIP sensor on the server before answering 200', async () => {
    const key = await gw.createKey('durable#check');
    const id = await createClip(gw, key, clipBody('CLIPSwitch', { name: 'Remote switch' }));
    const client = createClient({ url: sqld.url });
    try {
      const keys = await client.execute({ sql: 'SELECT name FROM api_keys WHERE key = ?', args: [key] });
      expect(keys.rows.map((row) => row.name)).toEqual(['durable#check']);
      const sensors = await client.execute('SELECT * FROM sensors');
      expect(JSON.stringify(sensors.rows)).toContain('Remote switch');
      expect(id).toMatch(/^\d+$/);
    } finally {
      client.close();
    }
  });
});

describe('api on workerd: settings workerd cannot honour', () => {
  let gw: RuntimeGateway;
  beforeAll(async () => {
    gw = await startRuntimeGateway({ runtime: 'workerd', database: 'local' }, { MQTT_URL: 'wss://mqtt.example.invalid', MQTT_CA: '/etc/herdgate/ca.pem' });
  }, 90_000);
  afterAll(async () => gw?.close());

  it('should answer every request with why it did not start when MQTT_CA is set', async () => {
    for (const path of ['/api/config', '/api/nokey/lights']) {
      const res = await gw.request(path);
      expect(res.status).toBe(503);
      const [{ error }] = (await res.json()) as [{ error: { type: number; description: string } }];
      expect(error.type).toBe(901);
      expect(error.description).toMatch(
        /^herdgate could not start: invalid configuration: MQTT_CA cannot be used on workerd: outgoing TLS trusts only publicly trusted certificates/,
      );
    }
  });
});
