import { WebSocket } from 'ws';
import type { TestGateway } from '../helpers/gateway';
import { jsonInit } from '../helpers/gateway';

/** A real WebSocket client on the gateway's event port, collecting parsed events. */
export interface EventClient {
  events: Record<string, unknown>[];
  /** Resolves with the first event (already received or arriving within `ms`) that matches. */
  next(match: (event: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  close(): void;
}

/** `target`: the event port on loopback, or a full ws:// URL (the Worker serves events on its own port). */
export async function connectEvents(target: number | string): Promise<EventClient> {
  const socket = new WebSocket(typeof target === 'number' ? `ws://127.0.0.1:${target}` : target);
  const events: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(JSON.parse(String(data)) as Record<string, unknown>);
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    events,
    next(match, ms = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        if (!check()) waiters.add(check as () => void);
      });
    },
    close: () => socket.close(),
  };
}

/** The POST body of a CLIP sensor; override any field. */
export function clipBody(type: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `${type} 1`,
    modelid: 'clip-model',
    swversion: '1.0',
    type,
    uniqueid: `clip-${type}-${Math.random().toString(16).slice(2, 10)}`,
    manufacturername: 'herdgate tests',
    ...overrides,
  };
}

/** Create a CLIP sensor over HTTP; resolves with its id. */
export async function createClip(gw: Pick<TestGateway, 'request'>, key: string, body: Record<string, unknown>): Promise<string> {
  const res = await gw.request(`/api/${key}/sensors`, jsonInit('POST', body));
  const answer = (await res.json()) as [{ success: { id: string } }];
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer)}`);
  return answer[0].success.id;
}

export async function getJson<T = Record<string, unknown>>(gw: Pick<TestGateway, 'request'>, path: string): Promise<T> {
  const res = await gw.request(path);
  return (await res.json()) as T;
}
