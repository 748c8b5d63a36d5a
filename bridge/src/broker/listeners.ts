import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import type { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { BrokerTls } from './options';

/** A listening server plus the way to close it with every connection it accepted. */
export interface Listener {
  port: number;
  close(): Promise<void>;
}

/** What every listener does with a new connection before aedes sees it (the packet size guard). */
export type Admit = (stream: Duplex) => void;

function listen(server: Server | HttpServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const closeServer = (server: Server | HttpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * MQTT over TCP, or over TLS when `tls` is given. Sockets are tracked so close() also ends half-open
 * ones that never sent CONNECT.
 */
export async function listenTcp(broker: Aedes, host: string, port: number, admit: Admit, tls?: BrokerTls): Promise<Listener> {
  const sockets = new Set<Socket>();
  const onSocket = (socket: Socket) => {
    // MQTT packets are small: without this, Nagle holds a publish back until the previous one is acked.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A TLS handshake failure is the client's problem, not the broker's.
    socket.on('error', () => socket.destroy());
    admit(socket);
    broker.handle(socket);
  };
  const server = tls ? createTlsServer({ cert: tls.cert, key: tls.key }, onSocket) : createServer(onSocket);
  if (tls) server.on('tlsClientError', (_error, socket) => socket.destroy());
  const bound = await listen(server, host, port);
  return {
    port: bound,
    close: async () => {
      const closed = closeServer(server);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** MQTT over WebSocket (subprotocol `mqtt`), over TLS (`wss://`) when `tls` is given. */
export async function listenWebSocket(broker: Aedes, host: string, port: number, admit: Admit, tls?: BrokerTls): Promise<Listener> {
  const refuse = (_request: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only\n');
  };
  const http: HttpServer = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, refuse) : createHttpServer(refuse);
  const wss = new WebSocketServer({ server: http });
  // ws re-emits the http server's errors; listen() already reports them, so do not crash on them.
  wss.on('error', () => undefined);
  wss.on('connection', (socket, request) => {
    const stream = createWebSocketStream(socket);
    // A client that drops mid-frame errors the stream; aedes reports it through the client.
    stream.on('error', () => socket.terminate());
    admit(stream);
    broker.handle(stream, request);
  });
  const bound = await listen(http, host, port).catch((error: unknown) => {
    wss.close();
    throw error;
  });
  return {
    port: bound,
    close: async () => {
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      http.closeAllConnections();
      await closeServer(http);
    },
  };
}
