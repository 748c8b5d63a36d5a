import type { MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { topics } from '@herdgate/shared/mqtt';
import type { BrokerHandle } from '../broker/index';
import { collect, connect, endAll, silent, startTestBroker } from '../../test/support/broker-clients';
import { embeddedLink } from './embedded-link';
import type { MqttLink } from './link';

const STATE = 'herdgate/devices/0x00158d0001a2b3c4/1/state';
const ctx = { base: 'herdgate', bridge: '00212EFFFF012345' };

describe('embedded link', () => {
  const users = [
    { username: 'api', password: 'a', role: 'api' as const },
    { username: 'script', password: 's' },
  ];
  let handle: BrokerHandle;
  let link: MqttLink;
  const clients: MqttClient[] = [];
  const url = () => `mqtt://127.0.0.1:${handle.port}`;
  const client = async (login: { username?: string; password?: string } = {}) => {
    const c = await connect(url(), login);
    clients.push(c);
    return c;
  };

  beforeEach(async () => {
    handle = await startTestBroker({ users });
    link = embeddedLink(handle.broker, silent);
  });
  afterEach(async () => {
    await link.close();
    await endAll(clients.splice(0));
    await handle.close();
  });

  it('should hand a report to the broker in process: no MQTT client of the bridge, no socket hop before delivery', async () => {
    const reader = await client();
    const got = collect(reader);
    await reader.subscribeAsync('herdgate/devices/#');
    const origins: Array<unknown> = [];
    handle.broker.on('publish', (packet, from) => {
      if (packet.topic === STATE) origins.push(from);
    });
    await link.publish(STATE, { state: { open: true }, config: {} }, { retain: true });
    expect((await got.next((m) => m.topic === STATE)).payload).toBe('{"state":{"open":true},"config":{}}');
    // The only client on the broker is the reader; the publish came from no client at all.
    expect(handle.broker.connectedClients).toBe(1);
    expect(origins).toEqual([null]);
  });

  it('should keep retained state for a later subscriber and clear it', async () => {
    await link.publish(STATE, { state: { open: false }, config: {} }, { retain: true });
    const late = await client();
    const got = collect(late);
    await late.subscribeAsync(STATE);
    expect(await got.next((m) => m.topic === STATE)).toMatchObject({ retain: true, payload: '{"state":{"open":false},"config":{}}' });
    await link.clear(STATE);
    const after = await client();
    const seen = collect(after);
    await after.subscribeAsync([STATE, 'herdgate/devices/sentinel']);
    await link.publish('herdgate/devices/sentinel', 'x');
    await seen.next((m) => m.topic === 'herdgate/devices/sentinel');
    expect(seen.messages.filter((m) => m.topic === STATE)).toEqual([]);
  });

  it('should deliver in call order, retained or not', async () => {
    const reader = await client();
    const got = collect(reader);
    await reader.subscribeAsync('herdgate/#');
    const event = topics.deviceEvent('herdgate', '0x00158d0001a2b3c4', 1);
    await Promise.all([link.publish(STATE, { n: 1 }, { retain: true }), link.publish(event, { n: 2 }), link.publish(STATE, { n: 3 }, { retain: true })]);
    await got.next((m) => m.payload === '{"n":3}');
    expect(got.messages.map((m) => m.payload)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
  });

  it('should hand a publish to the broker at once when none is ahead of it, and after the one before otherwise', async () => {
    const reader = await client();
    const got = collect(reader);
    await reader.subscribeAsync('herdgate/#');
    const event = topics.deviceEvent('herdgate', '0x00158d0001a2b3c4', 1);
    const handed = vi.spyOn(handle.broker, 'publish');
    const first = link.publish(STATE, { n: 1 }, { retain: true });
    // In the same turn: nothing else this turn does runs before the report reaches the broker.
    expect(handed).toHaveBeenCalledTimes(1);
    const second = link.publish(event, { n: 2 });
    expect(handed).toHaveBeenCalledTimes(1);
    // Published as the first completes, while the second still waits: it goes after the second.
    const third = first.then(() => link.publish(STATE, { n: 3 }, { retain: true }));
    await Promise.all([first, second, third]);
    await got.next((m) => m.payload === '{"n":3}');
    expect(got.messages.map((m) => m.payload)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    handed.mockRestore();
  });

  it("should still apply each reader's rights: the backup response reaches the api account only", async () => {
    const api = await client({ username: 'api', password: 'a' });
    const script = await client({ username: 'script', password: 's' });
    const [apiGot, scriptGot] = [collect(api), collect(script)];
    await Promise.all([api.subscribeAsync('#'), script.subscribeAsync('#')]);
    await link.publish(topics.response(ctx, 'backup'), { status: 'ok', data: { backup: { network_key: { key: '00' } } } });
    await link.publish('herdgate/devices/sentinel', 'x');
    await Promise.all([apiGot.next((m) => m.topic === 'herdgate/devices/sentinel'), scriptGot.next((m) => m.topic === 'herdgate/devices/sentinel')]);
    expect(apiGot.messages.map((m) => m.topic)).toContain(topics.response(ctx, 'backup'));
    expect(scriptGot.messages.map((m) => m.topic)).toEqual(['herdgate/devices/sentinel']);
  });

  it("should hand a client's command to the subscriber, survive a throwing handler, and refuse publishes once closed", async () => {
    const heard: string[] = [];
    await link.subscribe(['herdgate/devices/+/+/set'], (topic, payload) => {
      heard.push(`${topic} ${payload.toString()}`);
      if (heard.length === 1) throw new Error('handler bug');
    });
    const sender = await client({ username: 'api', password: 'a' });
    await sender.publishAsync('herdgate/devices/0x00158d0001a2b3c4/11/set', '{"on":true}', { qos: 1 });
    await sender.publishAsync('herdgate/devices/0x00158d0001a2b3c4/11/set', '{"on":false}', { qos: 1 });
    expect(heard).toEqual(['herdgate/devices/0x00158d0001a2b3c4/11/set {"on":true}', 'herdgate/devices/0x00158d0001a2b3c4/11/set {"on":false}']);
    await link.close();
    await expect(link.publish(STATE, {})).rejects.toThrow(/closed/);
    await sender.publishAsync('herdgate/devices/0x00158d0001a2b3c4/11/set', '{"on":true}', { qos: 1 });
    expect(heard).toHaveLength(2);
  });
});
