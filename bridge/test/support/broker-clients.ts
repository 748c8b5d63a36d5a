/** Helpers for the broker tests: real mqtt clients on loopback with bounded waits. */
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { startBroker, type BrokerHandle } from '../../src/broker/start-broker';
import type { BrokerOptions } from '../../src/broker/options';
import { recordMessages, type MqttMessage } from '../../../test/helpers/clients';

export const silent = pino({ level: 'silent' });

export const startTestBroker = (options: Partial<BrokerOptions> = {}) =>
  startBroker({ host: '127.0.0.1', port: 0, logger: silent, allowAnonymous: true, ...options });

export function connect(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  return connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...options });
}

export const connectBridge = (handle: BrokerHandle, id = 'test') =>
  connect(`mqtt://127.0.0.1:${handle.port}`, {
    username: handle.internal.username,
    password: handle.internal.password,
    clientId: `${handle.internal.clientIdPrefix}-${id}`,
  });

export type Message = MqttMessage;

/** Collect every message a client receives, and wait for one matching a predicate (the one recorder of test/helpers/clients.ts). */
export function collect(client: MqttClient) {
  const { messages, waitFor } = recordMessages(client);
  return { messages, next: (match: (m: Message) => boolean, timeoutMs = 3000) => waitFor(match, timeoutMs, 'matching message') };
}

/** Resolve when the client's connection is closed, or fail after a bounded wait. */
export const closed = (client: MqttClient, timeoutMs = 3000) =>
  new Promise<void>((resolve, reject) => {
    if (!client.connected && client.disconnected) return resolve();
    const timer = setTimeout(() => reject(new Error('connection still open')), timeoutMs);
    client.once('close', () => (clearTimeout(timer), resolve()));
  });

export const endAll = (clients: MqttClient[]) => Promise.all(clients.map((client) => client.endAsync(true)));
