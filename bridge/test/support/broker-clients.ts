/** Helpers for the broker tests: real mqtt clients on loopback with bounded waits. */
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { startBroker, type BrokerHandle } from '../../src/broker/start-broker';
import type { BrokerOptions } from '../../src/broker/options';

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

export interface Message {
  topic: string;
  payload: string;
  retain: boolean;
}

/** Collect every message a client receives, and wait for one matching a predicate. */
export function collect(client: MqttClient) {
  const messages: Message[] = [];
  const waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  client.on('message', (topic, payload, packet) => {
    const message = { topic, payload: payload.toString(), retain: packet.retain };
    messages.push(message);
    for (const waiter of waiters.filter((w) => w.match(message))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const next = (match: (m: Message) => boolean, timeoutMs = 3000) =>
    new Promise<Message>((resolve, reject) => {
      const seen = messages.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error('no matching message within timeout')), timeoutMs);
      waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  return { messages, next };
}

/** Resolve when the client's connection is closed, or fail after a bounded wait. */
export const closed = (client: MqttClient, timeoutMs = 3000) =>
  new Promise<void>((resolve, reject) => {
    if (!client.connected && client.disconnected) return resolve();
    const timer = setTimeout(() => reject(new Error('connection still open')), timeoutMs);
    client.once('close', () => (clearTimeout(timer), resolve()));
  });

export const endAll = (clients: MqttClient[]) => Promise.all(clients.map((client) => client.endAsync(true)));
