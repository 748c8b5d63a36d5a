import { writeWebApp } from '@herdgate/web/build';
import { writeMigrationBundle } from '../../api/scripts/bundle-migrations';

/**
 * Runs once per vitest project that names it (the edge project), before its test files: builds
 * what the test Worker bundles (the migrations as one JSON module, the web app's assets) from
 * today's sources, so each `wrangler dev` start does not build them again. The forked test
 * processes inherit the marker; `startEdgeGateway` builds them itself without it (a Worker started
 * outside the suite).
 */
export default async function setup(): Promise<void> {
  writeMigrationBundle();
  await writeWebApp();
  process.env.HERDGATE_TEST_EDGE_BUILT = '1';
}
