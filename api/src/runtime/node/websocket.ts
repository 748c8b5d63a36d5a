import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { eventMessages, wantsExtensions } from '../../events/deconz-view';
import { SERVICE_RESTART_CLOSE, type DeconzEvent, type EventHub } from '../../events/types';
import { admitWebSocket, type WebSocketPolicy } from '../../security/websocket-admission';

/**
 * The deCONZ WebSocket push channel on Node. Like deCONZ it needs no key by default, ignores what
 * clients send, and accepts the upgrade on any path of the HTTP port as well as on its own port.
 * Clients get only what deCONZ could send, unless they ask for herdgate's own events too
 * (`?events=all`, events/deconz-view.ts).
 * `policy` refuses pages of other origins, caps connections and can require a key. Unlike
 * deCONZ, a client that stops reading is cut off once its send buffer is full, so it can neither
 * hold memory hostage nor slow down anyone else, and dead peers are found by ping/pong.
 */
export interface WebSocketOptions {
  /** The HTTP server whose upgrades we also accept; its owner listens and closes it. */
  server: Server;
  /** Dedicated listener port; 0 picks a free one; the HTTP server's own port means "none". */
  port: number;
  hub: EventHub;
  logger: Logger;
  /** Where the dedicated listener binds; by default where the HTTP server is bound. */
  host?: string;
  /** Ping period; a client that has not answered the previous ping by the next is dropped. */
  pingIntervalMs?: number;
  /** Bytes a client may have queued (server-side) before it is disconnected. */
  maxBufferedBytes?: number;
  /** Who may connect (origin, key, connection cap); by default everyone, as deCONZ. */
  policy?: WebSocketPolicy;
}

export interface WebSocketHandle {
  /** The port clients should use (`config.websocketport`). */
  port: number;
  /** Clients currently connected, on either port. */
  clientCount(): number;
  /** Disconnects every client and closes the dedicated listener (not the HTTP server). */
  close(): Promise<void>;
}

export const DEFAULT_PING_INTERVAL_MS = 30_000;
export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
// Clients never need to send us anything, so a large inbound frame is only a nuisance.
const MAX_INBOUND_PAYLOAD = 64 * 1024;

interface Client {
  name: string;
  alive: boolean;
  /** Asked for herdgate's own events (`?events=all`), not only deCONZ's. */
  extensions: boolean;
}

export async function startWebSocket(opts: WebSocketOptions): Promise<WebSocketHandle> {
  const { server, hub, logger } = opts;
  const pingIntervalMs = opts.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
  const maxBufferedBytes = opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const clients = new Map<WebSocket, Client>();
  // The subprotocol admission chose per request (the key, when the client offered it that way).
  const chosenProtocol = new WeakMap<IncomingMessage, string | undefined>();
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: MAX_INBOUND_PAYLOAD,
    handleProtocols: (_protocols, req) => chosenProtocol.get(req) ?? false,
  });
  let sequence = 0;

  function accept(ws: WebSocket, req: IncomingMessage): void {
    const client = { name: `ws#${++sequence} ${req.socket.remoteAddress}:${req.socket.remotePort}`, alive: true, extensions: wantsExtensions(req.url ?? '/') };
    clients.set(ws, client);
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('error', (error) => logger.debug({ client: client.name, err: error }, 'websocket client error'));
    ws.on('close', () => {
      clients.delete(ws);
      logger.debug({ client: client.name }, 'websocket client disconnected');
    });
    logger.info({ client: client.name, extensions: client.extensions }, 'websocket client connected');
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const admission = opts.policy
      ? admitWebSocket(opts.policy, { origin: req.headers.origin, host: req.headers.host, url: req.url ?? '/', protocols: offered }, clients.size)
      : { ok: true as const, protocol: undefined };
    if (!admission.ok) {
      logger.warn({ remote: req.socket.remoteAddress, origin: req.headers.origin, reason: admission.reason }, 'websocket upgrade refused');
      refuseUpgrade(socket, admission.status, admission.reason);
      return;
    }
    chosenProtocol.set(req, admission.protocol);
    // Without an async verifyClient, ws completes the handshake synchronously: the count is exact.
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req));
  }

  function drop(ws: WebSocket, reason: string, details: Record<string, unknown>): void {
    const client = clients.get(ws);
    clients.delete(ws);
    logger.warn({ client: client?.name, ...details }, `websocket client disconnected: ${reason}`);
    ws.terminate();
  }

  function broadcast(message: string, event: DeconzEvent): void {
    // Encoded once per kind of client; ws frames a Buffer without copying it per client.
    const messages = eventMessages(message, event);
    const all = Buffer.from(messages.all);
    const deconz = messages.deconz === messages.all ? all : messages.deconz === undefined ? undefined : Buffer.from(messages.deconz);
    for (const [ws, client] of [...clients]) {
      const data = client.extensions ? all : deconz;
      if (data === undefined || ws.readyState !== WebSocket.OPEN) continue;
      const queued = ws.bufferedAmount;
      if (queued + data.length > maxBufferedBytes) {
        drop(ws, 'too slow, send buffer full', { bufferedBytes: queued, limitBytes: maxBufferedBytes });
      } else {
        ws.send(data, { binary: false });
      }
    }
  }

  function keepAlive(): void {
    for (const [ws, client] of [...clients]) {
      if (!client.alive) {
        drop(ws, 'no pong', { pingIntervalMs });
        continue;
      }
      client.alive = false;
      ws.ping();
    }
  }

  const dedicated = needsDedicatedListener(server, opts.port) ? createServer(rejectPlainHttp) : undefined;
  if (dedicated) {
    dedicated.on('upgrade', onUpgrade);
    await listen(dedicated, opts.port, opts.host ?? boundHost(server));
  }
  server.on('upgrade', onUpgrade);
  const unsubscribe = hub.subscribe(broadcast);
  // A restore: every client is closed after what it was sent, and reconnects to the new gateway.
  const unsubscribeRestart = hub.onRestartClients((reason) => {
    logger.info({ clients: clients.size, reason }, 'websocket clients closed for a restart');
    for (const ws of clients.keys()) ws.close(SERVICE_RESTART_CLOSE, reason.slice(0, 120));
  });
  const pinger = setInterval(keepAlive, pingIntervalMs);
  const port = dedicated ? (dedicated.address() as AddressInfo).port : opts.port;
  logger.info({ port, httpUpgrade: true }, 'websocket server listening');

  let closing: Promise<void> | undefined;
  return {
    port,
    clientCount: () => clients.size,
    close() {
      closing ??= (async () => {
        clearInterval(pinger);
        unsubscribe();
        unsubscribeRestart();
        server.off('upgrade', onUpgrade);
        for (const ws of clients.keys()) ws.terminate();
        clients.clear();
        wss.close();
        if (dedicated) await closeServer(dedicated);
      })();
      return closing;
    },
  };
}

function needsDedicatedListener(server: Server, port: number): boolean {
  const address = server.address();
  return !(port !== 0 && address !== null && typeof address === 'object' && address.port === port);
}

/** The HTTP server's bind address, unless it listens on every interface. */
function boundHost(server: Server): string | undefined {
  const address = server.address();
  if (address === null || typeof address !== 'object') return undefined;
  return address.address === '::' || address.address === '0.0.0.0' ? undefined : address.address;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = JSON.stringify([{ error: { address: '/', description: reason, type: status === 503 ? 951 : 1 } }]);
  const text = { 401: 'Unauthorized', 403: 'Forbidden', 503: 'Service Unavailable' }[status] ?? 'Forbidden';
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function rejectPlainHttp(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify([{ error: { address: '/', description: 'websocket upgrade required', type: 4 } }]);
  res.writeHead(426, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' }).end(body);
}

function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`websocket port ${port}: ${error.message}`, { cause: error }));
    server.once('error', onError);
    server.listen({ port, host }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
