import { createServer, type Socket } from 'node:net';
import { Aedes } from 'aedes';

/** A bare Aedes standing in for Mosquitto (no persistence): closable and restartable on the same port. */
export interface BareBroker {
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function bareBroker(port = 0): Promise<BareBroker> {
  const aedes = await Aedes.createBroker();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    aedes.handle(socket);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.address() as { port: number }).port;
  return {
    port: bound,
    url: `mqtt://127.0.0.1:${bound}`,
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
