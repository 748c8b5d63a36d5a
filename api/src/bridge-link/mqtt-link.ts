// Default import: mqtt.js's browser build (what workerd gets) has no named exports.
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { filters } from '@herdgate/shared/mqtt';
import { createBridgeLink, type LinkTransport } from './create-bridge-link';
import type { BridgeLink } from '../services/bridge-link';

export interface MqttTransportOptions {
  url: string;
  user?: string;
  password?: string;
  /** PEM of the CA that signed a `mqtts://` / `wss://` broker's certificate (a private CA). */
  ca?: string;
  base: string;
  logger: Logger;
  /** Reconnect backoff: starts at `min`, doubles per failed attempt up to `max` (ms). */
  backoff?: { min: number; max: number };
  /** Who connects, the start of the client id (`herdgate-api-1a2b3c4d`). */
  client?: string;
  /** A retained message the broker publishes when this client vanishes without a clean close. */
  will?: { topic: string; payload: string };
}

export interface MqttLinkOptions extends MqttTransportOptions {
  /** `BRIDGE_ID`: follow only this bridge. */
  bridgeId?: string;
  timeoutMs?: number;
}

const DEFAULT_BACKOFF = { min: 500, max: 5_000 };

/**
 * The mqtt.js transport (reconnects on its own while the process or Durable Object lives), shared
 * by the api and the Matter process. It never blocks a start: `connect` returns at once and keeps
 * retrying in the background with a doubling backoff, so the api serves while the bridge is away.
 * Every (re)connect subscribes to the consumer filters, and the broker resends the retained topics.
 */
export function createMqttTransport(options: MqttTransportOptions): LinkTransport {
  const log = options.logger;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let delay = backoff.min;
  const client: MqttClient = mqtt.connect(options.url, {
    username: options.user,
    password: options.password,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
    clientId: `herdgate-${options.client ?? 'api'}-${crypto.randomUUID().slice(0, 8)}`,
    ...(options.will === undefined ? {} : { will: { ...options.will, retain: true, qos: 1 as const } }),
    reconnectPeriod: delay,
    connectTimeout: 5_000,
    // We subscribe on every connect ourselves; mqtt.js resubscribing too would replay retained topics twice.
    resubscribe: false,
    // Otherwise mqtt-packet pre-builds 65,536 two-byte Buffers at the first write: about 6 MiB of
    // the api's heap at rest (heap snapshot, docs/benchmarks.md) to cache packet ids and lengths.
    writeCache: false,
  });
  const connectionHandlers: ((up: boolean) => void)[] = [];
  let up = false;
  const setUp = (next: boolean) => {
    if (next === up) return;
    up = next;
    for (const handler of connectionHandlers) handler(next);
  };
  client.on('connect', () => {
    // Small MQTT packets: without no-delay, a command right after another waits for the broker's ACK.
    (client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
    delay = backoff.min;
    client.options.reconnectPeriod = delay;
    log.info({ url: options.url }, 'mqtt connected');
    client.subscribe(filters.consumer(options.base), { qos: 1 }, (err) => {
      if (err) log.error({ err }, 'mqtt subscribe failed');
    });
    setUp(true);
  });
  client.on('close', () => {
    if (up) log.warn({ url: options.url }, 'mqtt connection lost; reconnecting');
    setUp(false);
    dropUnacknowledged(client);
    delay = Math.min(delay * 2, backoff.max);
    client.options.reconnectPeriod = delay;
  });
  client.on('error', (err) => log.debug({ err: err.message, url: options.url }, 'mqtt connection attempt failed'));

  return {
    async publish(topic, payload, publishOptions) {
      await client.publishAsync(topic, payload, { qos: 1, retain: publishOptions?.retain === true });
    },
    onMessage(handler) {
      client.on('message', (topic, payload) => handler(topic, payload));
    },
    onConnection(handler) {
      connectionHandlers.push(handler);
    },
    connected: () => up && client.connected,
    async close() {
      await client.endAsync(true);
    },
  };
}

/**
 * Forgets the commands the broker has not acknowledged yet. mqtt.js keeps an unacknowledged QoS 1
 * publish and sends it again after a reconnect, but the link has just answered every waiting
 * command `not_connected` (a 503 to the client): a copy sent a second later to a bridge that
 * restarted quickly would run after the client was told it failed, possibly after a newer
 * command that did succeed. Their `expires` only covers long outages, so they are dropped here.
 */
function dropUnacknowledged(client: MqttClient): void {
  for (const id of Object.keys(client.outgoing)) {
    if (client.outgoing[Number(id)]?.cmd === 'publish') client.removeOutgoingMessage(Number(id));
  }
}

/**
 * The BridgeLink over MQTT to the broker named by `MQTT_URL`. mqtt.js is the same on both runtimes:
 * Node speaks mqtt:// or ws://; workerd gets mqtt.js's browser build, which speaks only ws:// and wss://.
 */
export function connectMqttLink(options: MqttLinkOptions): BridgeLink {
  const logger = options.logger.child({ component: 'bridge-link' });
  const transport = createMqttTransport({ ...options, logger });
  return createBridgeLink({ transport, base: options.base, preferredBridge: options.bridgeId, logger, timeoutMs: options.timeoutMs });
}
