import type { LinkTransport } from './create-bridge-link';

/**
 * An in-process transport: what the link publishes is recorded, and the owner delivers messages
 * as a broker would. For tests of the link and of what is built on it without a broker.
 */
export interface MemoryTransport extends LinkTransport {
  published: { topic: string; body: Record<string, unknown>; retain?: boolean }[];
  deliver(topic: string, payload: unknown): void;
  setConnected(up: boolean): void;
}

export function createMemoryTransport(): MemoryTransport {
  let onMessage: (topic: string, payload: Uint8Array) => void = () => {};
  let onConnection: (up: boolean) => void = () => {};
  let up = true;
  const published: MemoryTransport['published'] = [];
  return {
    published,
    publish: async (topic, payload, options) => {
      published.push({ topic, body: JSON.parse(payload) as Record<string, unknown>, ...(options?.retain ? { retain: true } : {}) });
    },
    onMessage: (handler) => {
      onMessage = handler;
    },
    onConnection: (handler) => {
      onConnection = handler;
    },
    connected: () => up,
    close: async () => {},
    deliver(topic, payload) {
      onMessage(topic, new TextEncoder().encode(typeof payload === 'string' ? payload : JSON.stringify(payload)));
    },
    setConnected(next) {
      up = next;
      onConnection(next);
    },
  };
}
