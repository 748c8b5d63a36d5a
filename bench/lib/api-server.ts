/**
 * Child entry for the api benchmark: the real Node gateway on loopback with a throwaway libSQL
 * file, plus `GET /bare`, a small JSON answer on the same app and server (same middleware), which
 * is the baseline the api routes are compared with. Prints `{"httpPort":…}` once listening and
 * exits on SIGTERM, removing its database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// api's public entry is platform-free; the Node runtime is only reachable by path for now.
import { createNodeGateway } from '@herdgate/api/node';

export interface ApiServerInfo {
  httpPort: number;
  websocketPort: number;
  pid: number;
}

const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-'));
const gateway = await createNodeGateway(
  {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: '0',
    WEBSOCKET_PORT: '0',
    DATABASE_URL: `file:${join(dir, 'bench.db')}`,
    LOG_LEVEL: 'warn',
    // No bridge in this suite: without this the api would keep dialling 127.0.0.1:1883.
    MQTT_URL: 'none',
  },
  { extraRoutes: (app) => app.get('/bare', (c) => c.json({ bare: true, name: 'herdgate' })) },
);

const info: ApiServerInfo = { httpPort: gateway.httpPort, websocketPort: gateway.websocketPort, pid: process.pid };
process.stdout.write(`${JSON.stringify(info)}\n`);

process.once('SIGTERM', () => {
  gateway.close().then(
    () => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`bench api server: close failed: ${String(error)}\n`);
      rmSync(dir, { recursive: true, force: true });
      process.exit(1);
    },
  );
});
