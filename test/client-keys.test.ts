import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueModels } from '../bridge/virtual-radio/networks/generate';
import { ROOT } from './helpers/child-process';
import { connectEvents, radioControl, type EventClient } from './helpers/clients';
import { ALARM_SYSTEM_KEYS, GROUP_KEYS, lightKeys, missingKeys, notInitial, sensorKeys, type ResourceKeys } from './helpers/deconz-client-keys';
import { startSupervisedGateway, type SupervisedGateway } from './helpers/supervised-gateway';
import { waitFor } from './helpers/wait';

interface Network {
  name: string;
  file: string;
  /** Devices of the network that no permit join pairs (a touchlink-only bulb, a plug that needs its install code). */
  neverPairs: readonly string[];
  /** Pairing a bigger network takes longer on a loaded machine. */
  timeoutMs: number;
}

/**
 * The demo home holds every catalogue model that pairs by permit join (checked below), so pairing
 * it proves every model's keys end to end; a bigger generated network repeats the same models and
 * cost a minute and a half more (bridge/test/client-keys.test.ts checks every model's item lists
 * in process).
 */
const NETWORKS: readonly Network[] = [
  { name: 'the demo home', file: 'bridge/virtual-radio/networks/demo.json', neverPairs: ['0017880104a1c00e', '5c0272fffe0a000e'], timeoutMs: 150_000 },
];

it('should pair every catalogue model that joins by permit join in the demo home', () => {
  const demo = JSON.parse(readFileSync(join(ROOT, NETWORKS[0]!.file), 'utf8')) as { devices: { model: string }[] };
  const models = new Set(demo.devices.map((device) => device.model));
  expect(catalogueModels().filter((model) => !models.has(model))).toEqual([]);
});

type Resource = Record<string, unknown> & { type: string; modelid?: string };

const keysOf = (collection: string, resource: Resource): ResourceKeys | undefined =>
  collection === 'sensors' ? sensorKeys(resource.type, String(resource.modelid)) : lightKeys(resource.type);

/** `collection/id (type): problems` for every resource a client could not read as deCONZ's. */
function problemsOf(collection: string, resources: Readonly<Record<string, Resource>>): string[] {
  return Object.entries(resources).flatMap(([id, resource]) => {
    const keys = keysOf(collection, resource);
    const problems = keys ? missingKeys(resource, keys) : ['no row for its type in the client key table'];
    return problems.map((problem) => `${collection}/${id} (${resource.type}, ${resource.modelid}): ${problem}`);
  });
}

const macOf = (ieee: string) => ieee.match(/../g)!.join(':');

/**
 * Paired and presented: no device left in the radio's pairing pool but those no permit join pairs,
 * and every sub-device of every joined device (as the api describes it) listed.
 */
async function presented(gateway: SupervisedGateway, network: Network, listed: ReadonlySet<string>, done: Set<string>): Promise<boolean> {
  const radio = (await radioControl(`http://127.0.0.1:${gateway.ports.control}`, 'GET', '/devices')) as {
    joined: { ieee: string }[];
    pool: { ieee: string }[];
  };
  if (radio.pool.some((device) => !network.neverPairs.includes(device.ieee))) return false;
  for (const { ieee } of radio.joined) {
    if (done.has(ieee)) continue;
    const device = (await gateway.rest.get(`/devices/${macOf(ieee)}`)).body as { subdevices?: { uniqueid: string }[] } | undefined;
    const subdevices = device?.subdevices ?? [];
    if (subdevices.length === 0 || !subdevices.every((sub) => listed.has(sub.uniqueid))) return false;
    done.add(ieee);
  }
  return radio.joined.length > 0;
}

/**
 * Issue #31: Home Assistant's deCONZ library reads keys by name from the first second. On a network
 * as `npm start` pairs it, every resource is read the first time it is listed (right after pairing,
 * mostly before its device reported anything): every key the client table names is there with
 * deCONZ's type (null allowed). The same in single and full-state reads, in `added` events and in
 * `changed` events (websocketnotifyall, on by default, sends the whole sub-object).
 */
describe.each(NETWORKS)('deCONZ client keys from the first read on $name (npm start)', (network) => {
  let gateway: SupervisedGateway;
  let ws: EventClient;
  /** Each resource as first listed, by `collection/id`. */
  const first = new Map<string, { collection: string; resource: Resource }>();

  beforeAll(async () => {
    gateway = await startSupervisedGateway('herdgate-client-keys-', { env: { RADIO_NETWORK: network.file } });
    ws = await connectEvents(`ws://127.0.0.1:${gateway.ports.ws}`);
    const listed = new Set<string>();
    const done = new Set<string>();
    await waitFor(
      async () => {
        for (const collection of ['sensors', 'lights'] as const) {
          const resources = (await gateway.rest.get(`/${collection}`)).body as Record<string, Resource>;
          for (const [id, resource] of Object.entries(resources)) {
            if (!first.has(`${collection}/${id}`)) first.set(`${collection}/${id}`, { collection, resource });
            listed.add(String(resource.uniqueid));
          }
        }
        return presented(gateway, network, listed, done);
      },
      `every device of ${network.name} paired and listed`,
      network.timeoutMs,
      250,
    );
  }, network.timeoutMs + 60_000);

  afterAll(async () => {
    ws?.close();
    await gateway?.stop();
  }, 30_000);

  it('should list every key a client reads, with its type, the first time each resource is listed', () => {
    const problems = [...first.entries()].flatMap(([key, { collection, resource }]) => problemsOf(collection, { [key.split('/')[1]!]: resource }));
    expect(problems).toEqual([]);
    // Most of the demo has not reported when first listed: the keys are there before any value.
    const unset = [...first.values()].filter(({ resource }) => (resource.state as Record<string, unknown>).lastupdated === 'none');
    expect(unset.length).toBeGreaterThan(0);
  });

  it('should list them in single reads, the full state, groups and the alarm system', async () => {
    for (const collection of ['sensors', 'lights']) {
      const listed = (await gateway.rest.get(`/${collection}`)).body as Record<string, Resource>;
      expect(problemsOf(collection, listed)).toEqual([]);
      for (const id of Object.keys(listed))
        expect(problemsOf(collection, { [id]: (await gateway.rest.get(`/${collection}/${id}`)).body as Resource })).toEqual([]);
    }
    const lights = Object.keys((await gateway.rest.get('/lights')).body as object).slice(0, 2);
    const created = await gateway.rest.post('/groups', { name: 'Client keys', lights });
    expect(created.status).toBe(200);
    const full = (await gateway.rest.get('')).body as Record<string, Record<string, Resource>>;
    expect([...problemsOf('sensors', full.sensors!), ...problemsOf('lights', full.lights!)]).toEqual([]);
    const groups = Object.entries(full.groups!);
    expect(groups.length).toBeGreaterThan(0);
    for (const [id, group] of groups) expect(missingKeys(group, GROUP_KEYS), `groups/${id}`).toEqual([]);
    const alarms = (await gateway.rest.get('/alarmsystems')).body as Record<string, Resource>;
    expect(Object.keys(alarms)).toContain('1');
    for (const [id, alarm] of Object.entries(alarms)) expect(missingKeys(alarm, ALARM_SYSTEM_KEYS), `alarmsystems/${id}`).toEqual([]);
  });

  it('should carry every key in added events and every state key in changed events', async () => {
    const typed = (r: string) => ws.events.filter((event) => event.r === r);
    const added = [...typed('sensors'), ...typed('lights')].filter((event) => event.e === 'added');
    expect(added.length).toBeGreaterThan(0);
    for (const event of added) {
      const resource = (event.sensor ?? event.light) as Resource;
      expect(problemsOf(String(event.r), { [String(event.id)]: resource })).toEqual([]);
    }
    // A sensor added before its device reported shows deCONZ's defaults (temperature 0, presence
    // false), which Home Assistant needs to create its entity; items without one stay null or "".
    const fresh = added.filter(
      (event) =>
        event.r === 'sensors' && (event.sensor as Resource).state && ((event.sensor as Resource).state as Record<string, unknown>).lastupdated === 'none',
    );
    expect(fresh.length).toBeGreaterThan(0);
    for (const event of fresh) {
      const sensor = event.sensor as Resource;
      expect(notInitial(sensor, sensorKeys(sensor.type, String(sensor.modelid)) ?? {}), `sensors/${event.id} added`).toEqual([]);
    }
    // A changed state event sends the whole state (websocketnotifyall): each key of the type is in it.
    await waitFor(() => typed('sensors').some((event) => event.e === 'changed' && event.state), 'a sensor state change', 60_000);
    const listed = (await gateway.rest.get('/lights')).body as Record<string, Resource>;
    const types = Object.fromEntries(Object.entries((await gateway.rest.get('/sensors')).body as Record<string, Resource>).map(([id, s]) => [id, s]));
    const changed = [...typed('sensors'), ...typed('lights')].filter((event) => event.e === 'changed' && event.state);
    for (const event of changed) {
      const resource = event.r === 'sensors' ? types[String(event.id)] : listed[String(event.id)];
      const keys = resource && keysOf(String(event.r), resource);
      if (!keys?.state) continue;
      expect(missingKeys({ state: event.state }, { state: keys.state }), `${event.r}/${event.id} changed`).toEqual([]);
    }
  }, 90_000);
});
