import { connectAsync, type MqttClient } from 'mqtt';
import { WebSocket } from 'ws';
import { withTimeout } from './wait';

/** One message a probe received. */
export interface MqttMessage {
  topic: string;
  payload: string;
  retain: boolean;
  json(): any;
}

/**
 * A real MQTT client that records every message and waits (bounded) for the one a test needs: the
 * one probe of every test folder (or a rogue client publishing junk).
 */
export interface MqttProbe {
  client: MqttClient;
  messages: MqttMessage[];
  publish(topic: string, payload: unknown): Promise<void>;
  /** The first message, received already or later, that `match` accepts. */
  waitFor(match: (m: MqttMessage) => boolean, timeoutMs?: number, what?: string): Promise<MqttMessage>;
  close(): Promise<void>;
}

/** Records every message `client` receives, and waits (bounded) for the one a test needs. */
export function recordMessages(client: MqttClient): Pick<MqttProbe, 'messages' | 'waitFor'> {
  const messages: MqttMessage[] = [];
  const waiters = new Set<() => void>();
  client.on('message', (topic, payload, packet) => {
    const text = payload.toString();
    messages.push({ topic, payload: text, retain: packet.retain, json: () => JSON.parse(text) });
    for (const wake of waiters) wake();
  });
  return {
    messages,
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
  };
}

export async function connectMqtt(url: string, filters: string[] = [], account?: { username: string; password: string }): Promise<MqttProbe> {
  const client = await withTimeout(connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...account }), 6_000, `mqtt connect to ${url}`);
  const recorded = recordMessages(client);
  if (filters.length > 0) await client.subscribeAsync(filters, { qos: 1 });
  return {
    client,
    ...recorded,
    async publish(topic, payload) {
      await client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
    },
    close: () => withTimeout(client.endAsync(true), 5_000, 'mqtt close'),
  };
}

/** deCONZ REST over real HTTP, against a gateway base URL. */
export interface RestClient {
  base: string;
  key: string;
  get<T = any>(path: string): Promise<{ status: number; body: T }>;
  put<T = any>(path: string, body: unknown): Promise<{ status: number; body: T }>;
  post<T = any>(path: string, body?: unknown): Promise<{ status: number; body: T }>;
  delete<T = any>(path: string): Promise<{ status: number; body: T }>;
}

export async function createRestClient(base: string): Promise<RestClient> {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const login = `Basic ${Buffer.from('delight:delight').toString('base64')}`;
  const created = await call('POST', '/api', { devicetype: 'stack-test' }, { Authorization: login });
  if (created.status !== 200) throw new Error(`key creation failed: ${JSON.stringify(created.body)}`);
  const key = (created.body as [{ success: { username: string } }])[0].success.username;
  return {
    base,
    key,
    get: (path) => call('GET', `/api/${key}${path}`),
    put: (path, body) => call('PUT', `/api/${key}${path}`, body),
    post: (path, body) => call('POST', `/api/${key}${path}`, body),
    delete: (path) => call('DELETE', `/api/${key}${path}`),
  };
}

/** A WebSocket event client recording every JSON message. */
export interface EventClient {
  socket: WebSocket;
  events: Record<string, unknown>[];
  close(): void;
}

export async function connectEvents(url: string): Promise<EventClient> {
  const socket = new WebSocket(url);
  const events: Record<string, unknown>[] = [];
  socket.on('message', (data) => events.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await withTimeout(
    new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    }),
    5_000,
    `websocket ${url}`,
  );
  return { socket, events, close: () => socket.terminate() };
}

/** The virtual radio's control API (bridge/virtual-radio/README.md). */
export async function radioControl<T = any>(control: string, method: string, path: string, body?: unknown): Promise<T> {
  const send = () => fetch(control + path, { method, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  // A reused keep-alive socket the server closed as the request went out fails before any
  // answer; a read is safe to send again on a new one (a POST is not: it may have run).
  const res = await send().catch((error: unknown) => {
    if (method !== 'GET' || !closedBeforeAnswer(error)) throw error;
    return send();
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`radio control ${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

function closedBeforeAnswer(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}
