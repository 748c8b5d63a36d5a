/**
 * Child entry for the lights benchmark's radio part: the real Node gateway linked over MQTT to the
 * bridge the suite started (`BENCH_MQTT_URL`), on a temp database. Prints its ports once every
 * expected light (`BENCH_EXPECT_LIGHTS`) is in its model; exits on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeGateway } from '@herdgate/api/node';

const expected = Number(process.env.BENCH_EXPECT_LIGHTS ?? 0);
const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-lights-stack-'));
const gateway = await createNodeGateway({
  HTTP_HOST: '127.0.0.1',
  HTTP_PORT: '0',
  WEBSOCKET_PORT: '0',
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  LOG_LEVEL: 'warn',
  MQTT_URL: process.env.BENCH_MQTT_URL,
  MQTT_USER: process.env.MQTT_USER,
  MQTT_PASSWORD: process.env.MQTT_PASSWORD,
});
const until = Date.now() + 120_000;
while (gateway.services.lights.live().length < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
process.stdout.write(
  `${JSON.stringify({ httpPort: gateway.httpPort, lights: gateway.services.lights.live().map((l) => ({ id: l.row.id, ieee: l.row.ieee })) })}\n`,
);

process.once('SIGTERM', () => {
  gateway.close().finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
