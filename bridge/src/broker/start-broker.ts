import { randomBytes } from 'node:crypto';
import { Aedes, type Client } from 'aedes';
import { DEFAULT_BASE_TOPIC } from '@herdgate/shared/mqtt';
import { createAuthorizePublish, createAuthorizeSubscribe } from './acl';
import { createAuthenticate, type Role } from './auth';
import { listenTcp, listenWebSocket, type Listener } from './listeners';
import { disablePacketNumberCache } from './packet-cache';
import { BRIDGE_CLIENT_ID_PREFIX, isLoopback, resolveAllowAnonymous, type BrokerOptions, type BrokerUser } from './options';

export interface BrokerHandle {
  port: number;
  wsPort?: number;
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

/** Start the embedded broker: aedes with our auth and ACL hooks behind TCP and optional WS. */
export async function startBroker(options: BrokerOptions): Promise<BrokerHandle> {
  const host = options.host ?? '127.0.0.1';
  const users = options.users ?? [];
  const allowAnonymous = resolveAllowAnonymous(host, users, options.allowAnonymous);
  const internal = options.internal ?? generatedIdentity();
  const logger = options.logger.child({ component: 'broker' });
  if (allowAnonymous && !isLoopback(host)) logger.warn({ host }, 'anonymous MQTT allowed on a non-loopback address');

  disablePacketNumberCache();
  const roles = new WeakMap<Client, Role>();
  const broker = await Aedes.createBroker({
    authenticate: createAuthenticate({ internal, users, allowAnonymous, logger }, roles),
    authorizePublish: createAuthorizePublish(options.baseTopic ?? DEFAULT_BASE_TOPIC, roles, logger),
    authorizeSubscribe: createAuthorizeSubscribe(roles),
  });
  broker.on('clientError', (client, error) => logger.debug({ clientId: client.id, err: error.message }, 'mqtt client error'));

  const listeners: Listener[] = [];
  try {
    listeners.push(await listenTcp(broker, host, options.port ?? 1883));
    if (options.wsPort !== undefined) listeners.push(await listenWebSocket(broker, host, options.wsPort));
  } catch (error) {
    await Promise.all(listeners.map((listener) => listener.close()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw new Error(`mqtt broker could not listen on ${host}: ${(error as Error).message}`, { cause: error });
  }
  const [tcp, ws] = listeners;
  logger.info({ host, port: tcp.port, wsPort: ws?.port, allowAnonymous, users: users.length }, 'mqtt broker listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all(listeners.map((listener) => listener.close()));
      logger.info('mqtt broker closed');
    })();
    return closing;
  };
  return { port: tcp.port, wsPort: ws?.port, internal: { ...internal, clientIdPrefix: BRIDGE_CLIENT_ID_PREFIX }, broker, close };
}
