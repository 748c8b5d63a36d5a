import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { LinkTransport } from '@herdgate/api/bridge-link';
import { filters, topics } from '@herdgate/shared/mqtt';

export interface MatterMqttOptions {
  url: string;
  user?: string;
  password?: string;
  base: string;
  logger: Logger;
}

export type MatterMqtt = LinkTransport;

/**
 * The Matter process's broker connection: the transport its bridge link follows devices over, plus
 * retained publishes for its status. Its will clears the status when the process dies, so the
 * api never shows a pairing code nobody answers to.
 */
export function connectMatterMqtt(options: MatterMqttOptions): MatterMqtt {
  const { logger: log, base } = options;
  const client: MqttClient = mqtt.connect(options.url, {
    username: options.user,
    password: options.password,
    clientId: `herdgate-matter-${crypto.randomUUID().slice(0, 8)}`,
    reconnectPeriod: 1_000,
    connectTimeout: 5_000,
    resubscribe: false,
    writeCache: false,
    will: { topic: topics.matterState(base), payload: Buffer.alloc(0), retain: true, qos: 1 },
  });
  const handlers: ((up: boolean) => void)[] = [];
  let up = false;
  const setUp = (next: boolean) => {
    if (next === up) return;
    up = next;
    for (const handler of handlers) handler(next);
  };
  client.on('connect', () => {
    log.info({ url: options.url }, 'matter: mqtt connected');
    client.subscribe(filters.consumer(base), { qos: 1 }, (err) => {
      if (err) log.error({ err }, 'matter: mqtt subscribe failed');
    });
    setUp(true);
  });
  client.on('close', () => setUp(false));
  client.on('error', (err) => log.debug({ err: err.message }, 'matter: mqtt connection attempt failed'));
  return {
    async publish(topic, payload, publishOptions) {
      await client.publishAsync(topic, payload, { qos: 1, retain: publishOptions?.retain === true });
    },
    onMessage(handler) {
      client.on('message', (topic, payload) => handler(topic, payload));
    },
    onConnection(handler) {
      handlers.push(handler);
    },
    connected: () => up && client.connected,
    async close() {
      // A clean stop clears the retained status as the will would.
      if (client.connected) await client.publishAsync(topics.matterState(base), '', { qos: 1, retain: true }).catch(() => {});
      await client.endAsync();
    },
  };
}
