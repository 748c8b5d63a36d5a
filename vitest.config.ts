import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { testWorkers } from './test/helpers/test-workers.ts';

// One config for the whole monorepo, split into projects so a change can be checked by its layer:
// `npm test -- --project unit` is the quick loop, `npm test` runs every project. Each test file runs
// in its own forked process, which is what zigbee-herdsman needs (one Controller per process);
// cross-process tests spawn their own children. test/helpers/README.md says which project holds what.

/**
 * The runtime parity suite: these api files run on Node in `api` and again on workerd in `edge`
 * (api/test/helpers/runtimes.ts reads HERDGATE_TEST_RUNTIMES). Together they prove the same answers
 * on both runtimes for routing (and a remote libSQL server), storage across restarts and concurrent
 * writes, body limits and bad input, events over the WebSocket, timers (schedules on the manual
 * clock, rules firing webhooks through the runtime's own fetch), multipart uploads into the
 * database (DDF bundles), the web app's assets, the password reset window (it differs on a Durable
 * Object), and each resource type once. Every other api file runs on Node only.
 */
const PARITY = [
  'api/test/routing.test.ts',
  'api/test/restart.test.ts',
  'api/test/bad-input.test.ts',
  'api/test/store/lost-updates.test.ts',
  'api/test/security/websocket-access.test.ts',
  'api/test/web/web-app.test.ts',
  'api/test/whitelist-password.test.ts',
  'api/test/config-get.test.ts',
  'api/test/lights/lights-state.test.ts',
  'api/test/groups/groups.test.ts',
  'api/test/scenes/scenes.test.ts',
  'api/test/backup/restore-websocket.test.ts',
  'api/test/sensors/clip-write.test.ts',
  'api/test/rules/rules-crud.test.ts',
  'api/test/rules/rules-firing.test.ts',
  'api/test/schedules/schedules-firing.test.ts',
  'api/test/resourcelinks/resourcelinks.test.ts',
  'api/test/alarmsystems/alarmsystems-rest.test.ts',
  'api/test/devices/devices.test.ts',
  'api/test/ddf/bundles.test.ts',
];

/** What only workerd (or the Worker build) has: Durable Object alarms, the bundle, the edge stack. */
const EDGE_ONLY = ['api/test/edge-runtime.test.ts', 'api/test/runtime-build.test.ts', 'test/edge-gateway.test.ts'];
const BROWSER = ['test/web-*.test.ts'];
/** Tests beside the source that start processes (a tsx child, sqld, a whole stack): not the quick loop. */
const API_PROCESSES = [
  'api/src/runtime/env.test.ts',
  'api/src/runtime/node/gateway-start.test.ts',
  'api/src/runtime/node/websocket-close.test.ts',
  'api/src/store/libsql-store.test.ts',
];
/** Every test file of the monorepo: what the projects below share out. */
const ALL = '{shared,api,bridge,matter,test,bench,scripts,web}/**/*.test.ts';
/** The folders of the process-level projects (api, bridge, radio, stack; edge and browser are inside them). */
const PROCESS_FOLDERS = ['api/test/**', 'bridge/test/**', 'bridge/virtual-radio/test/**', 'test/**'];
const STACK_PROCESSES = ['bench/lib/stack-process.test.ts', 'bench/lib/soak.test.ts'];
/** Builds the bridge, virtual radio and api bundles the process-starting projects' children run (test/helpers/bundles.ts). */
const BUNDLES = 'test/helpers/bundles-setup.ts';

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;
const project = (name: string, include: string[], exclude: string[] = [], more: ProjectTest = {}): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include, exclude: ['**/node_modules/**', '**/data/**', ...exclude], ...more },
});

export default defineConfig({
  test: {
    pool: 'forks',
    // Two test files per core (a whole run used about 580 CPU seconds in 1,400 s of wall time with two
    // files at a time). HERDGATE_TEST_WORKERS overrides it: measured quiet on 2 cores, 6 files at a
    // time took the suite from 382 s to 328 s (CPU 128% → 161% of 200%).
    maxWorkers: testWorkers(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Unit files share their test processes (not isolated): module loading was most of the
      // project's time. A test that changes global state (fake timers, env, a mock) restores it.
      // Everything no other project claims, so a test file in a new folder is never left out.
      project('unit', [ALL], [...PROCESS_FOLDERS, ...API_PROCESSES, ...STACK_PROCESSES], { isolate: false }),
      // The api files share their test processes too: each file starts its own gateway on its own
      // temp database, and loading the app once per worker halved the project's time.
      project('api', ['api/test/**/*.test.ts', ...API_PROCESSES], EDGE_ONLY, {
        env: { HERDGATE_TEST_RUNTIMES: 'node' },
        isolate: false,
        globalSetup: [BUNDLES],
      }),
      project('bridge', ['bridge/test/**/*.test.ts'], [], { globalSetup: [BUNDLES] }),
      project('radio', ['bridge/virtual-radio/test/**/*.test.ts'], [], { globalSetup: [BUNDLES] }),
      // The stack files share their test processes too: each starts its own radio, bridge and api
      // (the radio and bridge as children, the api in process on its own temp database), and the
      // api's modules were loaded again for every file otherwise.
      project('stack', ['test/**/*.test.ts', ...STACK_PROCESSES], [...EDGE_ONLY, ...BROWSER], { globalSetup: [BUNDLES], isolate: false }),
      // The global setup builds the Worker's migration bundle and web assets once and starts one test
      // Worker per test process; each test gateway is a Durable Object of its own on it. Its files
      // share a test process (not isolated), so wrangler is imported once per worker.
      project('edge', [...PARITY, ...EDGE_ONLY], [], {
        env: { HERDGATE_TEST_RUNTIMES: 'workerd' },
        globalSetup: [BUNDLES, 'test/helpers/global-setup.ts'],
        isolate: false,
        // A restarted Durable Object reconnects its MQTT link over WebSocket with backoff: under the
        // whole suite's load that alone has taken 30 s (restartFollowing waits up to 60 s).
        testTimeout: 90_000,
      }),
      project('browser', BROWSER, [], { globalSetup: [BUNDLES] }),
    ],
  },
});
