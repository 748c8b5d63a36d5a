import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { WebSocket, type ClientOptions } from 'ws';
import { createEventHub } from '../../events/event-hub';
import type { EventHub } from '../../events/types';
import { startWebSocket, type WebSocketHandle, type WebSocketOptions } from './websocket';

/** Test helpers for the WebSocket server: a real HTTP server, real clients, bounded waits only. */

export interface LogLine {
  level: number;
  msg: string;
  client?: string;
  [key: string]: unknown;
}

export interface Rig {
  http: Server;
  httpPort: number;
  hub: EventHub;
  ws: WebSocketHandle;
  logs: LogLine[];
  logger: Logger;
  close(): Promise<void>;
}

export async function startRig(options: Partial<Omit<WebSocketOptions, 'server' | 'hub' | 'logger'>> = {}) {
  const http = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
  await new Promise<void>((resolve) => http.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const httpPort = (http.address() as AddressInfo).port;
  const logs: LogLine[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  const hub = createEventHub();
  const ws = await startWebSocket({ server: http, port: 0, hub, logger, ...options });
  const rig: Rig = {
    http,
    httpPort,
    hub,
    ws,
    logs,
    logger,
    async close() {
      await ws.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  return rig;
}

/** A connected client that records every text message it receives. */
export interface TestClient {
  socket: WebSocket;
  received: string[];
  closed: Promise<number>;
}

export async function connect(url: string, options: ClientOptions = {}): Promise<TestClient> {
  const socket = new WebSocket(url, options);
  const received: string[] = [];
  socket.on('message', (data) => received.push(data.toString()));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    }),
    5_000,
    `connect ${url}`,
  );
  return { socket, received, closed };
}

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms: ${what}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
