/**
 * Child entry for the collections benchmark: the real Node gateway linked over MQTT to the bridge
 * the suite started (`BENCH_MQTT_URL`), on a temp database, plus `GET /bench/bytes/<n>`: a JSON
 * body of n bytes encoded once, the floor for answering that many bytes through the same server
 * and middleware. Prints its port once `BENCH_EXPECT_DEVICES` devices are interviewed and their
 * sensors have stopped appearing, or once at least 80% are and nothing has changed for a minute
 * (on a loaded machine a few interviews time out, as they can on a real network); it says how
 * many are up. Exits on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createNodeGateway } from '@herdgate/api/node';

const expected = Number(process.env.BENCH_EXPECT_DEVICES ?? 0);
const sized = new Map<number, Uint8Array<ArrayBuffer>>();
const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-collections-'));
const gateway = await createNodeGateway(
  {
    HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: `file:${join(dir, 'bench.db')}`,
    LOG_LEVEL: 'warn', MQTT_URL: process.env.BENCH_MQTT_URL, MQTT_USER: process.env.MQTT_USER, MQTT_PASSWORD: process.env.MQTT_PASSWORD,
  },
  {
    // Logs go to stderr: stdout carries the one JSON line the suite waits for.
    logger: pino({ level: 'warn' }, pino.destination(2)),
    extraRoutes: (app) => {
      app.get('/bench/bytes/:n', (c) => {
        const n = Number(c.req.param('n'));
        let body = sized.get(n);
        if (!body) sized.set(n, (body = new TextEncoder().encode(`{"x":"${'a'.repeat(Math.max(0, n - 8))}"}`)));
        return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
      });
    },
  },
);

const { bridge, sensors } = gateway.services;
const interviewed = () => [...bridge.devices().values()].filter((d) => d.interview === 'successful').length;
const until = Date.now() + 25 * 60_000;
const QUIET_MS = 60_000;
let lastCount = '';
let stableSince = Date.now();
// A large network may still be joining when the bridge's start-up window (254 s) closes: open it
// again, as a user would, through the api's own PUT /config.
const base = `http://127.0.0.1:${gateway.httpPort}/api`;
const key = await acquireKey();
let reopenAt = Date.now() + 200_000;
while (Date.now() < until) {
  const count = `${sensors.count()}/${interviewed()}/${bridge.devices().size}`;
  if (count !== lastCount) {
    [lastCount, stableSince] = [count, Date.now()];
    process.stderr.write(`sensors/interviewed/described ${count} of ${expected}\n`);
  }
  const quietFor = Date.now() - stableSince;
  if (interviewed() >= expected && quietFor > 3_000) break;
  if (interviewed() >= 0.8 * expected && quietFor > QUIET_MS) break;
  if (Date.now() > reopenAt) {
    reopenAt = Date.now() + 200_000;
    await fetch(`${base}/${key}/config`, { method: 'PUT', body: JSON.stringify({ permitjoin: 254 }) }).catch(() => undefined);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}

async function acquireKey(): Promise<string> {
  const res = await fetch(base, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
    body: JSON.stringify({ devicetype: 'bench#collections-child' }),
  });
  return ((await res.json()) as [{ success: { username: string } }])[0].success.username;
}
process.stdout.write(`${JSON.stringify({ httpPort: gateway.httpPort, pid: process.pid, devices: interviewed() })}\n`);

process.once('SIGTERM', () => {
  gateway.close().finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
