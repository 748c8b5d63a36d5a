import { createServer, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMqttTransport } from './mqtt-link';
import { waitFor } from '../../../test/helpers/wait';

/** A real broker that never acknowledges the first connection's publishes, so they stay in flight. */
async function startHoldingBroker() {
  const seen: { connection: number; payload: string }[] = [];
  const clients: Client[] = [];
  const broker = await Aedes.createBroker({
    authorizePublish(client, packet, callback) {
      const connection = clients.indexOf(client!) + 1;
      seen.push({ connection, payload: packet.payload.toString() });
      // The first connection's publish is held (no PUBACK): the broker "dies" before answering it.
      if (connection > 1) callback(null);
    },
  });
  broker.on('client', (client) => clients.push(client));
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    seen,
    connections: () => clients.length,
    dropFirst: () => clients[0]!.close(),
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const until = (check: () => boolean, what: string) => waitFor(check, what, 10_000, 10);

describe('mqtt link transport', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('should not send a command again after a reconnect once the connection it was sent on is lost', async () => {
    const broker = await startHoldingBroker();
    cleanups.push(() => broker.close());
    const transport = createMqttTransport({ url: broker.url, base: 'herdgate', logger: pino({ level: 'silent' }), backoff: { min: 20, max: 50 } });
    cleanups.push(() => transport.close());
    await until(() => transport.connected(), 'the first connection');

    const sent = transport.publish('herdgate/test/set', 'bri 2').then(
      () => 'acknowledged',
      (err: Error) => err.message,
    );
    await until(() => broker.seen.length === 1, 'the broker to receive the command');
    broker.dropFirst();
    await until(() => broker.connections() === 2 && transport.connected(), 'the reconnect');
    // A later command goes through the new connection and is acknowledged.
    await expect(transport.publish('herdgate/test/set', 'bri 1')).resolves.toBeUndefined();

    expect(await sent).toBe('Message removed');
    expect(broker.seen).toEqual([
      { connection: 1, payload: 'bri 2' },
      { connection: 2, payload: 'bri 1' },
    ]);
  });
});
