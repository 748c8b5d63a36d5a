import { timingSafeEqual } from 'node:crypto';
import type { AuthenticateError, Client } from 'aedes';
import type { Logger } from 'pino';
import { BRIDGE_CLIENT_ID_PREFIX, type BrokerUser } from './options';

export type Role = 'bridge' | 'user' | 'anonymous';

type Authenticate = (
  client: Client,
  username: Readonly<string | undefined>,
  password: Readonly<Buffer | undefined>,
  done: (error: AuthenticateError | null, success: boolean | null) => void,
) => void;

// Aedes' AuthErrorCode is a const enum in a .d.ts, which isolatedModules cannot inline.
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;
const IDENTIFIER_REJECTED = 2;

const refuse = (code: number, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: code });

function samePassword(given: Readonly<Buffer | undefined>, expected: string): boolean {
  if (given === undefined) return false;
  const want = Buffer.from(expected);
  return given.length === want.length && timingSafeEqual(given, want);
}

export interface AuthConfig {
  internal: BrokerUser;
  users: BrokerUser[];
  allowAnonymous: boolean;
  logger: Logger;
}

/** Decide who a client is; `roles` remembers the answer for the ACL hooks. */
export function createAuthenticate(config: AuthConfig, roles: WeakMap<Client, Role>): Authenticate {
  const roleOf = (username: string | undefined, password: Readonly<Buffer | undefined>): Role | undefined => {
    if (username === undefined) return config.allowAnonymous && password === undefined ? 'anonymous' : undefined;
    if (username === config.internal.username) {
      return samePassword(password, config.internal.password) ? 'bridge' : undefined;
    }
    const user = config.users.find((candidate) => candidate.username === username);
    return user && samePassword(password, user.password) ? 'user' : undefined;
  };
  return (client, username, password, done) => {
    const role = roleOf(username, password);
    if (role === undefined) {
      config.logger.warn({ clientId: client.id, username }, 'mqtt login refused');
      const code = username === undefined ? NOT_AUTHORIZED : BAD_USERNAME_OR_PASSWORD;
      return done(refuse(code, 'bad username or password'), false);
    }
    if (role !== 'bridge' && client.id.startsWith(BRIDGE_CLIENT_ID_PREFIX)) {
      config.logger.warn({ clientId: client.id, username }, 'mqtt client id reserved for the bridge');
      return done(refuse(IDENTIFIER_REJECTED, 'client id reserved'), false);
    }
    roles.set(client, role);
    done(null, true);
  };
}
