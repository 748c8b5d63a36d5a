import type { TestProject } from 'vitest/node';
import { writeWebApp } from '@herdgate/web/build';
import { writeMigrationBundle } from '../../api/scripts/bundle-migrations';
import { startTestWorker, type TestWorker } from '../../api/test/helpers/edge-worker';
import { testWorkers } from './test-workers';

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
  // One Worker per file slot (VITEST_POOL_ID 1…n): with fewer, two files shared one workerd and,
  // at six files at a time, timed out waiting for it.
  const started = await Promise.allSettled(Array.from({ length: testWorkers() }, () => startTestWorker()));
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
