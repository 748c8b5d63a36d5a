/**
 * One deCONZ home taken over on the real stack, for test/deconz-homes.test.ts: its export is
 * imported into a fresh data dir (the virtual radio made deCONZ's stick), then radio, bridge (at
 * debug, so every join and interview it starts is logged) and api start from it. The checks every
 * home shares are here: the old keys answer with the same bridge id, ids, names and uniqueids, each
 * resource has the keys Home Assistant's deCONZ library reads, permit join is closed and no device
 * joined again.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { KEY, writeExport, type Home } from '../../scripts/import/deconz/fixtures';
import { importDeconz } from '../../scripts/import/deconz/import-deconz';
import { radioControl } from './clients';
import { startRadio } from './processes';
import { ALARM_SYSTEM_KEYS, GROUP_KEYS, lightKeys, missingKeys, sensorKeys } from './deconz-client-keys';
import { startStack, type Stack } from './stack';
import { waitFor } from './wait';

export interface TakenHome {
  home: Home;
  stack: Stack;
  report: string;
  /** A request with the home's first API key, as its clients made them to deCONZ. */
  old(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }>;
  /** A simulated device's real state (endpoint → cluster → attributes). */
  real(ieee: string): Promise<Record<string, Record<string, Record<string, number>>>>;
  act(ieee: string, action: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export const keyOf = (home: Home) => home.keys?.[0]?.apikey ?? KEY;

/**
 * `newStick`: herdgate starts on another ConBee than deCONZ's, a blank one with an IEEE of its own
 * next to the same devices (the virtual radio's `--new-stick`).
 */
export async function takeOver(home: Home, family: 'current' | '2.0x' = 'current', options: { newStick?: boolean } = {}): Promise<TakenHome> {
  const work = await mkdtemp(join(tmpdir(), 'herdgate-home-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    const archive = join(work, 'deCONZ.tar.gz');
    await writeFile(archive, await writeExport(work, home, family));
    const { report } = await importDeconz({ source: archive, dataDir: join(work, 'data'), dryRun: false });
    const radio = options.newStick ? await startRadio({ statePath: join(work, 'data', 'virtual-radio.json'), newStick: true }) : undefined;
    if (radio) stops.push(() => radio.stop());
    const stack = await startStack({ dataDir: join(work, 'data'), bridgeEnv: { LOG_LEVEL: 'debug' }, radio });
    const old = async (method: string, path: string, body?: unknown, key = keyOf(home)) => {
      const res = await fetch(`${stack.rest.base}/api/${key}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    return {
      home,
      stack,
      report,
      old,
      real: async (ieee) => (await radioControl(stack.radio.control, 'GET', `/devices/${ieee}`)).state.endpoints,
      act: (ieee, action, body = {}) => radioControl(stack.radio.control, 'POST', `/devices/${ieee}/actions/${action}`, body),
      close: async () => {
        await stack.close();
        for (const stop of stops) await stop();
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (err) {
    for (const stop of stops) await stop();
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}

/** Waits for a simulated device's attribute to hold `value`. */
export function radioShows(taken: TakenHome, ieee: string, [ep, cluster, attribute]: [number, string, string], value: number, what: string) {
  return waitFor(async () => (await taken.real(ieee))[String(ep)]?.[cluster]?.[attribute] === value, what, 20_000, 100);
}

const id = (value: unknown) => String(Number(value));

/**
 * The network is up; every old key answers with the bridge id; ids, names and uniqueids are
 * deCONZ's, and so are the model ids once the bridge knows the devices (`described`; a 2.0x home's
 * devices are described only after they announce themselves).
 */
export async function expectSameHome(taken: TakenHome, described = true): Promise<void> {
  const { home, old } = taken;
  const network = home.network!;
  await waitFor(async () => (await old('GET', '/config')).body.rfconnected === true, 'network up', 60_000);
  const config = (await old('GET', '/config')).body;
  expect(config).toMatchObject({ bridgeid: network.mac.toUpperCase(), zigbeechannel: network.channel, panid: network.panId, permitjoin: 0 });
  for (const { apikey, devicetype } of home.keys ?? []) {
    expect(config.whitelist[apikey], apikey).toMatchObject({ name: devicetype });
    expect((await old('GET', '/config', undefined, apikey)).body.bridgeid).toBe(network.mac.toUpperCase());
  }
  const lights = (await old('GET', '/lights')).body;
  expect(Object.keys(lights).sort()).toEqual(home.nodes.map((row) => id(row.id)).sort());
  for (const row of home.nodes)
    expect(lights[id(row.id)], `light ${row.id}`).toMatchObject({
      name: row.name,
      uniqueid: String(row.mac).toLowerCase(),
      ...(described ? { modelid: row.modelid } : {}),
    });
  const sensors = (await old('GET', '/sensors')).body;
  for (const row of home.sensors)
    expect(sensors[id(row.sid)], `sensor ${row.sid}`).toMatchObject({ name: row.name, type: row.type, uniqueid: String(row.uniqueid).toLowerCase() });
  const groups = (await old('GET', '/groups')).body;
  for (const row of home.groups) expect(groups[id(row.gid)], `group ${row.gid}`).toMatchObject({ name: row.name, type: row.type });
  const rules = (await old('GET', '/rules')).body;
  expect(Object.keys(rules).sort()).toEqual(home.rules.map((row) => id(row.rid)).sort());
  for (const row of home.rules) expect(rules[id(row.rid)]).toMatchObject({ name: row.name, owner: row.owner });
  const schedules = (await old('GET', '/schedules')).body;
  for (const row of home.schedules) expect(schedules[id(row.id)]).toMatchObject({ name: JSON.parse(String(row.json)).name });
}

/** Every light, sensor, group and alarm system as Home Assistant's deCONZ library reads it: no key missing or mistyped. */
export async function expectClientKeys(taken: TakenHome): Promise<void> {
  const state = (await taken.old('GET', '')).body as Record<string, Record<string, Record<string, unknown> & { type: string; modelid?: string }>>;
  const problems: string[] = [];
  const check = (where: string, resource: Record<string, unknown>, keys: ReturnType<typeof lightKeys>) => {
    if (!keys) problems.push(`${where}: no row for its type in the client key table`);
    else problems.push(...missingKeys(resource, keys).map((p) => `${where}: ${p}`));
  };
  for (const [lid, light] of Object.entries(state.lights ?? {})) check(`lights/${lid} (${light.type})`, light, lightKeys(light.type));
  for (const [sid, sensor] of Object.entries(state.sensors ?? {})) {
    // CLIP sensors are the clients' own: pydeconz reads only their state keys, which the client set.
    if (sensor.type.startsWith('CLIP')) continue;
    check(`sensors/${sid} (${sensor.type})`, sensor, sensorKeys(sensor.type, String(sensor.modelid)));
  }
  for (const [gid, group] of Object.entries(state.groups ?? {})) check(`groups/${gid}`, group, GROUP_KEYS);
  const alarms = (await taken.old('GET', '/alarmsystems')).body as Record<string, Record<string, unknown>>;
  for (const [aid, alarm] of Object.entries(alarms)) check(`alarmsystems/${aid}`, alarm, ALARM_SYSTEM_KEYS);
  expect(problems).toEqual([]);
}

/**
 * Permit join stayed closed and no device joined again: each is on the radio at the address it had
 * (`addresses`, default the fixture's), none was re-joined, and herdsman knows each as interviewed
 * (`interviewed: false` for a home whose database had no descriptors to give).
 */
export async function expectNoRejoin(taken: TakenHome, addresses = new Map(taken.home.devices.map((d) => [d.mac, d.nwk]))): Promise<void> {
  const { stack } = taken;
  const radio = await radioControl<{ joined: { ieee: string; nwk: number }[]; joinOpen: boolean }>(stack.radio.control, 'GET', '/devices');
  expect(radio.joinOpen).toBe(false);
  expect(new Map(radio.joined.map((d) => [d.ieee, d.nwk]))).toEqual(addresses);
  const bridgeLog = stack.bridge!.child.output.join('\n');
  expect(bridgeLog).toContain('"level":20');
  expect(bridgeLog).not.toContain('device joined; interview starting');
  for (const ieee of addresses.keys()) expect(stack.api.services.bridge.devices().get(`0x${ieee}`)?.interview, ieee).toBe('successful');
}
