import { connect as netConnect } from 'node:net';
import { connect as mqttConnect, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerHandle } from './start-broker';
import { closed, collect, connect, connectBridge, endAll, startTestBroker } from '../../test/support/broker-clients';

/** The embedded broker's resource limits, on the wire. */
describe('broker limits', () => {
  let handle: BrokerHandle;
  let bridge: MqttClient;
  const clients: MqttClient[] = [];
  const url = () => `mqtt://127.0.0.1:${handle.port}`;

  beforeAll(async () => {
    handle = await startTestBroker({ limits: { maxPacketBytes: 4096, maxRetained: 2, maxSessionQueue: 5 } });
    bridge = await connectBridge(handle);
  });
  afterAll(async () => {
    await endAll([bridge, ...clients]);
    await handle.close();
  });

  it('should close a connection announcing a packet over the limit before it is buffered', async () => {
    const client = await connect(url());
    clients.push(client);
    const watcher = collect(bridge);
    await bridge.subscribeAsync('other/#');
    client.publish('other/big', Buffer.alloc(5000, 'x'));
    await closed(client);
    await bridge.publishAsync('other/sentinel', 'x');
    await watcher.next((m) => m.topic === 'other/sentinel');
    expect(watcher.messages.map((m) => m.topic)).toEqual(['other/sentinel']);
    const small = await connect(url());
    clients.push(small);
    await small.publishAsync('other/small', Buffer.alloc(3000, 'y'));
    expect((await watcher.next((m) => m.topic === 'other/small')).payload).toHaveLength(3000);
  });

  it('should close a raw socket that declares a 200 MB packet in its first bytes', async () => {
    const socket = netConnect(handle.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // CONNECT type byte, then remaining length 0xff 0xff 0xff 0x7f (268,435,455 bytes).
    socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket still open')), 3000);
      socket.once('close', () => (clearTimeout(timer), resolve()));
    });
  });

  it('should let clients keep only so many retained topics outside the contract', async () => {
    const client = await connect(url());
    clients.push(client);
    await client.publishAsync('other/r1', 'a', { retain: true, qos: 1 });
    await client.publishAsync('other/r2', 'b', { retain: true, qos: 1 });
    await client.publishAsync('other/r1', 'c', { retain: true, qos: 1 });
    client.publish('other/r3', 'd', { retain: true });
    await closed(client);
    const reader = await connect(url());
    clients.push(reader);
    const seen = collect(reader);
    await reader.subscribeAsync('other/+');
    await seen.next((m) => m.topic === 'other/r2');
    await bridge.publishAsync('other/sentinel2', 'x');
    await seen.next((m) => m.topic === 'other/sentinel2');
    expect(
      seen.messages
        .filter((m) => m.retain)
        .map((m) => `${m.topic}=${m.payload}`)
        .sort(),
    ).toEqual(['other/r1=c', 'other/r2=b']);
    // Clearing one makes room again.
    const again = await connect(url());
    clients.push(again);
    await again.publishAsync('other/r1', '', { retain: true, qos: 1 });
    await again.publishAsync('other/r3', 'd', { retain: true, qos: 1 });
    expect(again.connected).toBe(true);
  });

  it('should keep only the newest messages of an offline persistent session, and all of an online one', async () => {
    const options = { clientId: 'sleeper', clean: false };
    const sleeper = await connect(url(), options);
    await sleeper.subscribeAsync('other/queued', { qos: 1 });
    await sleeper.endAsync();
    for (let i = 0; i < 12; i++) await bridge.publishAsync('other/queued', `m${i}`, { qos: 1 });
    // Listening before the connection opens: the queue follows the CONNACK at once.
    const back = mqttConnect(url(), { ...options, reconnectPeriod: 0 });
    clients.push(back);
    const seen = collect(back);
    await new Promise((resolve) => back.once('connect', resolve));
    await seen.next((m) => m.payload === 'm11');
    await bridge.publishAsync('other/queued', 'live', { qos: 1 });
    await seen.next((m) => m.payload === 'live');
    expect(seen.messages.map((m) => m.payload)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11', 'live']);
    // Online, nothing is trimmed: a burst over the bound arrives whole.
    for (let i = 0; i < 8; i++) bridge.publish('other/queued', `b${i}`, { qos: 1 });
    await seen.next((m) => m.payload === 'b7');
    expect(seen.messages.filter((m) => m.payload.startsWith('b'))).toHaveLength(8);
  });
});
