import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { silent, startTestBroker } from '../broker/test-support';
import { connectMqtt } from './link';

/** mqtt-packet as mqtt.js and aedes load it (one shared copy in node_modules). */
const require = createRequire(createRequire(import.meta.url).resolve('mqtt'));
const mqttPacket = require('mqtt-packet') as { writeToStream: { cacheNumbers: boolean } };

describe('mqtt link', () => {
  it('should carry publishes through the embedded broker without mqtt-packet pre-building its number buffers', async () => {
    const broker = await startTestBroker();
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
        await link.publish('herdgate/devices/0x01', { a: 1 }, { retain: true });
        await link.publish('herdgate/devices/0x02', { b: 2 });
        await got;
        expect(received).toEqual(['herdgate/devices/0x01 {"a":1}', 'herdgate/devices/0x02 {"b":2}']);
        // Process-wide switch: the broker's writes above allocated numbers on demand too.
        expect(mqttPacket.writeToStream.cacheNumbers).toBe(false);
      } finally {
        await link.close();
      }
    } finally {
      await broker.close();
    }
  });
});
