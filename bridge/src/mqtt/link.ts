import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/**
 * The bridge's one MQTT client. Reconnects with exponential backoff (1 s doubling to 30 s) and
 * tells its owner on every (re)connect, so the retained `online` state replaces the broker's last
 * will after an outage. Subscriptions survive reconnects (mqtt.js resubscribes).
 */
export interface MqttLink {
  publish(topic: string, payload: unknown, options?: { retain?: boolean }): Promise<void>;
  /** Remove a retained message (empty retained payload). */
  clear(topic: string): Promise<void>;
  subscribe(filters: string[], handler: (topic: string, payload: Buffer) => void): Promise<void>;
  onConnect(handler: () => void): void;
  close(): Promise<void>;
}

export interface LinkOptions {
  url: string;
  clientId: string;
  user?: string;
  password?: string;
  will: { topic: string; payload: unknown };
}

const MIN_BACKOFF = 1_000;
const MAX_BACKOFF = 30_000;

export async function connectMqtt(options: LinkOptions, logger: Logger): Promise<MqttLink> {
  const log = logger.child({ component: 'mqtt' });
  const clientOptions: IClientOptions = {
    clientId: options.clientId,
    username: options.user,
    password: options.password,
    reconnectPeriod: MIN_BACKOFF,
    connectTimeout: 10_000,
    will: { topic: options.will.topic, payload: Buffer.from(JSON.stringify(options.will.payload)), retain: true, qos: 1 },
    // Otherwise mqtt-packet (shared with the embedded aedes broker) pre-builds 65,536 two-byte
    // buffers at its first write, 6.5 MiB of heap for a few packet ids and topic lengths. This
    // switch is process-wide, so it also spares the broker (measured in docs/benchmarks.md).
    writeCache: false,
  };
  const client: MqttClient = await connectAsync(options.url, clientOptions);
  // Small MQTT packets: without no-delay, a publish right after another waits for the broker's ACK.
  const noDelay = () => (client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
  noDelay();
  const connectHandlers: Array<() => void> = [];
  let backoff = MIN_BACKOFF;
  client.on('connect', () => {
    noDelay();
    backoff = MIN_BACKOFF;
    client.options.reconnectPeriod = MIN_BACKOFF;
    log.info({ url: options.url }, 'mqtt connected');
    for (const handler of connectHandlers) handler();
  });
  client.on('offline', () => {
    backoff = Math.min(backoff * 2, MAX_BACKOFF);
    client.options.reconnectPeriod = backoff;
    log.warn({ retryInMs: backoff }, 'mqtt connection lost, reconnecting');
  });
  client.on('error', (err) => log.error({ err }, 'mqtt error'));

  const handlers: Array<(topic: string, payload: Buffer) => void> = [];
  client.on('message', (topic, payload) => {
    for (const handler of handlers) {
      try {
        handler(topic, payload);
      } catch (err) {
        log.error({ err, topic }, 'mqtt message handler failed');
      }
    }
  });

  return {
    async publish(topic, payload, { retain = false } = {}) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      await client.publishAsync(topic, body, { retain, qos: retain ? 1 : 0 });
    },
    async clear(topic) {
      await client.publishAsync(topic, '', { retain: true, qos: 1 });
    },
    async subscribe(filters, handler) {
      handlers.push(handler);
      await client.subscribeAsync(filters, { qos: 1 });
    },
    onConnect(handler) {
      connectHandlers.push(handler);
    },
    async close() {
      await client.endAsync();
    },
  };
}
