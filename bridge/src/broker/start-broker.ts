import { randomBytes } from 'node:crypto';
import { Aedes, type Client } from 'aedes';
import { DEFAULT_BASE_TOPIC, type MqttRole } from '@herdgate/shared/mqtt';
import { createAuthorizeForward, createAuthorizePublish, createAuthorizeSubscribe } from './acl';
import { createAuthenticate, type ClientCounts } from './auth';
import { createRetainedBudget, DEFAULT_BROKER_LIMITS, guardPacketSize } from './limits';
import { listenTcp, listenWebSocket, type Admit, type Listener } from './listeners';
import { disablePacketNumberCache } from './packet-cache';
import { boundedSessionPersistence } from './session-queue';
import { BRIDGE_CLIENT_ID_PREFIX, type BrokerOptions, type BrokerUser } from './options';

export interface BrokerHandle {
  port: number;
  wsPort?: number;
  tlsPort?: number;
  wssPort?: number;
  /** Credentials and client id prefix the bridge's own MQTT client must use. */
  internal: BrokerUser & { clientIdPrefix: string };
  /** The aedes instance, for in-process publishing that bypasses the network. */
  broker: Aedes;
  /** Disconnects every client and closes every listener. Safe to call twice. */
  close(): Promise<void>;
}

const generatedIdentity = (): BrokerUser => ({
  username: `${BRIDGE_CLIENT_ID_PREFIX}-${randomBytes(4).toString('hex')}`,
  password: randomBytes(24).toString('base64url'),
});

/** Start the embedded broker: aedes with our auth, ACL and limits behind TCP, WS and TLS listeners. */
export async function startBroker(options: BrokerOptions): Promise<BrokerHandle> {
  const host = options.host ?? '127.0.0.1';
  const users = options.users ?? [];
  const allowAnonymous = options.allowAnonymous ?? false;
  const limits = { ...DEFAULT_BROKER_LIMITS, ...options.limits };
  const internal = options.internal ?? generatedIdentity();
  const logger = options.logger.child({ component: 'broker' });
  const base = options.baseTopic ?? DEFAULT_BASE_TOPIC;
  if ((options.tlsPort !== undefined || options.wssPort !== undefined) && !options.tls) throw new Error('mqtt TLS listeners need a certificate and key');

  disablePacketNumberCache();
  const roles = new WeakMap<Client, MqttRole>();
  const counts: ClientCounts = { connected: new Set(), sessions: new Set() };
  const persistence = boundedSessionPersistence(limits.maxSessionQueue, (clientId, dropped, limit) =>
    logger.warn({ clientId, dropped, limit }, 'mqtt offline session queue full; dropping its oldest messages'),
  );
  const broker = await Aedes.createBroker({
    persistence,
    authenticate: createAuthenticate({ internal, users, allowAnonymous, limits, logger }, roles, counts),
    authorizePublish: createAuthorizePublish(base, roles, createRetainedBudget(limits.maxRetained), logger, options.z2mBaseTopic),
    authorizeSubscribe: createAuthorizeSubscribe(roles),
    authorizeForward: createAuthorizeForward(base, roles, options.z2mBaseTopic),
    // A client must say CONNECT within 10 s, or its socket is closed (bounds half-open sockets).
    connectTimeout: 10_000,
  });
  broker.on('clientDisconnect', (client) => counts.connected.delete(client));
  broker.on('clientError', (client, error) => {
    counts.connected.delete(client);
    logger.debug({ clientId: client.id, err: error.message }, 'mqtt client error');
  });
  const admit: Admit = (stream) =>
    guardPacketSize(stream, limits.maxPacketBytes, (declared) =>
      logger.warn({ declared, limit: limits.maxPacketBytes }, 'mqtt packet too large; connection closed'),
    );

  const listeners: Listener[] = [];
  const tlsHost = options.tlsHost ?? host;
  let ports: Partial<Record<'ws' | 'tls' | 'wss', number>> = {};
  try {
    listeners.push(await listenTcp(broker, host, options.port ?? 1883, admit));
    if (options.wsPort !== undefined) listeners.push(await listenWebSocket(broker, host, options.wsPort, admit));
    ports = { ws: listeners[1]?.port };
    if (options.tlsPort !== undefined) {
      const listener = await listenTcp(broker, tlsHost, options.tlsPort, admit, options.tls);
      listeners.push(listener);
      ports.tls = listener.port;
    }
    if (options.wssPort !== undefined) {
      const listener = await listenWebSocket(broker, tlsHost, options.wssPort, admit, options.tls);
      listeners.push(listener);
      ports.wss = listener.port;
    }
  } catch (error) {
    await Promise.all(listeners.map((listener) => listener.close()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw new Error(`mqtt broker could not listen on ${host}: ${(error as Error).message}`, { cause: error });
  }
  const port = listeners[0].port;
  logger.info(
    { host, port, wsPort: ports.ws, tlsHost, tlsPort: ports.tls, wssPort: ports.wss, allowAnonymous, users: users.length, limits },
    'mqtt broker listening',
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all(listeners.map((listener) => listener.close()));
      logger.info('mqtt broker closed');
    })();
    return closing;
  };
  return { port, wsPort: ports.ws, tlsPort: ports.tls, wssPort: ports.wss, internal: { ...internal, clientIdPrefix: BRIDGE_CLIENT_ID_PREFIX }, broker, close };
}
