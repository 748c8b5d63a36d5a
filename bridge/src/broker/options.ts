import type { Logger } from 'pino';

/** A username/password pair the broker accepts. */
export interface BrokerUser {
  username: string;
  password: string;
}

export interface BrokerOptions {
  /** Address to bind both listeners to. Default 127.0.0.1. */
  host?: string;
  /** MQTT over TCP. Default 1883; 0 picks a free port. */
  port?: number;
  /** MQTT over WebSocket; off when undefined, 0 picks a free port. */
  wsPort?: number;
  /** Base topic the ACL guards. Default `herdgate`. */
  baseTopic?: string;
  /** Accounts for scripts and the api. */
  users?: BrokerUser[];
  /**
   * Connections without credentials. Default: allowed only when bound to loopback and no users
   * are configured (a single-host install works out of the box, a LAN-exposed one needs a password).
   */
  allowAnonymous?: boolean;
  /** The bridge's own identity; generated per start when absent (see BrokerHandle.internal). */
  internal?: BrokerUser;
  logger: Logger;
}

/** Client ids starting with this are reserved for the bridge, so nobody can kick it off by id. */
export const BRIDGE_CLIENT_ID_PREFIX = 'herdgate-bridge';

export const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Anonymous access unless said otherwise: only on loopback and only while no account exists. */
export const resolveAllowAnonymous = (host: string, users: BrokerUser[], explicit?: boolean) =>
  explicit ?? (isLoopback(host) && users.length === 0);
