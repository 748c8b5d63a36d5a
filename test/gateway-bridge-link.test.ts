import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt, radioControl, type MqttProbe } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';
import { startLoopbackGateway } from './helpers/gateway';

/**
 * The api linked to the real bridge on the virtual radio, over the bridge's embedded broker:
 * identity in /config, permit join on the real radio, a device joining into the link's mirror,
 * the bridge going away and coming back, and a rogue MQTT client that must not disturb anything.
 */
describe('gateway bridge link', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
  }, 90_000);

  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  it('should report the real bridge identity in GET /config and log which bridge it follows', async () => {
    const { status, body } = await stack.rest.get('/config');
    expect(status).toBe(200);
    const bridgeId = stack.bridge!.bridgeId;
    const ieee = bridgeId.toLowerCase();
    expect(body).toMatchObject({
      bridgeid: bridgeId,
      mac: [ieee.slice(0, 6), ieee.slice(10)].join('').match(/../g)!.join(':'),
      zigbeechannel: 15,
      rfconnected: true,
      devicename: 'ConBee II',
      permitjoin: 0,
      panid: stack.api.services.bridge.info()!.network.panid,
    });
    expect(body.fwversion).toMatch(/^0x[0-9a-f]{8}$/);
    expect(stack.apiLogs.some((line) => line.msg === 'following bridge' && line.bridge === bridgeId)).toBe(true);
  });

  it('should open the real network on PUT /config permitjoin, count down and mirror a joining device', async () => {
    const pooled = await radioControl<{ ieee: string }>(stack.radio.control, 'POST', '/devices', { model: 'LCT015' });
    const put = await stack.rest.put('/config', { permitjoin: 60 });
    expect(put).toEqual({ status: 200, body: [{ success: { '/config/permitjoin': 60 } }] });
    const radio = await radioControl<{ joinOpen: boolean }>(stack.radio.control, 'GET', '/devices');
    expect(radio.joinOpen).toBe(true);
    const first = (await stack.rest.get('/config')).body.permitjoin as number;
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    await waitFor(async () => ((await stack.rest.get('/config')).body.permitjoin as number) < first, 'permitjoin to count down', 5_000, 200);
    const ieee = `0x${pooled.ieee.replace(/^0x/, '').toLowerCase()}`;
    const mirrored = () => stack.api.services.bridge.devices().get(ieee);
    await waitFor(() => mirrored()?.interview === 'successful', `device ${ieee} interviewed in the link mirror`, 30_000, 100);
    expect(mirrored()).toMatchObject({ ieee, modelid: 'LCT015', supported: true, subdevices: [{ type: 'Extended color light', resource: 'lights' }] });
    expect(await stack.rest.put('/config', { permitjoin: 0 })).toEqual({ status: 200, body: [{ success: { '/config/permitjoin': 0 } }] });
    await waitFor(async () => (await stack.rest.get('/config')).body.permitjoin === 0, 'the network to close', 5_000, 100);
  }, 90_000);

  it('should refuse a channel deCONZ does not offer, store nothing, and accept the current radio settings', async () => {
    const before = (await stack.rest.get('/config')).body;
    const channel = await stack.rest.put('/config', { zigbeechannel: 12, name: 'not-stored' });
    expect(channel.status).toBe(400);
    expect(channel.body[0].error).toMatchObject({ type: 7, address: '/config/zigbeechannel' });
    const after = (await stack.rest.get('/config')).body;
    expect(after).toMatchObject({ zigbeechannel: 15, rfconnected: true, name: before.name });
    expect(await stack.rest.put('/config', { zigbeechannel: 15, rfconnected: true })).toEqual({
      status: 200,
      body: [{ success: { '/config/rfconnected': true } }, { success: { '/config/zigbeechannel': 15 } }],
    });
  });

  it('should ignore bad payloads from a rogue client and keep working', async () => {
    const bridgeId = stack.bridge!.bridgeId;
    const devices = stack.mirroredDevices();
    const rogue = await connectMqtt(stack.mqttUrl);
    const someone = devices[0] ?? '0x00124b0000000001';
    // Topics anyone may publish on: commands, requests. Junk there reaches the api's subscription too.
    await rogue.publish(`herdgate/devices/${someone}/11/set`, 'not json at all');
    await rogue.publish(`herdgate/bridge/${bridgeId}/request/permit_join`, { time: 'forever' });
    await rogue.publish(`herdgate/bridge/${bridgeId}/groups/3/set`, '[1,2,3]');
    await rogue.close();
    // Topics only the bridge may publish: the broker closes the rogue connection and drops the message.
    const impostor = await connectMqtt(stack.mqttUrl);
    const closed = new Promise<void>((resolve) => impostor.client.once('close', () => resolve()));
    impostor.client.publish(`herdgate/bridge/${bridgeId}/state`, '{"state":"offline"}', { qos: 1, retain: true });
    await closed;
    await impostor.close();
    // An observer sees that the bridge's retained state is still online.
    const observer: MqttProbe = await connectMqtt(stack.mqttUrl, [`herdgate/bridge/${bridgeId}/state`]);
    await waitFor(() => observer.messages.find((m) => m.payload === '{"state":"online"}'), 'the retained online state', 5_000);
    await observer.close();

    expect(stack.api.services.bridge.connected()).toBe(true);
    expect(stack.mirroredDevices()).toEqual(devices);
    const config = await stack.rest.get('/config');
    expect(config.body).toMatchObject({ rfconnected: true, bridgeid: bridgeId });
    expect(await stack.api.services.bridge.request('network/info', {})).toMatchObject({ status: 'ok', data: { bridge: bridgeId, channel: 15 } });
  });

  it('should report rfconnected false and refuse permitjoin with 950 while the bridge is away, then recover', async () => {
    const bridgeId = stack.bridge!.bridgeId;
    await stack.stopBridge('kill');
    await waitFor(() => !stack.api.services.bridge.connected(), 'the link to notice the bridge is gone', 10_000);
    const away = (await stack.rest.get('/config')).body;
    // Same identity as before, remembered; but the radio is not there.
    expect(away).toMatchObject({ bridgeid: bridgeId, rfconnected: false, permitjoin: 0, zigbeechannel: 15 });
    const refused = await stack.rest.put('/config', { permitjoin: 30 });
    expect(refused).toEqual({ status: 503, body: [{ error: { type: 950, address: '/config/permitjoin', description: 'Not connected' } }] });

    await stack.startBridge();
    await waitForLink(stack, 30_000);
    const back = (await stack.rest.get('/config')).body;
    expect(back).toMatchObject({ bridgeid: bridgeId, rfconnected: true });
    expect(await stack.rest.put('/config', { permitjoin: 5 })).toEqual({ status: 200, body: [{ success: { '/config/permitjoin': 5 } }] });
  }, 90_000);

  it('should answer the same identity after an api restart without the bridge', async () => {
    const bridgeId = stack.bridge!.bridgeId;
    await stack.stopBridge('stop');
    const { pino } = await import('pino');
    await stack.api.close();
    const again = await startLoopbackGateway({ DATABASE_URL: `file:${stack.dir}/api.db`, MQTT_URL: stack.mqttUrl }, { logger: pino({ level: 'silent' }) });
    try {
      const res = await fetch(`http://127.0.0.1:${again.httpPort}/api/${stack.rest.key}/config`, { signal: AbortSignal.timeout(10_000) });
      expect(await res.json()).toMatchObject({ bridgeid: bridgeId, zigbeechannel: 15, rfconnected: false, devicename: 'ConBee II' });
    } finally {
      await again.close();
    }
  }, 60_000);
});
