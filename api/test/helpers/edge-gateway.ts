import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWebApp } from '@herdgate/web/build';
import { writeMigrationBundle } from '../../scripts/bundle-migrations';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The test Worker: the production entry plus a manual clock (test/edge/worker-test-entry.ts). */
const TEST_CONFIG = fileURLToPath(new URL('../edge/wrangler.test.toml', import.meta.url));

/** The api on workerd (wrangler's local dev server, the same build `npm run start:edge` runs). */
export interface EdgeGateway {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  /** Stop the Worker and start it again on the same Durable Object state (new port). */
  restart(): Promise<EdgeGateway>;
  close(): Promise<void>;
}

/**
 * Starts the test Worker in local mode on a free loopback port, with a fresh Durable Object state in a
 * temp folder. `vars` are the api's settings (wrangler vars), e.g. `{ MQTT_URL: 'none' }`.
 */
export async function startEdgeGateway(vars: Record<string, string> = {}, stateDir?: string): Promise<EdgeGateway> {
  const state = stateDir ?? (await mkdtemp(join(tmpdir(), 'herdgate-edge-')));
  // Wrangler's own logs and telemetry stay out of the user's config folder and off the network.
  process.env.WRANGLER_SEND_METRICS = 'false';
  // One folder for the whole run: wrangler keeps writing there after a gateway's own folder is gone.
  process.env.WRANGLER_LOG_PATH = join(ROOT, 'node_modules', '.cache', 'herdgate-wrangler-logs');
  await mkdir(process.env.WRANGLER_LOG_PATH, { recursive: true });
  process.env.WRANGLER_LOG ??= 'error';
  // The Worker bundles the migrations and the web app's assets: built from today's sources, once
  // per run by the suite's global setup (test/helpers/global-setup.ts), else before this start.
  if (process.env.HERDGATE_TEST_EDGE_BUILT !== '1') {
    writeMigrationBundle();
    await writeWebApp();
  }
  const { unstable_startWorker } = await import('wrangler');
  const bindings = Object.fromEntries(Object.entries({ MQTT_URL: 'none', LOG_LEVEL: 'warn', ...vars }).map(([name, value]) => [name, { type: 'plain_text' as const, value }]));
  const worker = await unstable_startWorker({
    config: TEST_CONFIG,
    bindings,
    dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, persist: join(state, 'state'), watch: false },
  });
  try {
    await worker.ready;
    const url = await worker.url;
    // The object starts (migrations, models) on its first request; on a loaded machine that can
    // take several seconds, which no test's own request bound should have to absorb.
    await fetch(new URL('/api/config', url), { signal: AbortSignal.timeout(60_000) }).then((res) => res.arrayBuffer());
    return {
      base: url.origin,
      port: Number(url.port),
      async restart() {
        await worker.dispose();
        return startEdgeGateway(vars, state);
      },
      async close() {
        await worker.dispose();
        await rm(state, { recursive: true, force: true, maxRetries: 5 });
      },
    };
  } catch (err) {
    await worker.dispose();
    throw err;
  }
}
