import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { lookup } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { LogRing } from '@herdgate/shared/log';
import { ringLogger } from '@herdgate/shared/node/logger';
import type { ClientAddress } from '../../app';
import type { AppEnv, Services } from '../../context';
import { startGateway } from '../../gateway/start-gateway';
import { connectMqttLink, createDisconnectedLink } from '../../bridge-link';
import { Teardown } from '../../lib/teardown';
import type { BridgeLink } from '../../services/bridge-link';
import { systemClock, type Clock } from '../../services/clock';
import type { RadioControl, RadioInfo } from '../../services/radio';
import { platformTimers } from '../../services/timers';
import type { Store } from '../../store/types';
import { parseEnv, type GatewayEnv } from '../env';
import { openDatabase } from './database';
import { followNtp, readHostInfo } from './host';
import { releaseSourceFrom, type ReleaseSource } from '../../resources/gateway/software-update';
import pkg from '../../../package.json' with { type: 'json' };
import { startWebSocket } from './websocket';
import { loadWebAssets } from './web-assets';
import { createNodeWebhookFetch } from './webhook-fetch';
import { backupDir, nodeArchiveStore } from './archive-store';
import { readDeconzUpload } from './deconz/upload';
import { readZigbee2mqttUpload } from './zigbee2mqtt/upload';
import type { ResolveHost } from '../../security/webhook-target';

const systemResolve: ResolveHost = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

/** The socket peer; undefined for requests the gateway makes to its own app (rule actions). */
const nodeClientAddress: ClientAddress = (c) => {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
};

export interface NodeGatewayOptions {
  /** Routes on the same app and server, after the common middleware (the benchmark's bare route). */
  extraRoutes?: (app: Hono<AppEnv>) => void;
  logger?: Logger;
  /** The ring `logger` keeps its warnings and errors in (`GET /logs`); the gateway's own otherwise. */
  logs?: LogRing;
  /** Tests move time with a ManualClock. */
  clock?: Clock;
  /** Replace what the bridge link backs (API tests record radio commands without a bridge). */
  radioControl?: RadioControl;
  radioInfo?: (store: Store) => RadioInfo;
  /** Where `POST /config/update` learns the newest release; by default `RELEASES_URL`. */
  releases?: ReleaseSource;
  /** A link of the caller's (e.g. `createDisconnectedLink()`); by default MQTT to `MQTT_URL` (none with `MQTT_URL=none`). */
  bridge?: BridgeLink;
  /** Tests pose as a client on another host (only loopback can run here). */
  clientAddress?: ClientAddress;
  /** Name resolution for rule webhooks (their check and their connections); by default the system's. */
  resolveHost?: ResolveHost;
}

export interface NodeGateway {
  app: Hono<AppEnv>;
  services: Services;
  httpPort: number;
  websocketPort: number;
  close(): Promise<void>;
}

function listen(app: Hono<AppEnv>, hostname: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname, port }) as Server;
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function connectBridge(env: GatewayEnv, logger: Logger): BridgeLink {
  if (env.MQTT_URL === 'none') {
    logger.info('MQTT_URL=none: running without a bridge (radio settings answer 950)');
    return createDisconnectedLink();
  }
  // Never awaited: the api serves (with placeholders, rfconnected false) while the bridge is away.
  return connectMqttLink({
    url: env.MQTT_URL,
    user: env.MQTT_USER,
    password: env.MQTT_PASSWORD,
    base: env.MQTT_BASE_TOPIC,
    bridgeId: env.BRIDGE_ID,
    logger,
    ca: env.MQTT_CA === undefined ? undefined : readFileSync(env.MQTT_CA, 'utf8'),
  });
}

/**
 * Everything the Node process runs for the api: database, services, HTTP and WebSocket. A start
 * that fails stops whatever it had started before rethrowing; `close()` stops everything.
 */
export async function createNodeGateway(vars: Record<string, string | undefined>, options: NodeGatewayOptions = {}): Promise<NodeGateway> {
  const env = parseEnv(vars);
  const logs = options.logs ?? new LogRing();
  const logger = options.logger ?? ringLogger(env.LOG_LEVEL, logs, 'api');
  const clock = options.clock ?? systemClock;
  const teardown = new Teardown(logger);
  try {
    const { db, client } = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    teardown.add('database', () => client.close());
    const bridge = options.bridge ?? connectBridge(env, logger);
    teardown.add('bridge link', () => bridge.close());
    const host = readHostInfo();
    teardown.add('ntp', followNtp(host));
    const releases = options.releases ?? releaseSourceFrom(env.RELEASES_URL);
    const resolveHost = options.resolveHost ?? systemResolve;
    const webhooks = createNodeWebhookFetch({ resolve: resolveHost, allowLocal: env.WEBHOOK_ALLOW_LOCAL === '1' });
    teardown.add('webhook connections', () => webhooks.close());
    const { app, services } = await startGateway({
      db,
      env,
      logger,
      clock,
      timers: platformTimers,
      bridge,
      host,
      teardown,
      radioControl: options.radioControl,
      radioInfo: options.radioInfo,
      extraRoutes: options.extraRoutes,
      clientAddress: options.clientAddress ?? nodeClientAddress,
      version: pkg.version,
      releases,
      resolveHost,
      webhookFetch: webhooks.fetch,
      web: { assets: loadWebAssets(logger) },
      archives: nodeArchiveStore(backupDir(env)),
      logs,
      deconzReader: readDeconzUpload,
      zigbee2mqttReader: readZigbee2mqttUpload,
    });
    const server = await listen(app, env.HTTP_HOST, env.HTTP_PORT);
    teardown.add('http server', () => closeServer(server));
    const httpPort = (server.address() as AddressInfo).port;
    const policy = {
      pagePorts: [httpPort],
      origins: services.options.corsOrigins,
      requireKey: env.WEBSOCKET_AUTH === 'key',
      maxClients: env.WEBSOCKET_MAX_CLIENTS,
      isKey: (candidate: string) => services.store.apiKey(candidate) !== undefined,
    };
    const ws = await startWebSocket({ server, port: env.WEBSOCKET_PORT, hub: services.events, logger, policy });
    teardown.add('websocket', () => ws.close());
    services.options.websocketPort = ws.port;
    // Runs first on close: the next start may open the password-reset window (not after a crash).
    teardown.add('clean shutdown marker', () => services.store.markCleanShutdown());
    return { app, services, httpPort, websocketPort: ws.port, close: () => teardown.run() };
  } catch (err) {
    await teardown.run();
    throw err;
  }
}
