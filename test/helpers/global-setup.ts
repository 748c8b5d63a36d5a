import type { TestProject } from 'vitest/node';
import { writeWebApp } from '@herdgate/web/build';
import { writeMigrationBundle } from '../../api/scripts/bundle-migrations';
import { startTestWorker, type TestWorker } from '../../api/test/helpers/edge-worker';

/** One test Worker per test process of the project (vitest.config.ts runs two at a time). */
const WORKERS = 2;

/**
 * Runs once per vitest project that names it (the edge project), before its test files: builds
 * what the test Worker bundles (the migrations as one JSON module, the web app's assets) from
 * today's sources, then starts the test Workers the whole project shares: every test gateway is a
 * Durable Object of its own on one of them (api/test/helpers/edge-gateway.ts), so no file starts
 * a Worker. A file run outside the project starts one Worker for its process.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  writeMigrationBundle();
  await writeWebApp();
  process.env.HERDGATE_TEST_EDGE_BUILT = '1';
  const started = await Promise.allSettled(Array.from({ length: WORKERS }, () => startTestWorker()));
  const workers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.allSettled(workers.map((worker: TestWorker) => worker.dispose()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide(
    'edgeWorkers',
    workers.map((worker) => worker.origin),
  );
  return stop;
}
