/**
 * `npm run demo:setup`: against a running `npm start`, make the demo automations through the public
 * REST API (idempotent: a second run updates the same resources in place) and print what it made:
 * a "Living room" group of the two colour lamps, a bedside-button rule that toggles it, a hallway
 * motion rule that lights the hallway only when the Daylight sensor says it is dark (and switches it
 * off once nobody moved for a while), and a weekday 07:00 local wake-up schedule.
 * docs/demo.md walks through it.
 */
import { readFileSync } from 'node:fs';
import { connectGateway, upsertByName, type Gateway } from './demo/gateway';
import { DEMO_NAMES, demoRules, demoSchedule, findDemoIds, type Collection, type DemoIds, type DemoOptions, type NetworkDevice } from './demo/plan';

const env = process.env;
const httpBase = env.HERDGATE_URL ?? `http://127.0.0.1:${env.HTTP_PORT || '8080'}`;
const control = env.RADIO_CONTROL_URL ?? `http://127.0.0.1:${env.RADIO_CONTROL_PORT || '6639'}`;
const options: DemoOptions = { offAfter: env.DEMO_OFF_AFTER || 'PT00:00:15', wakeUp: env.DEMO_WAKE_UP || 'W124/T07:00:00' };
const waitSeconds = Number(env.DEMO_WAIT_S || '90');

function fail(message: string): never {
  process.stderr.write(`demo-setup: ${message}\n`);
  process.exit(1);
}

function coordinate(name: string, max: number): number | undefined {
  const text = env[name];
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > max) fail(`${name} must be a number between -${max} and ${max}, got "${text}"`);
  return value;
}

/** The demo devices pair in the first seconds after `npm start`; wait (bounded) until each is there. */
async function waitForDevices(gateway: Gateway, network: NetworkDevice[]): Promise<DemoIds> {
  const deadline = Date.now() + waitSeconds * 1000;
  let said = 0;
  for (;;) {
    const lights = await gateway.get<Collection>('/lights');
    const sensors = await gateway.get<Collection>('/sensors');
    const { ids, missing } = findDemoIds(network, lights, sensors);
    if (ids) return ids;
    if (Date.now() > deadline) fail(`after ${waitSeconds} s these demo devices are still not paired: ${missing.join('; ')}`);
    if (Date.now() - said > 10_000) {
      console.log(`waiting for the demo devices to pair: ${missing.join('; ')}`);
      said = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Daylight needs coordinates: the ones given, or Berlin's when it has none yet. */
async function configureDaylight(gateway: Gateway, id: string): Promise<string> {
  const lat = coordinate('DEMO_LAT', 90);
  const long = coordinate('DEMO_LONG', 180);
  const sensor = await gateway.get<{ config: { configured?: boolean } }>(`/sensors/${id}`);
  if (lat === undefined && long === undefined && sensor.config.configured) return 'kept its coordinates';
  const where = { lat: lat ?? 52.52, long: long ?? 13.405 };
  await gateway.put(`/sensors/${id}/config`, where);
  return `at lat ${where.lat}, long ${where.long}`;
}

async function main(): Promise<void> {
  const networkFile = env.RADIO_NETWORK ?? 'bridge/virtual-radio/networks/demo.json';
  const network = (JSON.parse(readFileSync(networkFile, 'utf8')) as { devices: NetworkDevice[] }).devices;
  const gateway = await connectGateway(httpBase, {
    user: env.GATEWAY_USER || 'delight',
    password: env.GATEWAY_PASSWORD || 'delight',
    key: env.HERDGATE_KEY || undefined,
  });
  if (env.DEMO_TIMEZONE) await gateway.put('/config', { timezone: env.DEMO_TIMEZONE });
  const ids = await waitForDevices(gateway, network);
  const lights = await gateway.get<Collection>('/lights');
  for (const [id, name] of Object.entries({ ...ids.livingRoom, [ids.hallway]: 'Hallway', [ids.bedroom]: 'Bedroom' })) {
    if (lights[id]?.name !== name) await gateway.put(`/lights/${id}`, { name });
  }
  const daylight = await configureDaylight(gateway, ids.daylight);
  const made = (what: string, id: string, name: string, created: boolean, detail = '') =>
    console.log(`  ${what} ${id} "${name}" ${created ? 'created' : 'updated'}${detail}`);

  console.log(`herdgate demo on ${httpBase} (API key ${gateway.key})`);
  const group = await upsertByName(gateway, 'groups', { name: DEMO_NAMES.group, lights: Object.keys(ids.livingRoom) });
  made('group', group.id, DEMO_NAMES.group, group.created, `: lights ${Object.keys(ids.livingRoom).join(', ')}`);
  for (const rule of demoRules(ids, group.id, options)) {
    const saved = await upsertByName(gateway, 'rules', { ...rule, status: 'enabled' });
    made('rule', saved.id, rule.name, saved.created);
  }
  const schedule = demoSchedule(ids, gateway.key, options);
  const saved = await upsertByName(gateway, 'schedules', { ...schedule, status: 'enabled' });
  const { timezone } = await gateway.get<{ timezone: string }>('/config');
  made('schedule', saved.id, schedule.name, saved.created, `: ${schedule.localtime} in ${timezone}, bedroom lamp ${ids.bedroom}`);
  console.log(`  Daylight sensor ${ids.daylight} ${daylight}; the hallway lamp ${ids.hallway} goes off ${options.offAfter} after the motion clears`);

  const button = network.find((d) => d.name === 'Bedside button')!.ieee;
  const motion = network.find((d) => d.name === 'Hallway motion')!.ieee;
  console.log('\nTry it (the radio control API acts as a person would):');
  console.log(`  curl -X POST ${control}/devices/${button}/actions/press -d '{"button":"button","kind":"single"}'`);
  console.log(`  curl -X POST ${control}/devices/${motion}/actions/motion -d '{"clearAfter":5}'`);
  console.log(`  curl ${httpBase}/api/${gateway.key}/groups/${group.id}`);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
