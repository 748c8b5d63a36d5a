/**
 * A benchmark's MQTT client: arrival instants (performance.now(), taken in the message handler
 * before any parsing), bounded waits for "the next message that matches" or "until a condition
 * over everything seen holds", and a connect that retries while a broker is still starting.
 */
import { connectAsync, type MqttClient } from 'mqtt';

export interface Arrival {
  topic: string;
  text: string;
  at: number;
}

export interface MqttWatch {
  client: MqttClient;
  /** Calls `handler` for every message from now on; returns the unsubscribe function. */
  on(handler: (message: Arrival) => void): () => void;
  /** The first message from now on that matches. */
  next(match: (message: Arrival) => boolean, timeoutMs: number, what: string): Promise<Arrival>;
  /** Re-checks `done` after every message (and once now); resolves with the instant it first holds. */
  until(done: () => boolean, timeoutMs: number, what: () => string): Promise<number>;
  publish(topic: string, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

export async function connectWatch(url: string, filters: string[], options: { retryForMs?: number } = {}): Promise<MqttWatch> {
  const client = await connectWithRetry(url, options.retryForMs ?? 0);
  // The measuring client must not add Nagle delays of its own; the stacks' sockets stay as shipped.
  (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  const handlers = new Set<(message: Arrival) => void>();
  // A lost connection fails every wait at once instead of letting it run into its timeout.
  const failers = new Set<(error: Error) => void>();
  let closing = false;
  client.on('close', () => {
    if (closing) return;
    for (const fail of failers) fail(new Error(`MQTT connection to ${url} closed`));
  });
  client.on('message', (topic, payload) => {
    const message = { topic, text: payload.toString(), at: performance.now() };
    for (const handler of handlers) handler(message);
  });
  await client.subscribeAsync(filters, { qos: 0 });
  const on = (handler: (message: Arrival) => void) => {
    handlers.add(handler);
    return () => void handlers.delete(handler);
  };
  const bounded = <T>(timeoutMs: number, why: () => string, arm: (resolve: (value: T) => void) => () => void): Promise<T> =>
    new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        failers.delete(fail);
        disarm();
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error(`${why()} within ${timeoutMs} ms`)), timeoutMs);
      failers.add(fail);
      const disarm = arm((value) => {
        clearTimeout(timer);
        failers.delete(fail);
        disarm();
        resolve(value);
      });
    });
  return {
    client,
    on,
    next: (match, timeoutMs, what) =>
      bounded<Arrival>(
        timeoutMs,
        () => `no ${what}`,
        (resolve) => on((message) => match(message) && resolve(message)),
      ),
    until: (done, timeoutMs, what) =>
      bounded<number>(
        timeoutMs,
        () => `not reached: ${what()}`,
        (resolve) => {
          const off = on((message) => done() && resolve(message.at));
          if (done()) queueMicrotask(() => resolve(performance.now()));
          return off;
        },
      ),
    publish: async (topic, payload) => {
      await client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 0 });
    },
    close: () => {
      closing = true;
      return client.endAsync(true);
    },
  };
}

async function connectWithRetry(url: string, retryForMs: number): Promise<MqttClient> {
  const deadline = performance.now() + retryForMs;
  for (;;) {
    try {
      return await connectAsync(url, {
        reconnectPeriod: 0,
        connectTimeout: 5_000,
        clientId: `herdgate-bench-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
      });
    } catch (error) {
      if (performance.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
