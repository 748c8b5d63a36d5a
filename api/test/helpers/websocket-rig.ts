import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { WebSocket, type ClientOptions } from 'ws';
import { createEventHub } from '../../src/events/event-hub';
import type { EventHub } from '../../src/events/types';
import { startWebSocket, type WebSocketHandle, type WebSocketOptions } from '../../src/runtime/node/websocket';
import { withTimeout } from '../../../test/helpers/wait';

/**
 * The WebSocket server's test rig: a real HTTP server, real clients, bounded waits only (the
 * harness's `waitFor` and `withTimeout`, test/helpers/wait.ts).
 */

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
