import { connectAsync, type MqttClient } from 'mqtt';

/** A real MQTT client that records every message and waits (bounded) for the one a test needs. */
export interface Received {
  topic: string;
  payload: string;
  retain: boolean;
  json(): any;
}

export interface Probe {
  client: MqttClient;
  messages: Received[];
  publish(topic: string, payload: unknown): Promise<void>;
  waitFor(match: (m: Received) => boolean, timeoutMs?: number, what?: string): Promise<Received>;
  close(): Promise<void>;
}

export async function connectProbe(url: string, filters: string[], login?: { username: string; password: string }): Promise<Probe> {
  const client = await connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...login });
  const messages: Received[] = [];
  const waiters = new Set<() => void>();
  client.on('message', (topic, payload, packet) => {
    const text = payload.toString();
    messages.push({ topic, payload: text, retain: packet.retain, json: () => JSON.parse(text) });
    for (const wake of waiters) wake();
  });
  if (filters.length > 0) await client.subscribeAsync(filters, { qos: 1 });
  return {
    client,
    messages,
    async publish(topic, payload) {
      await client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
    },
    waitFor(match, timeoutMs = 10_000, what = 'message') {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${what} within ${timeoutMs} ms; got ${messages.map((m) => m.topic).join(', ')}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => client.endAsync(),
  };
}
