/**
 * The bare MQTT broker Zigbee2MQTT talks to in the benchmark (it has no embedded one): aedes with
 * default options on 127.0.0.1, an ephemeral port, no auth. It runs in the suite's process, so
 * Zigbee2MQTT's messages reach the measuring client in one TCP hop, as herdgate's do from its
 * embedded broker.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';

export interface BareBroker {
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function startBareBroker(): Promise<BareBroker> {
  const broker = await Aedes.createBroker();
  // No-delay as on herdgate's embedded broker, so the comparison measures the stacks, not Nagle.
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
