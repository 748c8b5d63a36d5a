import type { PublishPacket } from 'aedes';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@herdgate/shared/mqtt';
import { publishDenial } from './acl';
import type { BrokerHandle } from './start-broker';
import { closed, collect, connect, connectBridge, endAll, startTestBroker } from '../../test/support/broker-clients';

const ctx = { base: 'herdgate', bridge: '00212EFFFF012345' };
const ieee = '0x0017880102a3b4c5';
const packet = (topic: string, retain = false) => ({ cmd: 'publish', topic, payload: '{}', qos: 0, dup: false, retain }) as PublishPacket;

describe('broker ACL rules', () => {
  it('should reserve device and bridge topics for the bridge', () => {
    const bridgeOnly = [
      topics.bridgeState(ctx),
      topics.bridgeInfo(ctx),
      topics.bridgeEvent(ctx),
      topics.response(ctx, 'permit_join'),
      topics.groupSetResult(ctx, 3),
      topics.device(ctx.base, ieee),
      topics.deviceState(ctx.base, ieee, 11),
      topics.deviceEvent(ctx.base, ieee, 1),
      topics.deviceSetResult(ctx.base, ieee, 11),
    ];
    for (const topic of bridgeOnly) {
      expect(publishDenial('herdgate', 'user', packet(topic)), topic).toBe('only the bridge publishes this topic');
      expect(publishDenial('herdgate', 'bridge', packet(topic, true)), topic).toBeUndefined();
    }
  });

  it('should let clients send commands and requests, but not retained', () => {
    for (const topic of [topics.deviceSet('herdgate', ieee, 11), topics.groupSet(ctx, 3), topics.request(ctx, 'devices')]) {
      expect(publishDenial('herdgate', 'anonymous', packet(topic))).toBeUndefined();
      expect(publishDenial('herdgate', 'user', packet(topic, true))).toBe('commands and requests must not be retained');
    }
  });

  it('should keep administrative requests to the api and admin accounts', () => {
    for (const name of ['backup', 'touchlink/reset', 'device/ota'] as const) {
      const topic = topics.request(ctx, name);
      expect(publishDenial('herdgate', 'user', packet(topic)), name).toBe('not allowed for user clients');
      expect(publishDenial('herdgate', 'anonymous', packet(topic)), name).toBe('not allowed for anonymous clients');
      expect(publishDenial('herdgate', 'api', packet(topic)), name).toBeUndefined();
      expect(publishDenial('herdgate', 'admin', packet(topic)), name).toBeUndefined();
    }
    expect(publishDenial('herdgate', 'user', packet(topics.request(ctx, 'permit_join')))).toBeUndefined();
  });

  it('should refuse unknown topics under the base and $SYS, and ignore other applications', () => {
    expect(publishDenial('herdgate', 'user', packet('herdgate/lights/1'))).toBe('topic is not part of the herdgate contract');
    expect(publishDenial('herdgate', 'user', packet('herdgate'))).toBe('topic is not part of the herdgate contract');
    expect(publishDenial('herdgate', 'bridge', packet('$SYS/x'))).toBe('$SYS topics are reserved');
    expect(publishDenial('herdgate', 'user', packet('zigbee2mqtt/lamp/set', true))).toBeUndefined();
    expect(publishDenial('herdgate', 'user', packet('herdgateway/x'))).toBeUndefined();
  });
});

describe('broker ACL on the wire', () => {
  let handle: BrokerHandle;
  let bridge: MqttClient;
  let watcher: ReturnType<typeof collect>;
  const url = () => `mqtt://127.0.0.1:${handle.port}`;
  const others: MqttClient[] = [];

  beforeAll(async () => {
    handle = await startTestBroker();
    bridge = await connectBridge(handle);
    watcher = collect(bridge);
    await bridge.subscribeAsync('#');
  });
  afterAll(async () => {
    await endAll([bridge, ...others]);
    await handle.close();
  });

  it('should drop an outsider publishing device state and disconnect it', async () => {
    const outsider = await connect(url());
    others.push(outsider);
    const state = topics.deviceState('herdgate', ieee, 11);
    outsider.publish(state, '{"state":{"on":false}}', { retain: true });
    await closed(outsider);
    // The bridge publishes after the forged message: if the forgery had passed, it would be seen first.
    await bridge.publishAsync('herdgate/devices/sentinel-1', 'x');
    await watcher.next((m) => m.topic === 'herdgate/devices/sentinel-1');
    expect(watcher.messages.filter((m) => m.topic === state)).toEqual([]);
    const late = await connect(url());
    others.push(late);
    const lateSeen = collect(late);
    await late.subscribeAsync(state);
    await bridge.publishAsync('herdgate/devices/sentinel-2', 'x');
    await watcher.next((m) => m.topic === 'herdgate/devices/sentinel-2');
    expect(lateSeen.messages).toEqual([]);
  });

  it('should deliver commands and requests from other clients to the bridge', async () => {
    const script = await connect(url());
    others.push(script);
    const set = topics.deviceSet('herdgate', ieee, 11);
    const request = topics.request(ctx, 'permit_join');
    await script.publishAsync(set, '{"on":true}', { qos: 1 });
    await script.publishAsync(request, '{"time":60}', { qos: 1 });
    expect((await watcher.next((m) => m.topic === set)).payload).toBe('{"on":true}');
    expect((await watcher.next((m) => m.topic === request)).payload).toBe('{"time":60}');
    expect(script.connected).toBe(true);
  });

  it('should keep what the bridge retains for subscribers that come later', async () => {
    const device = topics.device('herdgate', ieee);
    await bridge.publishAsync(device, '{"ieee":"x"}', { retain: true, qos: 1 });
    const reader = await connect(url());
    others.push(reader);
    const seen = collect(reader);
    await reader.subscribeAsync('herdgate/devices/+');
    const message = await seen.next((m) => m.topic === device);
    expect(message).toMatchObject({ topic: device, payload: '{"ieee":"x"}', retain: true });
  });

  it('should let the bridge last will mark it offline when it dies', async () => {
    const stateTopic = topics.bridgeState(ctx);
    const dying = await connect(url(), {
      username: handle.internal.username,
      password: handle.internal.password,
      clientId: `${handle.internal.clientIdPrefix}-dying`,
      will: { topic: stateTopic, payload: Buffer.from('{"state":"offline"}'), retain: true, qos: 1 },
    });
    await dying.publishAsync(stateTopic, '{"state":"online"}', { retain: true, qos: 1 });
    await watcher.next((m) => m.topic === stateTopic && m.payload.includes('online'));
    (dying.stream as unknown as { destroy(): void }).destroy();
    others.push(dying);
    const will = await watcher.next((m) => m.topic === stateTopic && m.payload.includes('offline'));
    expect(will.payload).toBe('{"state":"offline"}');
  });
});

describe('broker ACL on what clients receive', () => {
  const users = [
    { username: 'api', password: 'a', role: 'api' as const },
    { username: 'script', password: 's' },
  ];
  let handle: BrokerHandle;
  let bridge: MqttClient;
  const clients: MqttClient[] = [];
  const url = () => `mqtt://127.0.0.1:${handle.port}`;

  beforeAll(async () => {
    handle = await startTestBroker({ users });
    bridge = await connectBridge(handle);
  });
  afterAll(async () => {
    await endAll([bridge, ...clients]);
    await handle.close();
  });

  /** One client per role, each subscribed to everything, and what each received up to a sentinel. */
  async function receivedBy(publish: () => Promise<void>) {
    const logins = { api: { username: 'api', password: 'a' }, user: { username: 'script', password: 's' }, anonymous: {} };
    const seen = await Promise.all(
      Object.entries(logins).map(async ([role, login]) => {
        const client = await connect(url(), login);
        clients.push(client);
        const messages = collect(client);
        await client.subscribeAsync('#');
        return [role, client, messages] as const;
      }),
    );
    await publish();
    await bridge.publishAsync('herdgate/devices/sentinel', 'x', { qos: 1 });
    const out: Record<string, Array<{ topic: string; payload: string }>> = {};
    for (const [role, client, messages] of seen) {
      await messages.next((m) => m.topic === 'herdgate/devices/sentinel');
      out[role] = messages.messages.filter((m) => m.topic !== 'herdgate/devices/sentinel').map(({ topic, payload }) => ({ topic, payload }));
      await client.endAsync(true);
    }
    return out;
  }

  it('should deliver the backup response (it carries the network key) only to trusted roles', async () => {
    const response = topics.response(ctx, 'backup');
    const got = await receivedBy(() =>
      bridge.publishAsync(response, '{"status":"ok","data":{"backup":{"network_key":{"key":"00"}}}}', { qos: 1 }).then(() => undefined),
    );
    expect(got.api.map((m) => m.topic)).toContain(response);
    expect(got.user).toEqual([]);
    expect(got.anonymous).toEqual([]);
  });

  it('should cut keypad PINs out of events for untrusted roles', async () => {
    const event = topics.deviceEvent('herdgate', ieee, 1);
    const payload = '{"state":{"action":"disarmed","code":"1234","code_sealed":"c2VhbGVk","lastupdated":"2026-10-01T08:12:03.120"}}';
    const got = await receivedBy(() => bridge.publishAsync(event, payload, { qos: 1 }).then(() => undefined));
    expect(got.api).toEqual([{ topic: event, payload }]);
    for (const role of ['user', 'anonymous']) {
      expect(got[role].map((m) => JSON.parse(m.payload))).toEqual([{ state: { action: 'disarmed', lastupdated: '2026-10-01T08:12:03.120' } }]);
    }
  });
});
