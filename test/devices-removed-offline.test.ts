import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeGateway } from '@herdgate/api/node';
import { startLoopbackGateway } from './helpers/gateway';
import { connectEvents, connectMqtt, createRestClient, radioControl, type RestClient } from './helpers/clients';
import { bindToGroup, startStack, waitForLink, type Stack } from './helpers/stack';
import { startTcpRelay, type TcpRelay } from './helpers/tcp-relay';
import { waitFor } from './helpers/wait';

const LAMP_A = '0017880104a1e101';
const LAMP_B = '0017880104a1e102';
const REMOTE = '000b57fffe8ae10e';

/**
 * A device removed at the bridge while the api was away (stopped, then cut off from the broker by
 * a relay, as an api on another host would be): when the api hears the bridge again, the bridge's
 * retained record of removed devices makes it delete the device's lights and sensors and take
 * them out of groups, scenes and `devicemembership`, with the events a WebSocket client expects;
 * nothing else changes. A bridge restart with the api following it removes nothing.
 */
describe('devices removed while the api was away', () => {
  let stack: Stack;
  let relay: TcpRelay;
  let api: NodeGateway | undefined;
  let rest: RestClient;
  const logs: Record<string, unknown>[] = [];
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const ids = { lampA: '', lampB: '', remote: [] as string[], group: '', scene: '' };

  const lightOf = async (ieee: string) =>
    Object.entries((await rest.get('/lights')).body as Record<string, { uniqueid: string }>).find(([, l]) =>
      l.uniqueid.replace(/:/g, '').startsWith(ieee),
    )?.[0];
  const sensorsOf = async (ieee: string) =>
    Object.entries((await rest.get('/sensors')).body as Record<string, { uniqueid: string }>)
      .filter(([, s]) => s.uniqueid.replace(/:/g, '').startsWith(ieee))
      .map(([id]) => id);
  const post = async (path: string, body: unknown) => ((await rest.post(path, body)).body as [{ success: { id: string } }])[0].success.id;

  async function startApi(): Promise<NodeGateway> {
    const logger = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) });
    api = await startLoopbackGateway(
      {
        DATABASE_URL: `file:${join(stack.dir, 'api.db')}`,
        MQTT_URL: relay.url('mqtt'),
        ...stack.mqttAccount,
      },
      { logger },
    );
    rest = await createRestClient(`http://127.0.0.1:${api.httpPort}`);
    return api;
  }

  beforeAll(async () => {
    relay = await startTcpRelay();
    stack = await startStack({ apiEnv: { MQTT_URL: relay.url('mqtt') } });
    relay.setTarget(stack.mqttUrl);
    relay.resume();
    await waitForLink(stack);
    rest = stack.rest;
    for (const ieee of [LAMP_A, LAMP_B]) await control('POST', '/devices', { model: 'LCT015', ieee });
    await control('POST', '/devices', { model: 'TRADFRI-remote-control', ieee: REMOTE });
    await rest.put('/config', { permitjoin: 60 });
    await waitFor(
      async () => (await lightOf(LAMP_A)) && (await lightOf(LAMP_B)) && (await sensorsOf(REMOTE)).length > 0,
      'the lamps and the remote',
      60_000,
      200,
    );
    await waitFor(
      () => [LAMP_A, LAMP_B, REMOTE].every((ieee) => stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview === 'successful'),
      'interviews',
      60_000,
      100,
    );
    await rest.put('/config', { permitjoin: 0 });
    ids.lampA = (await lightOf(LAMP_A))!;
    ids.lampB = (await lightOf(LAMP_B))!;
    ids.remote = await sensorsOf(REMOTE);
    ids.group = await post('/groups', { name: 'Hall', lights: [ids.lampA, ids.lampB] });
    ids.scene = await post(`/groups/${ids.group}/scenes`, { name: 'Evening' });
    expect(await bindToGroup(stack, REMOTE, Number(ids.group))).toMatchObject({ status: 'ok' });
    await waitFor(
      async () => ((await rest.get(`/groups/${ids.group}`)).body.devicemembership as string[]).length > 0,
      "the remote in the group's devicemembership",
      15_000,
      100,
    );
  }, 150_000);

  afterAll(async () => {
    await api?.close();
    await stack?.close();
    await relay?.close();
  }, 60_000);

  it('should delete the lights and sensors of a device removed while the api was stopped, out of groups and scenes, with events', async () => {
    // Sensor ETags are per process; the rest of each sensor is compared.
    const sensorsNow = async () =>
      Object.fromEntries(
        Object.entries((await rest.get('/sensors')).body as Record<string, { etag: string }>).map(([id, { etag: _e, ...fields }]) => [id, fields]),
      );
    const untouched = await sensorsNow();
    for (const id of ids.remote) delete untouched[id];
    await stack.api.close();
    relay.pause();
    const bridgeId = stack.api.services.bridge.info()!.bridge;
    const probe = await connectMqtt(stack.mqttUrl, [`herdgate/bridge/${bridgeId}/response/device/remove`]);
    try {
      for (const ieee of [LAMP_A, REMOTE]) {
        await probe.publish(`herdgate/bridge/${bridgeId}/request/device/remove`, { ieee: `0x${ieee}`, transaction: `rm-${ieee}` });
        const answer = await waitFor(() => probe.messages.find((m) => m.payload.includes(`rm-${ieee}`)), `the removal of ${ieee}`, 15_000, 50);
        expect(JSON.parse(answer.payload)).toMatchObject({ status: 'ok' });
      }
    } finally {
      await probe.close();
    }
    // Restarted, still cut off from the broker: it has not heard of the removal yet.
    await startApi();
    expect(await lightOf(LAMP_A)).toBe(ids.lampA);
    // The member list in a group event is herdgate's own (deCONZ clients get the event without it).
    const ws = await connectEvents(`ws://127.0.0.1:${api!.websocketPort}/?events=all`);
    try {
      relay.resume();
      await waitFor(async () => (await rest.get(`/lights/${ids.lampA}`)).status === 404, 'the removed lamp gone', 20_000, 100);
      for (const id of ids.remote) expect((await rest.get(`/sensors/${id}`)).status).toBe(404);
      const group = (await rest.get(`/groups/${ids.group}`)).body;
      expect(group).toMatchObject({ lights: [ids.lampB], devicemembership: [] });
      expect((await rest.get(`/groups/${ids.group}/scenes/${ids.scene}`)).body.lights.map((l: { id: string }) => l.id)).toEqual([ids.lampB]);
      // Nothing else: the other lamp, the other sensors (Daylight) are as they were.
      expect(await lightOf(LAMP_B)).toBe(ids.lampB);
      expect(await sensorsNow()).toEqual(untouched);
      await waitFor(
        () => ws.events.some((e) => e.r === 'groups' && e.e === 'changed' && e.id === ids.group && Array.isArray(e.lights)),
        'the group changed event',
        5_000,
        50,
      );
      const gone = ws.events
        .filter((e) => e.e === 'deleted')
        .map((e) => `${e.r as string}/${e.id as string}`)
        .sort();
      expect(gone).toEqual([`lights/${ids.lampA}`, ...ids.remote.map((id) => `sensors/${id}`)].sort());
      expect(ws.events.find((e) => e.r === 'groups' && e.e === 'changed' && Array.isArray(e.lights))).toMatchObject({ lights: [ids.lampB] });
    } finally {
      ws.close();
    }
    expect(logs.some((l) => l.msg === 'removed the resources of devices that left the network')).toBe(true);
  }, 60_000);

  it('should remove nothing when the bridge restarts while the api follows it', async () => {
    // What a removal would change (values reported by the devices may differ after a bridge restart).
    const resources = async () => {
      const names = (body: Record<string, { name: string }>) => Object.fromEntries(Object.entries(body).map(([id, r]) => [id, r.name]));
      const groups = (await rest.get('/groups')).body as Record<string, { lights: string[]; devicemembership: string[]; scenes: { id: string }[] }>;
      const scenes = (await rest.get(`/groups/${ids.group}/scenes`)).body as Record<string, { lights: string[] }>;
      return {
        lights: names((await rest.get('/lights')).body),
        sensors: names((await rest.get('/sensors')).body),
        groups: Object.fromEntries(Object.entries(groups).map(([id, g]) => [id, { lights: g.lights, devicemembership: g.devicemembership }])),
        scenes,
      };
    };
    const before = await resources();
    expect(before.lights[ids.lampB]).toBeDefined();
    expect(before.scenes[ids.scene]!.lights).toEqual([ids.lampB]);
    await stack.stopBridge('stop');
    const from = logs.length;
    await stack.startBridge();
    await waitFor(
      () => api!.services.bridge.connected() && api!.services.bridge.devices().has(`0x${LAMP_B}`),
      'the api to follow the restarted bridge',
      30_000,
      100,
    );
    // The restarted bridge still lists the removed devices, and the api checked its record again.
    await waitFor(
      () => logs.slice(from).some((l) => l.msg === 'checked the devices the bridge no longer has' && (l.listed as number) === 2),
      'a check of the removed devices after the restart',
      20_000,
      50,
    );
    await api!.services.lights.settled();
    expect(await resources()).toEqual(before);
    expect(logs.slice(from).some((l) => l.msg === 'removed the resources of devices that left the network')).toBe(false);
  }, 60_000);

  it("should answer DELETE /lights/<id> with reset as a success whichever comes first, its answer or the bridge's record", async () => {
    const ws = await connectEvents(`ws://127.0.0.1:${api!.websocketPort}`);
    try {
      const res = await fetch(`${rest.base}/api/${rest.key}/lights/${ids.lampB}`, {
        method: 'DELETE',
        body: '{"reset":true}',
        signal: AbortSignal.timeout(20_000),
      });
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: [{ success: { id: ids.lampB } }] });
      expect((await rest.get(`/lights/${ids.lampB}`)).status).toBe(404);
      // The record of the removal follows; the light is deleted once, with one event.
      await waitFor(() => api!.services.bridge.removedDevices().some((d) => d.ieee === `0x${LAMP_B}`), "the removal in the bridge's record", 15_000, 50);
      await api!.services.lights.settled();
      expect(ws.events.filter((e) => e.e === 'deleted' && e.r === 'lights').map((e) => e.id)).toEqual([ids.lampB]);
      expect((await rest.get(`/groups/${ids.group}`)).body.lights).toEqual([]);
    } finally {
      ws.close();
    }
  }, 60_000);
});
