import type { AedesOptions, Client, PublishPacket } from 'aedes';
import type { Logger } from 'pino';
import { BRIDGE_ONLY, parseTopic } from '@herdgate/shared/mqtt';
import type { Role } from './auth';

type AuthorizePublish = NonNullable<AedesOptions['authorizePublish']>;
type AuthorizeSubscribe = NonNullable<AedesOptions['authorizeSubscribe']>;

/**
 * Why `role` may not publish `packet`, or undefined when it may. Only the bridge speaks for
 * devices and bridges; others may send commands and requests. Topics outside the base topic are
 * left alone so other applications can share the broker.
 */
export function publishDenial(base: string, role: Role | undefined, packet: PublishPacket): string | undefined {
  if (packet.topic.startsWith('$SYS')) return '$SYS topics are reserved';
  if (role === 'bridge') return undefined;
  if (packet.topic !== base && !packet.topic.startsWith(`${base}/`)) return undefined;
  const parsed = parseTopic(base, packet.topic);
  if (parsed === undefined) return 'topic is not part of the herdgate contract';
  if (BRIDGE_ONLY.has(parsed.kind)) return 'only the bridge publishes this topic';
  // A retained command would be replayed at every bridge (re)start.
  if (packet.retain) return 'commands and requests must not be retained';
  return undefined;
}

/** Publishing is checked per packet; a denied client is disconnected (MQTT 3.1.1 §3.3.5). */
export function createAuthorizePublish(base: string, roles: WeakMap<Client, Role>, logger: Logger): AuthorizePublish {
  return (client, packet, callback) => {
    // client is null only for a stored will of a client that is gone: it was checked when it connected.
    const role = client === null ? 'bridge' : roles.get(client);
    const denial = publishDenial(base, role, packet);
    if (denial === undefined) return callback(null);
    logger.warn({ clientId: client?.id, topic: packet.topic, reason: denial }, 'mqtt publish denied');
    callback(new Error(`publish to ${packet.topic} denied: ${denial}`));
  };
}

/** Every authenticated client may subscribe to anything. */
export function createAuthorizeSubscribe(roles: WeakMap<Client, Role>): AuthorizeSubscribe {
  return (client, subscription, callback) => callback(null, roles.has(client) ? subscription : null);
}
