import type { Logger } from 'pino';
import { createMqttTransport, type LinkTransport } from '@herdgate/api/bridge-link';
import { topics } from '@herdgate/shared/mqtt';

export interface MatterMqttOptions {
  url: string;
  user?: string;
  password?: string;
  /** PEM of a private CA that signed the broker's certificate. */
  ca?: string;
  base: string;
  logger: Logger;
}

export type MatterMqtt = LinkTransport;

/**
 * The Matter process's broker connection: the api's own MQTT transport (reconnect backoff,
 * resubscribe, dropped in-flight commands on a lost connection), under a client id of its own and
 * with a will that clears the retained status when the process dies, so the api never shows a
 * pairing code nobody answers to. A clean stop clears it as the will would.
 */
export function connectMatterMqtt(options: MatterMqttOptions): MatterMqtt {
  const status = topics.matterState(options.base);
  const transport = createMqttTransport({ ...options, client: 'matter', will: { topic: status, payload: '' } });
  return {
    ...transport,
    async close() {
      if (transport.connected()) await transport.publish(status, '', { retain: true }).catch(() => {});
      await transport.close();
    },
  };
}
