import type { Logger } from 'pino';
import type { MqttRole } from '@herdgate/shared/mqtt';
import type { BrokerLimits } from './limits';

/** A username/password pair the broker accepts, with what it may do (default `user`). */
export interface BrokerUser {
  username: string;
  password: string;
  role?: Exclude<MqttRole, 'bridge' | 'anonymous'>;
}

/** Certificate and key (PEM file contents) for the TLS listeners. */
export interface BrokerTls {
  cert: string | Buffer;
  key: string | Buffer;
}

export interface BrokerOptions {
  /** Address to bind the plain listeners to. Default 127.0.0.1. */
  host?: string;
  /** MQTT over TCP. Default 1883; 0 picks a free port. */
  port?: number;
  /** MQTT over WebSocket; off when undefined, 0 picks a free port. */
  wsPort?: number;
  /** TLS listeners (`mqtts://`, `wss://`) for split installs; need `tls`. Bound to `tlsHost`. */
  tlsPort?: number;
  wssPort?: number;
  tlsHost?: string;
  tls?: BrokerTls;
  /** Base topic the ACL guards. Default `herdgate`. */
  baseTopic?: string;
  /** The Zigbee2MQTT-compatible API's base topic, when it is on: its topics get the same access rule. */
  z2mBaseTopic?: string;
  /** Accounts for the api, an admin and scripts. */
  users?: BrokerUser[];
  /**
   * Connections without credentials: only when the operator allows it, and then only from
   * loopback addresses, whatever the listeners are bound to. Default off.
   */
  allowAnonymous?: boolean;
  /** The bridge's own identity; generated per start when absent (see BrokerHandle.internal). */
  internal?: BrokerUser;
  limits?: Partial<BrokerLimits>;
  logger: Logger;
}

/** Client ids starting with this are reserved for the bridge, so nobody can kick it off by id. */
export const BRIDGE_CLIENT_ID_PREFIX = 'herdgate-bridge';

export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
