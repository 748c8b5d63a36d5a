import type { AedesOptions, AedesPublishPacket, Client, PublishPacket } from 'aedes';
import type { Logger } from 'pino';
import { accessOf, parseTopic, RETAINED, redactionsFor, z2mMayRead, z2mPublishDenial, type MqttRole } from '@herdgate/shared/mqtt';
import type { RetainedBudget } from './limits';

type AuthorizePublish = NonNullable<AedesOptions['authorizePublish']>;
type AuthorizeSubscribe = NonNullable<AedesOptions['authorizeSubscribe']>;
type AuthorizeForward = NonNullable<AedesOptions['authorizeForward']>;

/**
 * Why `role` may not publish `packet`, or undefined when it may, by the contract's access table
 * (@herdgate/shared/mqtt access.ts). Topics outside the base topic are left to other
 * applications sharing the broker (their retained messages are budgeted elsewhere).
 */
export function publishDenial(base: string, role: MqttRole | undefined, packet: PublishPacket, z2mBase?: string): string | undefined {
  if (packet.topic.startsWith('$SYS')) return '$SYS topics are reserved';
  if (role === undefined) return 'not authenticated';
  if (z2mBase !== undefined && (packet.topic === z2mBase || packet.topic.startsWith(`${z2mBase}/`)))
    return z2mPublishDenial(z2mBase, role, packet.topic, packet.retain);
  if (packet.topic !== base && !packet.topic.startsWith(`${base}/`)) return undefined;
  const parsed = parseTopic(base, packet.topic);
  if (parsed === undefined) return role === 'bridge' ? undefined : 'topic is not part of the herdgate contract';
  const access = accessOf(parsed);
  if (!access.publish.includes(role)) {
    return access.publish.length === 1 && access.publish[0] === 'bridge' ? 'only the bridge publishes this topic' : `not allowed for ${role} clients`;
  }
  // A retained command would be replayed at every bridge (re)start. The api's group list is state, and so are
  // the Matter bridge's status and names.
  if (packet.retain && role !== 'bridge' && !RETAINED[parsed.kind]) return 'commands and requests must not be retained';
  return undefined;
}

/** Publishing is checked per packet; a denied client is disconnected (MQTT 3.1.1 §3.3.5). */
export function createAuthorizePublish(
  base: string,
  roles: WeakMap<Client, MqttRole>,
  retained: RetainedBudget,
  logger: Logger,
  z2mBase?: string,
): AuthorizePublish {
  return (client, packet, callback) => {
    // client is null only for a stored will of a client that is gone: it was checked when it connected.
    const role = client === null ? 'bridge' : roles.get(client);
    const denial = publishDenial(base, role, packet, z2mBase) ?? (role === 'bridge' ? undefined : retained.admit(packet));
    if (denial === undefined) return callback(null);
    logger.warn({ clientId: client?.id, topic: packet.topic, reason: denial }, 'mqtt publish denied');
    callback(new Error(`publish to ${packet.topic} denied: ${denial}`));
  };
}

/** Every authenticated client may subscribe to anything; what it receives is filtered per message. */
export function createAuthorizeSubscribe(roles: WeakMap<Client, MqttRole>): AuthorizeSubscribe {
  return (client, subscription, callback) => callback(null, roles.has(client) ? subscription : null);
}

function withoutFields(payload: Buffer, paths: readonly string[][]): Buffer | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
  let changed = false;
  for (const path of paths) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), json);
    const leaf = path[path.length - 1];
    if (parent && typeof parent === 'object' && leaf in parent) {
      delete (parent as Record<string, unknown>)[leaf];
      changed = true;
    }
  }
  return changed ? Buffer.from(JSON.stringify(json)) : payload;
}

/**
 * Per delivery: a client only receives what its role may read (admin responses carry the network
 * key), and keypad PINs are cut out of events for roles that are not trusted with them.
 */
export function createAuthorizeForward(base: string, roles: WeakMap<Client, MqttRole>, z2mBase?: string): AuthorizeForward {
  return (client, packet) => {
    const role = roles.get(client);
    if (role === undefined) return null;
    if (z2mBase !== undefined && role !== 'bridge' && !z2mMayRead(z2mBase, role, packet.topic)) return null;
    if (role === 'bridge' || !packet.topic.startsWith(`${base}/`)) return packet;
    const parsed = parseTopic(base, packet.topic);
    if (parsed === undefined) return packet;
    if (!accessOf(parsed).read.includes(role)) return null;
    const redactions = redactionsFor(role, parsed);
    if (redactions.length === 0) return packet;
    const raw = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    const payload = withoutFields(raw, redactions);
    if (payload === undefined) return null;
    return payload === raw ? packet : ({ ...packet, payload } as AedesPublishPacket);
  };
}
