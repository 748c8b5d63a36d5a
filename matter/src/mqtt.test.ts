import { createServer, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { topics } from '@herdgate/shared/mqtt';
import { connectMatterMqtt } from './mqtt';
import { waitFor } from '../../test/helpers/wait';

const STATUS = topics.matterState('herdgate');

async function startBroker() {
  const broker = await Aedes.createBroker();
  const clients: Client[] = [];
  broker.on('client', (client) => clients.push(client));
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    clients,
    /** The retained payload of `topic` in the broker's store (undefined: none retained). */
    async retained(topic: string): Promise<string | undefined> {
      const store = (broker as unknown as { persistence: { createRetainedStream(pattern: string): AsyncIterable<{ payload: Buffer }> } }).persistence;
      for await (const packet of store.createRetainedStream(topic)) return packet.payload.toString();
      return undefined;
    },
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls the broker's retained store until `topic` holds `expected` (undefined: nothing), bounded. */
async function retainedBecomes(broker: { retained(topic: string): Promise<string | undefined> }, topic: string, expected: string | undefined): Promise<void> {
  let last: string | undefined;
  await waitFor(async () => (last = await broker.retained(topic)) === expected, `${topic} to hold ${expected}`, 10_000, 10).catch(() => undefined);
  expect(last).toBe(expected);
}

const until = (check: () => boolean, what: string) => waitFor(check, what, 10_000, 10);

describe('matter mqtt', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const connect = async (url: string) => {
    const link = connectMatterMqtt({ url, base: 'herdgate', logger: pino({ level: 'silent' }) });
    const messages: string[] = [];
    link.onMessage((topic) => messages.push(topic));
    await until(() => link.connected(), 'the Matter process connected');
    return { link, messages };
  };

  it('should follow the consumer topics as its own client and clear its status on a clean stop', async () => {
    const broker = await startBroker();
    cleanups.push(() => broker.close());
    const { link, messages } = await connect(broker.url);
    expect(broker.clients[0]?.id).toMatch(/^herdgate-matter-[0-9a-f]{8}$/);
    await link.publish(STATUS, '{"pairingcode":"1"}', { retain: true });
    await until(() => messages.includes(STATUS), 'its own status back through the consumer filters');
    await retainedBecomes(broker, STATUS, '{"pairingcode":"1"}');
    await link.close();
    await retainedBecomes(broker, STATUS, undefined);
  });

  it('should leave a will that clears the status when the process vanishes', async () => {
    const broker = await startBroker();
    cleanups.push(() => broker.close());
    const { link } = await connect(broker.url);
    cleanups.push(() => link.close());
    await link.publish(STATUS, '{"pairingcode":"2"}', { retain: true });
    await retainedBecomes(broker, STATUS, '{"pairingcode":"2"}');
    // The connection dies without a DISCONNECT, as when the process is killed.
    broker.clients[0]!.conn.destroy();
    await retainedBecomes(broker, STATUS, undefined);
  });
});
