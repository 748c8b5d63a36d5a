/**
 * Child entry for the collections benchmark: the real Node gateway linked over MQTT to the bridge
 * the suite started (`BENCH_MQTT_URL`), on a temp database, plus `GET /bench/bytes/<n>`: a JSON
 * body of n bytes encoded once, the floor for answering that many bytes through the same server
 * and middleware. Prints its port once `BENCH_EXPECT_DEVICES` devices are interviewed and their
 * sensors have stopped appearing; exits on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeGateway } from '@herdgate/api/node';

const expected = Number(process.env.BENCH_EXPECT_DEVICES ?? 0);
const sized = new Map<number, Uint8Array<ArrayBuffer>>();
const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-collections-'));
const gateway = await createNodeGateway(
  {
    HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: `file:${join(dir, 'bench.db')}`,
    LOG_LEVEL: 'warn', MQTT_URL: process.env.BENCH_MQTT_URL,
  },
  {
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
const until = Date.now() + 15 * 60_000;
let lastCount = -1;
let stableSince = Date.now();
while (Date.now() < until) {
  const count = sensors.count();
  if (count !== lastCount) [lastCount, stableSince] = [count, Date.now()];
  if (interviewed() >= expected && Date.now() - stableSince > 3_000) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
process.stdout.write(`${JSON.stringify({ httpPort: gateway.httpPort, pid: process.pid, devices: interviewed() })}\n`);

process.once('SIGTERM', () => {
  gateway.close().finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
