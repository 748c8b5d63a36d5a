import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, connectMqtt, radioControl, type EventClient, type MqttProbe } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const ROUTERS = ['0017880104a1c001', '000b57fffe8a0005', '0017880104a1c003', '0017880104a1c002'];
const END_DEVICES = ['00124b0022a10008', '00124b0022a1000a', '00124b0022a1000b'];
const [LAMP, PLUG, OFFLINE_BULB] = ROUTERS as [string, string, string, string];
const CLIMATE = END_DEVICES[0]!;
const ADMIN = { username: 'operator', password: 'operator-secret-1' };

function network(dir: string): string {
  const path = join(dir, 'networkmap-network.json');
  const models = ['LCT015', 'TRADFRI-control-outlet', 'LWB010', 'LCT015', 'TH01', 'DS01', 'WB01'];
  writeFileSync(path, JSON.stringify({ devices: [...ROUTERS, ...END_DEVICES].map((ieee, i) => ({ model: models[i], ieee })) }));
  return path;
}

interface Joined {
  ieee: string;
  nwk: number;
  logicalType: 'router' | 'end-device';
  online: boolean;
  parent: number;
  lqi: number;
}
interface Link {
  source: string;
  target: string;
  lqi: number;
  depth: number;
  relationship: string;
}

/**
 * What the simulated mesh really is (the radio's own registry: parents, link qualities, who is
 * online), turned into the links its neighbour tables must yield: every online device is in its
 * parent's table, routers list the coordinator as parent and each other as siblings.
 */
function expectedLinks(coordinator: string, joined: Joined[], asked: string[]): Link[] {
  const online = joined.filter((d) => d.online);
  const depth = (d: Joined) => (d.parent === 0 ? 1 : 2);
  const links: Link[] = online
    .filter((d) => d.parent === 0)
    .map((d) => ({ source: `0x${d.ieee}`, target: coordinator, lqi: d.lqi, depth: 1, relationship: 'child' }));
  for (const r of online.filter((d) => d.logicalType === 'router' && asked.includes(`0x${d.ieee}`))) {
    links.push({ source: coordinator, target: `0x${r.ieee}`, lqi: r.lqi, depth: 0, relationship: 'parent' });
    for (const d of online.filter((o) => o !== r && (o.parent === r.nwk || o.logicalType === 'router'))) {
      links.push({ source: `0x${d.ieee}`, target: `0x${r.ieee}`, lqi: d.lqi, depth: depth(d), relationship: d.parent === r.nwk ? 'child' : 'sibling' });
    }
  }
  return sortLinks(links);
}
const sortLinks = (links: Link[]) => [...links].sort((a, b) => `${a.target}${a.source}`.localeCompare(`${b.target}${b.source}`));

/** The network map (REST, WebSocket, MQTT) on the virtual radio's mesh of routers and end devices. */
describe('network map', () => {
  let stack: Stack;
  let dir: string;
  let ws: EventClient;
  let admin: MqttProbe;
  let coordinator: string;
  const control = <T>(method: string, path: string, body?: unknown) => radioControl<T>(stack.radio.control, method, path, body);
  const truth = async () => (await control<{ joined: Joined[] }>('GET', '/devices')).joined;
  const mapEvents = () => ws.events.filter((e) => e.r === 'networkmap').map((e) => e.state as Record<string, unknown>);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-networkmap-'));
    stack = await startStack({ network: network(dir), bridgeEnv: { MQTT_ADMIN_USER: ADMIN.username, MQTT_ADMIN_PASSWORD: ADMIN.password } });
    await waitForLink(stack);
    await stack.rest.put('/config', { permitjoin: 60 });
    const all = [...ROUTERS, ...END_DEVICES].map((ieee) => `0x${ieee}`);
    await waitFor(() => all.every((ieee) => stack.api.services.bridge.devices().get(ieee)?.interview === 'successful'), 'every device paired', 90_000, 100);
    await stack.rest.put('/config', { permitjoin: 0 });
    coordinator = stack.api.services.bridge.info()!.coordinator.ieee;
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}/?events=all`);
    admin = await connectMqtt(stack.mqttUrl, [], ADMIN);
  }, 150_000);

  afterAll(async () => {
    ws?.close();
    await admin?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('should map every router and end device with the link qualities the mesh has, and report an unreachable router', async () => {
    expect((await stack.rest.get('/networkmap')).body).toEqual({ scanstate: 'idle', nodes: [], links: [], scannedat: null });
    await control('POST', `/devices/${OFFLINE_BULB}/offline`);
    // Frames to the lamp take longer, so the scan is surely still running for the second POST.
    await control('POST', '/faults', { kind: 'delay', ieee: LAMP, ms: 400 });
    try {
      const started = await stack.rest.post('/networkmap');
      expect(started).toEqual({ status: 200, body: [{ success: { '/networkmap/scanstate': 'scanning' } }] });
      const again = await stack.rest.post('/networkmap');
      expect(again.status).toBe(503);
      expect(again.body[0].error).toMatchObject({ type: 951, address: '/networkmap' });
      const map = await waitFor(
        async () => {
          const body = (await stack.rest.get('/networkmap')).body;
          return body.scanstate === 'idle' && body.scannedat !== null ? body : undefined;
        },
        'the scan to finish',
        60_000,
        200,
      );

      const asked = [LAMP, PLUG, ROUTERS[3]!].map((i) => `0x${i}`);
      expect(sortLinks(map.links)).toEqual(expectedLinks(coordinator, await truth(), asked));
      const node = (ieee: string) => map.nodes.find((n: { ieee: string }) => n.ieee === ieee);
      expect(node(coordinator)).toMatchObject({
        type: 'Coordinator',
        nwk: 0,
        reachable: true,
        name: stack.api.services.store.settings().name,
        lights: [],
        sensors: [],
      });
      const lampLight = stack.api.services.lights.live().find((l) => l.row.ieee === `0x${LAMP}`)!.row.id;
      expect(node(`0x${LAMP}`)).toMatchObject({
        type: 'Router',
        reachable: true,
        lights: [lampLight],
        sensors: [],
        name: stack.api.services.bridge.devices().get(`0x${LAMP}`)!.name,
      });
      expect(node(`0x${OFFLINE_BULB}`)).toMatchObject({ type: 'Router', reachable: false, error: expect.stringMatching(/neighbour table of 0x/) });
      const climateSensors = Object.entries(stack.api.services.sensors.list())
        .filter(([, s]) => s.uniqueid.startsWith(CLIMATE.match(/../g)!.join(':')))
        .map(([id]) => id);
      expect(climateSensors.length).toBeGreaterThan(0);
      expect(node(`0x${CLIMATE}`)).toMatchObject({ type: 'EndDevice', reachable: null, lights: [] });
      expect([...node(`0x${CLIMATE}`).sensors].sort()).toEqual(climateSensors.sort());
      expect(map.nodes).toHaveLength(1 + ROUTERS.length + END_DEVICES.length);

      const states = mapEvents();
      expect(states[0]).toEqual({ scanstate: 'scanning' });
      expect(states.at(-1)).toEqual({ scanstate: 'idle', scannedat: map.scannedat, nodes: map.nodes.length, links: map.links.length, unreachable: 1 });
      expect(states.filter((s) => s.ieee !== undefined).map((s) => s.done)).toEqual([1, 2, 3, 4, 5]);
      expect(stack.apiLogs.some((l) => typeof l.msg === 'string' && l.msg.startsWith('network map: 5/5 nodes asked'))).toBe(true);
    } finally {
      await control('DELETE', '/faults');
      await control('POST', `/devices/${OFFLINE_BULB}/online`);
    }
  }, 90_000);

  it('should answer an admin client over MQTT, refuse a scan during a scan, and bound a router that never answers', async () => {
    const bridge = stack.bridge!.bridgeId;
    const base = `herdgate/bridge/${bridge}`;
    await admin.client.subscribeAsync([`${base}/response/network/map`, `${base}/networkmap/progress`], { qos: 1 });
    await control('POST', '/faults', { kind: 'no-ack', ieee: PLUG });
    try {
      await admin.publish(`${base}/request/network/map`, { transaction: 'map-1', node_timeout_ms: 3000 });
      await admin.publish(`${base}/request/network/map`, { transaction: 'map-2' });
      const answer = (transaction: string) =>
        waitFor(
          () => {
            const found = admin.messages.find((m) => m.topic.endsWith('/response/network/map') && JSON.parse(m.payload).transaction === transaction);
            return found && JSON.parse(found.payload);
          },
          `response ${transaction}`,
          60_000,
          100,
        );
      expect(await answer('map-2')).toMatchObject({ status: 'error', error: { code: 'busy' } });
      // The api follows a scan another client started: its own POST is refused meanwhile.
      await waitFor(() => stack.api.services.networkMap.scanning(), 'the api to see the scan', 10_000);
      expect((await stack.rest.post('/networkmap')).body[0].error).toMatchObject({ type: 951 });

      const first = await answer('map-1');
      expect(first.status).toBe('ok');
      const plug = first.data.nodes.find((n: { ieee: string }) => n.ieee === `0x${PLUG}`);
      expect(plug).toMatchObject({ type: 'Router', reachable: false, error: expect.stringMatching(/no answer within 3000 ms/) });
      expect(first.data.nodes.find((n: { ieee: string }) => n.ieee === `0x${OFFLINE_BULB}`)).toMatchObject({ reachable: true });
      const progress = admin.messages.filter((m) => m.topic.endsWith('/networkmap/progress')).map((m) => JSON.parse(m.payload));
      expect(progress.at(-1)).toMatchObject({ done: 5, total: 5 });

      // The retained topic holds the same map for a client that comes later; the api serves it.
      const late = await connectMqtt(stack.mqttUrl, [`${base}/networkmap`], ADMIN);
      try {
        const retained = await waitFor(() => late.messages.find((m) => m.topic === `${base}/networkmap`), 'the retained map', 10_000);
        expect(JSON.parse(retained.payload)).toEqual(first.data);
      } finally {
        await late.close();
      }
      await waitFor(async () => (await stack.rest.get('/networkmap')).body.scannedat === first.data.scannedat, 'the api to serve the new map', 10_000, 100);
    } finally {
      await control('DELETE', '/faults');
    }
  }, 90_000);

  it('should refuse the request, and the map, to a client the ACL does not trust', async () => {
    const base = `herdgate/bridge/${stack.bridge!.bridgeId}`;
    const anonymous = await connectMqtt(stack.mqttUrl, [`${base}/networkmap`, `${base}/response/network/map`]);
    const closed = new Promise<void>((resolve) => anonymous.client.once('close', () => resolve()));
    const before = mapEvents().length;
    await anonymous.client.publishAsync(`${base}/request/network/map`, JSON.stringify({ transaction: 'sneaky' })).catch(() => {});
    await closed;
    // Nothing started: an admin's request now is the only scan, and the outsider saw no map.
    await admin.publish(`${base}/request/network/map`, { transaction: 'map-3' });
    await waitFor(
      () => admin.messages.some((m) => m.topic.endsWith('/response/network/map') && JSON.parse(m.payload).transaction === 'map-3'),
      'response map-3',
      60_000,
      100,
    );
    expect(admin.messages.some((m) => m.payload.includes('sneaky'))).toBe(false);
    expect(anonymous.messages).toEqual([]);
    expect(
      mapEvents()
        .slice(before)
        .filter((s) => s.done === 0),
    ).toHaveLength(1);
  }, 90_000);
});
