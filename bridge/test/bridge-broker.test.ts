import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBroker, type BareBroker } from './support/bare-broker';
import { startBridgeProcess, tempDataDir, type BridgeProcess } from './support/bridge-process';
import { eventually } from './support/joined-bridge';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';
import { startRadioProcess, type RadioProcess } from './support/radio-process';

/** The bridge and its brokers across processes: auth and ACL, an external broker, its restart, the last will. */
const USER = { username: 'alice', password: 'correct horse' };
const SCRIPT = { username: 'scripts', password: 'battery staple' };

describe('bridge broker auth and acl', () => {
  let bridge: BridgeProcess;
  let alice: MqttProbe;
  const bt = (leaf: string) => `herdgate/bridge/${bridge.bridgeId}/${leaf}`;

  beforeAll(async () => {
    const dataDir = tempDataDir();
    bridge = await startBridgeProcess({
      dataDir,
      env: {
        MQTT_USER: USER.username,
        MQTT_PASSWORD: USER.password,
        MQTT_CLIENT_USER: SCRIPT.username,
        MQTT_CLIENT_PASSWORD: SCRIPT.password,
        MQTT_ALLOW_ANONYMOUS: '0',
        VIRTUAL_RADIO_NETWORK: `${dataDir}/none.json`,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await alice?.close();
    await bridge?.stop();
  });

  it('should refuse anonymous clients and wrong passwords', async () => {
    await expect(connectAsync(bridge.mqttUrl, { reconnectPeriod: 0, connectTimeout: 3_000 })).rejects.toThrow(/Not authorized|Connection refused/i);
    await expect(connectAsync(bridge.mqttUrl, { reconnectPeriod: 0, connectTimeout: 3_000, username: USER.username, password: 'wrong' })).rejects.toThrow(
      /Bad username or password|Connection refused/i,
    );
  });

  it('should carry requests and group commands from an authenticated client', async () => {
    alice = await connectMqtt(bridge.mqttUrl, ['herdgate/#'], USER);
    await alice.publish(bt('request/network/info'), { transaction: 'n1' });
    const info = await alice.waitFor((m) => m.topic === bt('response/network/info') && m.json().transaction === 'n1');
    expect(info.json()).toMatchObject({ status: 'ok', data: { bridge: bridge.bridgeId } });
    await fetch(`${bridge.radioControl}/counters`, { method: 'DELETE' });
    await alice.publish(bt('groups/3/set'), { on: true, transaction: 'g3' });
    expect((await alice.waitFor((m) => m.topic === bt('groups/3/set/result'))).json()).toMatchObject({ status: 'ok', transaction: 'g3' });
    expect(await (await fetch(`${bridge.radioControl}/counters`)).json()).toMatchObject({ group: { 3: 1 } });
  });

  it('should serve the Zigbee2MQTT API in process: its retained online state and an answered request', async () => {
    const z2m = await connectMqtt(bridge.mqttUrl, ['zigbee2mqtt/bridge/state', 'zigbee2mqtt/bridge/response/#'], USER);
    try {
      expect((await z2m.waitFor((m) => m.topic === 'zigbee2mqtt/bridge/state')).json()).toEqual({ state: 'online' });
      await z2m.publish('zigbee2mqtt/bridge/request/health_check', { transaction: 'h1' });
      const health = await z2m.waitFor((m) => m.topic === 'zigbee2mqtt/bridge/response/health_check' && m.json().transaction === 'h1');
      expect(health.json()).toMatchObject({ status: 'ok', data: { healthy: true } });
    } finally {
      await z2m.close();
    }
  });

  it('should answer the backup (network key) to the api account only, and disconnect a script asking for it', async () => {
    const script = await connectMqtt(bridge.mqttUrl, ['herdgate/#'], SCRIPT);
    const closed = new Promise<void>((resolve) => script.client.once('close', () => resolve()));
    script.client.publish(bt('request/backup'), JSON.stringify({ transaction: 'steal' }));
    await closed;
    await alice.publish(bt('request/backup'), { transaction: 'b1' });
    const backup = (await alice.waitFor((m) => m.topic === bt('response/backup') && m.json().transaction === 'b1', 15_000)).json();
    expect(backup).toMatchObject({ status: 'ok', data: { backup: { network_key: { key: expect.stringMatching(/^[0-9a-f]{32}$/) } } } });
    expect(script.messages.filter((m) => m.topic === bt('response/backup'))).toEqual([]);
    await script.close().catch(() => {});
  });

  it('should not let a client publish device state or bridge state', async () => {
    const outsider = await connectMqtt(bridge.mqttUrl, [], USER);
    const closed = new Promise<void>((resolve) => outsider.client.once('close', () => resolve()));
    // QoS 0: the broker drops the packet and disconnects the client; a QoS 1 publish would never be acked.
    outsider.client.publish('herdgate/devices/0x0011223344556677/1/state', JSON.stringify({ state: { on: true, lastupdated: 'none' }, config: {} }));
    await closed;
    const again = await connectMqtt(bridge.mqttUrl, [], USER);
    const closedAgain = new Promise<void>((resolve) => again.client.once('close', () => resolve()));
    again.client.publish(bt('state'), JSON.stringify({ state: 'offline' }), { retain: true });
    await closedAgain;
    // A round trip through the broker after both refusals: anything it had passed on to alice
    // before would have reached her by the time the bridge's answer does.
    await alice.publish(bt('request/network/info'), { transaction: 'after-refusals' });
    await alice.waitFor((m) => m.topic === bt('response/network/info') && m.json().transaction === 'after-refusals');
    expect(alice.messages.filter((m) => m.topic.startsWith('herdgate/devices/0x0011223344556677'))).toEqual([]);
    expect(alice.messages.filter((m) => m.topic === bt('state')).map((m) => m.json().state)).not.toContain('offline');
    await outsider.close().catch(() => {});
    await again.close().catch(() => {});
  });
});

describe('bridge on an external broker', () => {
  let radio: RadioProcess;
  let broker: BareBroker;
  let bridge: BridgeProcess;
  let probe: MqttProbe;
  const state = () => `herdgate/bridge/${bridge.bridgeId}/state`;

  beforeAll(async () => {
    const dataDir = tempDataDir();
    radio = await startRadioProcess(dataDir);
    broker = await bareBroker();
    bridge = await startBridgeProcess({ dataDir, env: { MQTT_URL: broker.url, ZIGBEE_ADAPTER: 'deconz', ZIGBEE_PATH: radio.path } });
  }, 60_000);
  afterAll(async () => {
    await probe?.close().catch(() => {});
    await bridge?.stop();
    await broker?.close();
    await radio?.stop();
  });

  it('should publish its retained online state on the external broker', async () => {
    expect(bridge.mqttUrl).toBe(broker.url);
    probe = await connectMqtt(broker.url, ['herdgate/#']);
    expect((await probe.waitFor((m) => m.topic === state())).json()).toEqual({ state: 'online' });
  });

  it('should reconnect with backoff when the broker restarts and say it is online again', async () => {
    await probe.close();
    const port = broker.port;
    await broker.close();
    // The bridge has seen the broker go before it comes back, so the online state is a reconnect's.
    await eventually(
      async () => bridge.logs.join(''),
      (logs) => logs.includes('mqtt connection lost, reconnecting'),
      10_000,
      'the bridge noticing the broker gone',
    );
    broker = await bareBroker(port);
    // A fresh broker has no retained messages: the online state below was republished by the bridge.
    probe = await connectMqtt(broker.url, ['herdgate/#']);
    expect((await probe.waitFor((m) => m.topic === state(), 10_000, 'online after reconnect')).json()).toEqual({ state: 'online' });
  }, 20_000);

  it('should leave a retained offline state through its last will when killed', async () => {
    bridge.kill('SIGKILL');
    await bridge.exited;
    await probe.waitFor((m) => m.topic === state() && m.json().state === 'offline', 5_000, 'last will');
    const late = await connectMqtt(broker.url, [state()]);
    const retained = await late.waitFor((m) => m.topic === state(), 3_000).finally(() => late.close());
    expect(retained.retain).toBe(true);
    expect(retained.json()).toEqual({ state: 'offline' });
  });
});
