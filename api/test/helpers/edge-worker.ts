import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWebApp } from '@herdgate/web/build';
import { writeMigrationBundle } from '../../scripts/bundle-migrations';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The test Worker: the production entry plus the test routes and objects (test/edge/worker-test-entry.ts). */
const TEST_CONFIG = fileURLToPath(new URL('../edge/wrangler.test.toml', import.meta.url));

/** A running test Worker (wrangler's local dev server). */
export interface TestWorker {
  origin: string;
  dispose(): Promise<void>;
}

/**
 * Starts the test Worker in local mode on a free loopback port, its Durable Objects' state in a temp
 * folder. The edge project's global setup starts them (one per test process) before the files run.
 */
export async function startTestWorker(): Promise<TestWorker> {
  const state = await mkdtemp(join(tmpdir(), 'herdgate-edge-'));
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
  const bindings = Object.fromEntries(
    Object.entries({ MQTT_URL: 'none', LOG_LEVEL: 'warn' }).map(([name, value]) => [name, { type: 'plain_text' as const, value }]),
  );
  const worker = await unstable_startWorker({
    config: TEST_CONFIG,
    bindings,
    dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, persist: join(state, 'state'), watch: false },
  });
  const dispose = async () => {
    await worker.dispose();
    await rm(state, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await worker.ready;
    return { origin: (await worker.url).origin, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
