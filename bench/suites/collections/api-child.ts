/**
 * Child entry for the collections benchmark's reads: the real Node gateway linked over MQTT to the
 * bridge the suite started (`BENCH_MQTT_URL`), on the database the suite's `npm start` api left
 * (`BENCH_DATABASE_URL`: its key and groups), plus `GET /bench/bytes/<n>`: a JSON body of n bytes
 * encoded once, the floor for answering that many bytes through the same server and middleware.
 * Prints its port once the bridge's `BENCH_EXPECT_DEVICES` interviewed devices are known (retained
 * descriptions, a few seconds). Exits on SIGTERM.
 */
import { pino } from 'pino';
import { createNodeGateway } from '@herdgate/api/node';

const expected = Number(process.env.BENCH_EXPECT_DEVICES ?? 0);
const sized = new Map<number, Uint8Array<ArrayBuffer>>();
const gateway = await createNodeGateway(
  {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: '0',
    WEBSOCKET_PORT: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    LOG_LEVEL: 'warn',
    MQTT_URL: process.env.BENCH_MQTT_URL,
    MQTT_USER: process.env.MQTT_USER,
    MQTT_PASSWORD: process.env.MQTT_PASSWORD,
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

const { bridge } = gateway.services;
const interviewed = () => [...bridge.devices().values()].filter((d) => d.interview === 'successful').length;
const until = Date.now() + 120_000;
while (interviewed() < expected && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
process.stdout.write(`${JSON.stringify({ httpPort: gateway.httpPort, pid: process.pid, devices: interviewed() })}\n`);

process.once('SIGTERM', () => {
  gateway.close().finally(() => process.exit(0));
});
