/**
 * Child process for gateway-start.test.ts: makes a gateway start fail on a port that is in
 * use (`http` or `websocket`, argv[2]), after the database, bridge link, sensors and automation
 * timers are up. It never calls process.exit: it ends only if the failed start stopped all of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createNodeGateway } from './gateway';

const listening = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const blocker = createServer();
const busyPort = await listening(blocker);
// A loopback port nobody listens on: the MQTT link keeps dialling it until it is closed.
const probe = createServer();
const deadPort = await listening(probe);
await closed(probe);

const dir = mkdtempSync(join(tmpdir(), 'herdgate-start-fail-'));
const which = process.argv[2];
try {
  await createNodeGateway(
    {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: which === 'http' ? String(busyPort) : '0',
      WEBSOCKET_PORT: which === 'websocket' ? String(busyPort) : '0',
      DATABASE_URL: `file:${join(dir, 'test.db')}`,
      MQTT_URL: `mqtt://127.0.0.1:${deadPort}`,
    },
    { logger: pino({ level: 'silent' }) },
  );
  process.stdout.write('started\n');
} catch (err) {
  process.stdout.write(`failed ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`);
} finally {
  await closed(blocker);
  rmSync(dir, { recursive: true, force: true });
}
