import { timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import type { AuthenticateError, Client } from 'aedes';
import type { Logger } from 'pino';
import type { MqttRole } from '@herdgate/shared/mqtt';
import { BRIDGE_CLIENT_ID_PREFIX, isLoopback, type BrokerUser } from './options';

type Authenticate = (
  client: Client,
  username: Readonly<string | undefined>,
  password: Readonly<Buffer | undefined>,
  done: (error: AuthenticateError | null, success: boolean | null) => void,
) => void;

// Aedes' AuthErrorCode is a const enum in a .d.ts, which isolatedModules cannot inline.
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

const refuse = (code: number, message: string): AuthenticateError => Object.assign(new Error(message), { returnCode: code });

function samePassword(given: Readonly<Buffer | undefined>, expected: string): boolean {
  if (given === undefined) return false;
  const want = Buffer.from(expected);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** The peer's address: the TCP/TLS socket's, or for WebSocket the upgraded request's socket. */
export function remoteAddressOf(client: Client): string | undefined {
  const request = (client as Client & { req?: { socket?: Socket } }).req;
  return request?.socket?.remoteAddress ?? (client.conn as Partial<Socket>).remoteAddress;
}

const isLoopbackPeer = (address: string | undefined) => address !== undefined && (isLoopback(address) || /^::ffff:127\./.test(address));

export interface AuthConfig {
  internal: BrokerUser;
  users: BrokerUser[];
  /** Clients without credentials, and then only from loopback addresses. */
  allowAnonymous: boolean;
  limits: { maxConnections: number; maxSessions: number };
  logger: Logger;
}

/** Connected clients and persistent sessions of everyone but the bridge, for the caps. */
export interface ClientCounts {
  connected: Set<Client>;
  sessions: Set<string>;
}

/** Decide who a client is; `roles` remembers the answer for the ACL hooks. */
export function createAuthenticate(config: AuthConfig, roles: WeakMap<Client, MqttRole>, counts: ClientCounts): Authenticate {
  const roleOf = (client: Client, username: string | undefined, password: Readonly<Buffer | undefined>): MqttRole | undefined => {
    if (username === undefined) {
      return config.allowAnonymous && password === undefined && isLoopbackPeer(remoteAddressOf(client)) ? 'anonymous' : undefined;
    }
    if (username === config.internal.username) {
      return samePassword(password, config.internal.password) ? 'bridge' : undefined;
    }
    const user = config.users.find((candidate) => candidate.username === username);
    return user && samePassword(password, user.password) ? (user.role ?? 'user') : undefined;
  };
  return (client, username, password, done) => {
    const role = roleOf(client, username, password);
    const log = { clientId: client.id, username, address: remoteAddressOf(client) };
    if (role === undefined) {
      config.logger.warn(log, 'mqtt login refused');
      const code = username === undefined ? NOT_AUTHORIZED : BAD_USERNAME_OR_PASSWORD;
      return done(refuse(code, 'bad username or password'), false);
    }
    if (role !== 'bridge' && client.id.startsWith(BRIDGE_CLIENT_ID_PREFIX)) {
      config.logger.warn(log, 'mqtt client id reserved for the bridge');
      return done(refuse(IDENTIFIER_REJECTED, 'client id reserved'), false);
    }
    if (role !== 'bridge') {
      if (counts.connected.size >= config.limits.maxConnections) {
        config.logger.warn({ ...log, limit: config.limits.maxConnections }, 'mqtt connection refused: connection limit reached');
        return done(refuse(SERVER_UNAVAILABLE, 'connection limit reached'), false);
      }
      if (!client.clean && !counts.sessions.has(client.id)) {
        if (counts.sessions.size >= config.limits.maxSessions) {
          config.logger.warn({ ...log, limit: config.limits.maxSessions }, 'mqtt connection refused: persistent session limit reached');
          return done(refuse(SERVER_UNAVAILABLE, 'persistent session limit reached'), false);
        }
        counts.sessions.add(client.id);
      }
      if (client.clean) counts.sessions.delete(client.id);
      counts.connected.add(client);
    }
    roles.set(client, role);
    done(null, true);
  };
}
