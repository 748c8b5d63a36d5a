import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { connect, silent, startTestBroker } from '../../test/support/broker-clients';
import { connectMqtt } from '../mqtt/link';

/** mqtt-packet's number cache, the copy aedes and mqtt.js write with (one in node_modules). */
const fromAedes = createRequire(createRequire(import.meta.url).resolve('aedes'));
const numberCache = (fromAedes('mqtt-packet/numbers.js') as { cache: Record<number, Buffer> }).cache;

describe('mqtt packet number cache', () => {
  it('should carry publishes through the embedded broker without mqtt-packet pre-building its number buffers', async () => {
    // Unit files share their processes: an earlier file may have built the cache before anything
    // turned it off. Empty it (safe while it is off: writes then build their two bytes), then prove
    // this broker and link leave it empty.
    const broker = await startTestBroker();
    for (const key of Object.keys(numberCache)) delete numberCache[Number(key)];
    // As in production: a client (the api) connects while the bridge is still starting its radio.
    const early = await connect(`mqtt://127.0.0.1:${broker.port}`);
    try {
      const { username, password, clientIdPrefix } = broker.internal;
      const will = { topic: 'herdgate/bridge/TEST/state', payload: { state: 'offline' } };
      const link = await connectMqtt({ url: `mqtt://127.0.0.1:${broker.port}`, clientId: `${clientIdPrefix}-link`, user: username, password, will }, silent);
      try {
        const received: string[] = [];
        let both = () => {};
        const got = new Promise<void>((resolve) => (both = resolve));
        await link.subscribe(['herdgate/devices/+'], (topic, payload) => {
          received.push(`${topic} ${payload.toString()}`);
          if (received.length === 2) both();
        });
        await early.subscribeAsync('herdgate/devices/+', { qos: 1 });
        await link.publish('herdgate/devices/0x01', { a: 1 }, { retain: true });
        await link.publish('herdgate/devices/0x02', { b: 2 });
        await got;
        expect(received).toEqual(['herdgate/devices/0x01 {"a":1}', 'herdgate/devices/0x02 {"b":2}']);
        // Packet ids and topic lengths were written by both ends without the 65,536-buffer cache.
        expect(Object.keys(numberCache)).toHaveLength(0);
      } finally {
        await link.close();
      }
    } finally {
      await early.endAsync(true);
      await broker.close();
    }
  });
});
