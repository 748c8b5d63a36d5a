import { afterAll, beforeAll, describe } from 'vitest';
import { startEdgeGateway } from './edge-gateway';
import { BASIC_DEFAULT, startTestGateway, type TestGateway } from './gateway';
import { startSqld } from './sqld';
import { startTestBridge, type TestBridge } from './test-bridge';
import { capturedLogger } from './logs';
import { addTestRoutes } from './test-routes';
import { pino } from 'pino';
import { connectMqttLink } from '../../src/bridge-link';
import { waitFor } from '../../../test/helpers/wait';

export type Runtime = 'node' | 'workerd';
/** `local`: a libSQL file on Node, the Durable Object's SQLite on workerd; `sqld`: a real libSQL server over HTTP. */
export type DatabaseKind = 'local' | 'sqld';
export interface Target {
  runtime: Runtime;
  database: DatabaseKind;
}

/** A running gateway seen only from the outside (HTTP and WebSocket), whatever runs it. */
export interface RuntimeGateway {
  runtime: Runtime;
  base: string;
  /** Where clients open the event WebSocket (the Worker serves it by upgrade on its own port). */
  websocketUrl: string;
  /** The port `/config` must report as `websocketport`. */
  websocketPort: number;
  request(path: string, init?: RequestInit): Promise<Response>;
  createKey(devicetype?: string): Promise<string>;
  /** The gateway's manual clock (starts at TEST_CLOCK_START on both runtimes). */
  clock: RuntimeClock;
  /** Run what the clock made due (rules clock, schedules, alarm countdowns, the Daylight sensor) and wait for the actions. */
  settle(): Promise<void>;
  /** Wait for the rule actions and alarm transitions already started (the clock stays). */
  idle(): Promise<void>;
  /**
   * The gateway's log records so far (JSON objects as pino writes them), at the level `LOG_LEVEL`
   * names (default warn), on both runtimes.
   */
  logs(): Promise<Record<string, unknown>[]>;
  /** Node only: the in-process gateway, for tests that move its clock or look inside. */
  node?: TestGateway;
  /** Stop and start again on the same database (new process or object state, new ports). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeClock {
  now(): Promise<number>;
  set(ms: number): Promise<void>;
  advance(ms: number): Promise<void>;
}

/**
 * A request carrying this header poses as coming from that address (only loopback can run here):
 * the header Cloudflare's edge sets, which the Worker reads (and `wrangler dev` passes through from
 * the client); the Node test gateway reads it in place of the socket's address.
 */
export const PEER_HEADER = 'CF-Connecting-IP';

/** A restart of `wrangler dev` takes seconds on a loaded machine; a test with three needs room. */
const TEST_TIMEOUT_MS = 90_000;

/**
 * The runtimes this run covers: `HERDGATE_TEST_RUNTIMES` (a comma list) as the vitest project sets
 * it: `api` runs every file on Node, `edge` runs the parity files (vitest.config.ts) on workerd.
 * Unset (a file run outside those projects): both.
 */
const SELECTED = process.env.HERDGATE_TEST_RUNTIMES?.split(',').map((name) => name.trim());
const selected = (targets: Target[]): readonly Target[] => targets.filter((target) => SELECTED?.includes(target.runtime) ?? true);

/** Both runtimes on their own storage (as far as this run covers them): what every conformance file runs against. */
export const RUNTIMES: readonly Target[] = selected([
  { runtime: 'node', database: 'local' },
  { runtime: 'workerd', database: 'local' },
]);
/** Plus both runtimes on a remote libSQL server (one file runs these, to keep `npm test` short). */
export const RUNTIMES_AND_SQLD: readonly Target[] = [
  ...RUNTIMES,
  ...selected([
    { runtime: 'node', database: 'sqld' },
    { runtime: 'workerd', database: 'sqld' },
  ]),
];

/** `vars`: more api settings (env vars on Node, Worker vars on workerd). */
export async function startRuntimeGateway(target: Target, vars: Record<string, string> = {}): Promise<RuntimeGateway> {
  if (target.database === 'sqld') {
    const sqld = await startSqld();
    try {
      const gateway = await startOn(target.runtime, { ...vars, DATABASE_URL: sqld.url });
      // Not a spread: the gateway's getters must keep following restarts.
      const close = gateway.close;
      gateway.close = () => close().finally(() => sqld.close());
      return gateway;
    } catch (err) {
      await sqld.close();
      throw err;
    }
  }
  return startOn(target.runtime, vars);
}

async function startOn(runtime: Runtime, vars: Record<string, string>): Promise<RuntimeGateway> {
  if (runtime === 'node') {
    // With a broker named, the Node gateway takes the same MQTT link as the Worker (its default test
    // setup has no link at all and a recording radio).
    const url = vars.MQTT_URL;
    const options = url === undefined || url === 'none' ? {} : { bridge: () => connectMqttLink({ url, base: 'herdgate', logger: pino({ level: 'silent' }) }) };
    const captured = capturedLogger(vars.LOG_LEVEL ?? 'warn');
    let current = await startTestGateway({ MQTT_URL: 'none', ...vars }, undefined, {
      ...options,
      logger: captured.logger,
      extraRoutes: addTestRoutes,
      clientAddress: (c) => c.req.header(PEER_HEADER) ?? '127.0.0.1',
    });
    const port = () => current.gateway.websocketPort;
    return {
      runtime,
      get base() {
        return current.base;
      },
      get websocketUrl() {
        return `ws://127.0.0.1:${port()}`;
      },
      get websocketPort() {
        return port();
      },
      request: (path, init) => current.request(path, init),
      createKey: (devicetype) => current.createKey(devicetype),
      clock: {
        now: async () => current.clock.now(),
        set: async (ms) => current.clock.set(ms),
        advance: async (ms) => current.clock.advance(ms),
      },
      settle: () => current.settle(),
      idle: () => current.idle(),
      logs: async () => captured.lines.map((line) => JSON.parse(line) as Record<string, unknown>),
      get node() {
        return current;
      },
      async restart() {
        current = await current.restart();
      },
      close: () => current.close(),
    };
  }
  // A manual clock as on Node, unless a test asks for real time (`HERDGATE_TEST_CLOCK: 'system'`).
  let edge = await startEdgeGateway({ HERDGATE_TEST_CLOCK: 'manual', ...vars });
  // A bound, not a speed claim: under a whole suite's load a request that asks the bridge over the
  // Worker's MQTT link has taken over 10 s (three device requests timed out in one fresh-clone run).
  const request = (path: string, init?: RequestInit) => fetch(edge.base + path, { ...init, signal: AbortSignal.timeout(30_000) });
  // The test Worker's clock hook (test/edge/worker-test-entry.ts).
  const hook = async (path: string, body: unknown = {}): Promise<number> => {
    const res = await request(`/__test/${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`test hook ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { now: number }).now;
  };
  return {
    runtime,
    get base() {
      return edge.base;
    },
    // The object's own prefix on the suite's Worker (its WebSockets are served by upgrade on that port).
    get websocketUrl() {
      return `${edge.base.replace(/^http/, 'ws')}/`;
    },
    get websocketPort() {
      return edge.port;
    },
    request,
    async createKey(devicetype = 'test#client') {
      const res = await request('/api', { method: 'POST', headers: { Authorization: BASIC_DEFAULT }, body: JSON.stringify({ devicetype }) });
      const body = (await res.json()) as [{ success: { username: string } }];
      if (res.status !== 200) throw new Error(`key creation failed: ${JSON.stringify(body)}`);
      return body[0].success.username;
    },
    clock: {
      now: () => hook('clock'),
      set: async (ms) => {
        await hook('clock', { set: ms });
      },
      advance: async (ms) => {
        await hook('clock', { advance: ms });
      },
    },
    settle: async () => {
      await hook('settle');
    },
    logs: async () => (await request('/__test/logs')).json() as Promise<Record<string, unknown>[]>,
    idle: async () => {
      await hook('idle');
    },
    async restart() {
      edge = await edge.restart();
    },
    close: () => edge.close(),
  };
}

/**
 * The conformance suite's shape: `body` runs once per runtime, against one gateway per runtime
 * started for the file (`gw()` inside tests). The same assertions hold on Node and on workerd.
 */
export function describeOnRuntimes(
  name: string,
  body: (gw: () => RuntimeGateway) => void,
  targets: readonly Target[] = RUNTIMES,
  /** Settings for the gateways, read when they start (after the file's own `beforeAll`s). */
  vars: () => Record<string, string> = () => ({}),
): void {
  describe.each(targets)(`${name} on $runtime ($database database)`, { timeout: TEST_TIMEOUT_MS }, (target) => {
    const { runtime } = target;
    let gateway: RuntimeGateway | undefined;
    beforeAll(async () => {
      gateway = await startRuntimeGateway(target, vars());
    }, 90_000);
    afterAll(async () => {
      await gateway?.close();
    });
    body(() => {
      if (!gateway) throw new Error(`${runtime} gateway did not start`);
      return gateway;
    });
  });
}

/**
 * `describeOnRuntimes` with a scripted bridge (helpers/test-bridge.ts) on a real broker, one per
 * runtime, that both gateways follow over their real MQTT link. The gateway has seen the bridge
 * online (`rfconnected`) before the body's hooks run.
 */
export function describeOnRuntimesWithBridge(
  name: string,
  body: (gw: () => RuntimeGateway, bridge: () => TestBridge) => void,
  /** More settings for the gateways, as `describeOnRuntimes` takes them. */
  vars: () => Record<string, string> = () => ({}),
): void {
  describe.each(RUNTIMES)(`${name} on $runtime ($database database)`, { timeout: TEST_TIMEOUT_MS }, (target) => {
    let bridge: TestBridge | undefined;
    let gateway: RuntimeGateway | undefined;
    beforeAll(async () => {
      bridge = await startTestBridge();
      gateway = await startRuntimeGateway(target, { ...vars(), MQTT_URL: bridge.url });
      const key = await gateway.createKey('bridge#wait');
      // A bound, not a speed claim: a Worker's first MQTT connection can take seconds on loaded cores.
      await waitFor(
        async () => ((await (await gateway!.request(`/api/${key}/config`)).json()) as { rfconnected?: boolean }).rfconnected === true,
        'the bridge connected (rfconnected)',
        60_000,
      );
    }, 90_000);
    afterAll(async () => {
      await gateway?.close();
      await bridge?.close();
    });
    body(
      () => gateway ?? fail(`${target.runtime} gateway did not start`),
      () => bridge ?? fail('the test bridge did not start'),
    );
  });
}

function fail(message: string): never {
  throw new Error(message);
}
