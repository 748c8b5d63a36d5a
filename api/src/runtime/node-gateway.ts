import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { pino, type Logger } from 'pino';
import { createApp } from '../app';
import type { AppEnv } from '../context';
import { createEventHub } from '../events';
import { InternalRequests, loadAutomation } from '../automation';
import { automationCollections } from '../automation/seed';
import { systemClock, type Clock } from '../services/clock';
import { syncDefaultCredentials } from '../services/gateway-credentials';
import { createDisconnectedLink } from '../bridge-link';
import { loadRadioMemory } from '../bridge-link/radio-memory';
import type { BridgeLink } from '../services/bridge-link';
import { createLinkedRadio, type RadioControl, type RadioInfo } from '../services/radio';
import type { Services } from '../services/types';
import { openSensorsModel } from '../resources/sensors';
import { startLighting } from '../resources/lights/start-lighting';
import { createLibsqlStore } from '../store/libsql-store';
import type { Store } from '../store/types';
import { parseEnv, type GatewayEnv } from './env';
import { openDatabase } from './node-database';
import { connectNodeMqttLink } from './node-mqtt-link';
import { readHostInfo } from './node-host';
import { startWebSocket } from './node-websocket';
import { Teardown } from './teardown';

export interface NodeGatewayOptions {
  /** Routes on the same app and server, after the common middleware (the benchmark's bare route). */
  extraRoutes?: (app: Hono<AppEnv>) => void;
  logger?: Logger;
  /** Tests move time with a ManualClock. */
  clock?: Clock;
  /** Replace what the bridge link backs (API tests record radio commands without a bridge). */
  radioControl?: RadioControl;
  radioInfo?: (store: Store) => RadioInfo;
  /** A link of the caller's (e.g. `createDisconnectedLink()`); by default MQTT to `MQTT_URL` (none with `MQTT_URL=none`). */
  bridge?: BridgeLink;
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
  return connectNodeMqttLink({
    url: env.MQTT_URL, user: env.MQTT_USER, password: env.MQTT_PASSWORD, base: env.MQTT_BASE_TOPIC, bridgeId: env.BRIDGE_ID, logger,
  });
}

/**
 * Everything the Node process runs for the api: database, services, HTTP and WebSocket. A start
 * that fails stops whatever it had started before rethrowing; `close()` stops everything.
 */
export async function createNodeGateway(
  vars: Record<string, string | undefined>,
  options: NodeGatewayOptions = {},
): Promise<NodeGateway> {
  const env = parseEnv(vars);
  const logger = options.logger ?? pino({ level: env.LOG_LEVEL });
  const clock = options.clock ?? systemClock;
  const teardown = new Teardown(logger);
  try {
    const { db, client } = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    teardown.add('database', () => client.close());
    const store = await createLibsqlStore({ db, logger, defaults: { name: env.GATEWAY_NAME } });
    teardown.add('store flush', () => store.flush());
    await syncDefaultCredentials(store, env.GATEWAY_USER, env.GATEWAY_PASSWORD);
    const events = createEventHub({ onListenerError: (err) => logger.error({ err }, 'event listener failed') });
    const internal = new InternalRequests();
    const automation = await loadAutomation({ store, clock, events, logger, internal });
    const bridge = options.bridge ?? connectBridge(env, logger);
    teardown.add('bridge link', () => bridge.close());
    const memory = await loadRadioMemory(db, store);
    const radio = createLinkedRadio({ store, link: bridge, memory, clock, onError: (err) => logger.error({ err }, 'could not remember the radio identity') });
    teardown.add('radio', () => radio.stop());
    const sensors = await openSensorsModel({ store, events, clock, logger, bridge });
    teardown.add('sensors', () => sensors.close());
    const lighting = await startLighting({ store, bridge, events, logger });
    const services: Services = {
      store, clock, events, internal, automation, ...lighting, logger, bridge, sensors,
      radioInfo: options.radioInfo?.(store) ?? radio.info,
      radioControl: options.radioControl ?? radio.control,
      host: readHostInfo(),
      session: { unlockedUntil: 0 },
      options: {
        websocketPort: env.WEBSOCKET_PORT,
        gatewayUser: env.GATEWAY_USER,
        gatewayPassword: env.GATEWAY_PASSWORD,
        defaultName: env.GATEWAY_NAME,
        startedAt: clock.now(),
      },
    };
    const app = createApp(services, { extraRoutes: options.extraRoutes });
    // Before `start`: a start that fails half-way may already have set timers.
    teardown.add('automation', () => automation.stop());
    await automation.start(automationCollections(services));
    const server = await listen(app, env.HTTP_HOST, env.HTTP_PORT);
    teardown.add('http server', () => closeServer(server));
    const ws = await startWebSocket({ server, port: env.WEBSOCKET_PORT, hub: events, logger });
    teardown.add('websocket', () => ws.close());
    services.options.websocketPort = ws.port;
    const httpPort = (server.address() as AddressInfo).port;
    return { app, services, httpPort, websocketPort: ws.port, close: () => teardown.run() };
  } catch (err) {
    await teardown.run();
    throw err;
  }
}
