import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import type { Hono } from 'hono';
import type { ClientAddress } from '../../src/app';
import type { AppEnv } from '../../src/context';
import { ManualClock } from '../../src/services/clock';
import { createBridgeLink, createDisconnectedLink, createMemoryTransport, type MemoryTransport } from '../../src/bridge-link';
import type { BridgeLink } from '../../src/services/bridge-link';
import { createPlaceholderRadioInfo, RecordingRadioControl } from '../../src/services/radio';
import type { NodeGateway } from '../../src/runtime/node/gateway';
import { startLoopbackGateway } from '../../../test/helpers/gateway';
import type { ResolveHost } from '../../src/security/webhook-target';
import { TEST_CLOCK_START } from './test-clock';
import type { LogRing } from '@herdgate/shared/log';
import { ringLogger } from '@herdgate/shared/node/logger';

/** A real gateway (HTTP, libSQL file, WebSocket) on loopback ephemeral ports, for API tests. */
export interface TestGateway {
  gateway: NodeGateway;
  base: string;
  clock: ManualClock;
  radio: RecordingRadioControl;
  databaseUrl: string;
  /** `fetch` relative to the gateway (`/api/...`). */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** A fresh key through HTTP Basic with the default login. */
  createKey(devicetype?: string): Promise<string>;
  /** Run what the clock made due (rules clock, schedules, alarm countdowns, the Daylight sensor) and wait for the actions. */
  settle(): Promise<void>;
  /** Wait for the rule actions and alarm transitions already started (the clock stays). */
  idle(): Promise<void>;
  /** Stop and start again on the same database file (new clock, new process state). */
  restart(): Promise<TestGateway>;
  close(): Promise<void>;
}

export const BASIC_DEFAULT = `Basic ${Buffer.from('delight:delight').toString('base64')}`;

export interface TestGatewayOptions {
  /**
   * A real link (e.g. to a test broker) that then backs RadioInfo/RadioControl too. By default a
   * link to no bridge that reports disconnected, with the recording radio (`radio`) instead.
   */
  bridge?: () => BridgeLink;
  /** Where the gateway logs (silent by default). */
  logger?: Logger;
  /** Keep the gateway's warnings in this ring (`GET /logs`), printing nothing. */
  logs?: LogRing;
  /** Pose requests as coming from another host (only loopback can run here). */
  clientAddress?: ClientAddress;
  /** Routes added to the app (helpers/test-routes.ts). */
  extraRoutes?: (app: Hono<AppEnv>) => void;
  /** Name resolution for rule webhooks in place of the system's (names no DNS knows). */
  resolveHost?: ResolveHost;
}

export async function startTestGateway(env: Record<string, string> = {}, dir?: string, options: TestGatewayOptions = {}): Promise<TestGateway> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'herdgate-api-')));
  const databaseUrl = `file:${join(folder, 'herdgate.db')}`;
  const clock = new ManualClock(TEST_CLOCK_START);
  const radio = new RecordingRadioControl();
  const logger = options.logger ?? (options.logs ? ringLogger('silent', options.logs, 'api') : pino({ level: 'silent' }));
  const gateway = await startLoopbackGateway(
    // No release source unless a test names one: `POST /config/update` must not reach the npm registry.
    { DATABASE_URL: databaseUrl, RELEASES_URL: 'none', ...env },
    options.bridge
      ? {
          logger,
          logs: options.logs,
          clock,
          bridge: options.bridge(),
          clientAddress: options.clientAddress,
          extraRoutes: options.extraRoutes,
          resolveHost: options.resolveHost,
        }
      : // No bridge: a radio that records commands and reports the stored settings back.
        {
          logger,
          logs: options.logs,
          clock,
          radioControl: radio,
          radioInfo: createPlaceholderRadioInfo,
          bridge: createDisconnectedLink(),
          clientAddress: options.clientAddress,
          extraRoutes: options.extraRoutes,
          resolveHost: options.resolveHost,
        },
  );
  const base = `http://127.0.0.1:${gateway.httpPort}`;
  const request = (path: string, init?: RequestInit) => fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) });
  const self: TestGateway = {
    gateway,
    base,
    clock,
    radio,
    databaseUrl,
    request,
    async createKey(devicetype = 'test#client') {
      const res = await request('/api', { method: 'POST', headers: { Authorization: BASIC_DEFAULT }, body: JSON.stringify({ devicetype }) });
      const body = (await res.json()) as [{ success: { username: string } }];
      if (res.status !== 200) throw new Error(`key creation failed: ${JSON.stringify(body)}`);
      return body[0].success.username;
    },
    async settle() {
      const { automation, alarms, sensors } = gateway.services;
      await automation.tick();
      await automation.idle();
      await alarms.tick();
      sensors.tick();
    },
    async idle() {
      await gateway.services.automation.idle();
      await gateway.services.alarms.idle();
    },
    async restart() {
      await gateway.close();
      return startTestGateway(env, folder, options);
    },
    async close() {
      await gateway.close();
      if (!dir) await rm(folder, { recursive: true, force: true });
    },
  };
  return self;
}

/** JSON body helper for write requests. */
export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/**
 * A test gateway whose bridge link runs over an in-process transport standing in for the broker:
 * the test delivers bridge messages with `transport.deliver` and reads requests from `published`.
 */
export async function startGatewayWithMemoryBridge(): Promise<{ gw: TestGateway; transport: MemoryTransport }> {
  let transport: MemoryTransport | undefined;
  const gw = await startTestGateway({}, undefined, {
    bridge: () => {
      transport = createMemoryTransport();
      return createBridgeLink({ transport, base: 'herdgate', logger: pino({ level: 'silent' }), timeoutMs: 500 });
    },
  });
  if (!transport) throw new Error('the test gateway did not build its bridge link');
  return { gw, transport };
}
