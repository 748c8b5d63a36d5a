import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

/** A listening server plus the way to close it with every connection it accepted. */
export interface Listener {
  port: number;
  close(): Promise<void>;
}

function listen(server: Server | HttpServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const closeServer = (server: Server | HttpServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/** MQTT over TCP. Sockets are tracked so close() also ends half-open ones that never sent CONNECT. */
export async function listenTcp(broker: Aedes, host: string, port: number): Promise<Listener> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    // MQTT packets are small: without this, Nagle holds a publish back until the previous one is acked.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
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

/** MQTT over WebSocket (subprotocol `mqtt`), each socket wrapped as a duplex stream for aedes. */
export async function listenWebSocket(broker: Aedes, host: string, port: number): Promise<Listener> {
  const http: HttpServer = createHttpServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only\n');
  });
  const wss = new WebSocketServer({ server: http });
  // ws re-emits the http server's errors; listen() already reports them, so do not crash on them.
  wss.on('error', () => undefined);
  wss.on('connection', (socket, request) => {
    const stream = createWebSocketStream(socket);
    // A client that drops mid-frame errors the stream; aedes reports it through the client.
    stream.on('error', () => socket.terminate());
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
