/**
 * herdgate's bridge as a benchmarked stack: the bundle `npm run start:bridge` runs
 * (`bridge/dist/main.mjs`, built once per benchmark run from the sources, plain node, no tsx) in its
 * own process, pointed at the suite's radio as a deCONZ adapter over TCP, with its embedded broker
 * on a free loopback port. Watched through the MQTT contract.
 */
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildBridge } from '@herdgate/bridge/build';
import { DEFAULT_BASE_TOPIC, parseTopic, topics } from '@herdgate/shared/mqtt';
import type { RunningStack, StackDriver, StackStartOptions } from './bridge-stack';
import { connectWatch, type Arrival, type MqttWatch } from './mqtt-watch';
import { spawnStack } from './stack-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Built at the first start of a run, so every start runs today's sources. */
let bundle: Promise<string> | undefined;
const builtBridge = () => (bundle ??= buildBridge().then((result) => result.bundle));
const BASE = DEFAULT_BASE_TOPIC;
const hex = (ieee: string) => `0x${ieee}`;
const PROGRESS_EVERY_MS = 15_000;

interface Seen {
  online: boolean;
  ready: boolean;
  devices: Map<string, { interview?: string; availability?: string; lightEndpoint?: number }>;
  /** Friendly names by IEEE (`0x…`), from the compatible API's `bridge/devices`. */
  names: Map<string, string>;
}

export const herdgateStack: StackDriver = {
  name: 'herdgate',
  describe: 'herdgate bridge (zigbee-herdsman 11.1.1, converters 26.112.0, embedded aedes broker, run as its esbuild bundle)',
  start: (options) => start(options, 'contract'),
};

/** The same bridge driven through its Zigbee2MQTT-compatible API (`zigbee2mqtt/<name>/set`, `zigbee2mqtt/<name>`). */
export const herdgateZ2mApiStack: StackDriver = {
  name: 'herdgate (Zigbee2MQTT API)',
  describe: "herdgate bridge through its Zigbee2MQTT-compatible API (same bundle, broker and radio as herdgate's contract)",
  start: (options) => start(options, 'z2m'),
};

const Z2M_BASE = 'zigbee2mqtt';

async function start(options: StackStartOptions, api: 'contract' | 'z2m'): Promise<RunningStack> {
  const mqttPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ZIGBEE_ADAPTER: options.protocol ?? 'deconz',
    ZIGBEE_PATH: `tcp://127.0.0.1:${options.radioPort}`,
    DATA_DIR: options.dataDir,
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    MQTT_ALLOW_ANONYMOUS: '1',
    MQTT_BASE_TOPIC: BASE,
    LOG_LEVEL: 'warn',
    PERMIT_JOIN_ON_START: options.pairing ? '254' : '0',
    ...options.env,
  };
  delete env.MQTT_URL;
  const proc = spawnStack(process.execPath, [...(options.nodeArgs ?? []), ...(options.entryArgs ?? [await builtBridge()])], { cwd: ROOT, env });
  const seen: Seen = { online: false, ready: false, devices: new Map(), names: new Map() };
  const ready = new Promise<void>((resolve) => {
    proc.child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('"event":"ready"')) return;
      seen.ready = true;
      resolve();
    });
  });
  let watch: MqttWatch | undefined;
  try {
    const died = proc.exited.then((code) => {
      throw new Error(`herdgate bridge exited with ${code} while starting:\n${proc.output()}`);
    });
    died.catch(() => {}); // only raced while starting; a later exit is the normal stop
    const filters = [
      `${BASE}/bridge/+/state`,
      `${BASE}/devices/+`,
      `${BASE}/devices/+/+/state`,
      ...(api === 'z2m' ? [`${Z2M_BASE}/bridge/devices`, `${Z2M_BASE}/+`] : []),
    ];
    const connect = connectWatch(`mqtt://127.0.0.1:${mqttPort}`, filters, { retryForMs: options.timeoutMs });
    watch = await Promise.race([connect, died]);
    watch.on((message) => track(seen, message));
    // The ready line can come after the last retained description: wait for it before checking.
    await Promise.race([ready, died, deadline(options.timeoutMs, 'herdgate ready line')]);
    const up = () => seen.ready && seen.online && options.devices.every((ieee) => isUp(seen, ieee, options.pairing));
    const ticker = setInterval(() => options.log?.(progress(seen, options)), PROGRESS_EVERY_MS);
    const doneAt = await Promise.race([watch.until(up, options.timeoutMs, () => progress(seen, options)), died]).finally(() => clearInterval(ticker));
    const startMs = doneAt - proc.spawnedAt;
    const stack = api === 'z2m' ? await z2mApiRunning(proc, watch, seen, startMs, options.timeoutMs) : running(proc, watch, seen, startMs);
    return { ...stack, mqttUrl: `mqtt://127.0.0.1:${mqttPort}` };
  } catch (error) {
    await watch?.close();
    await proc.stop();
    throw error;
  }
}

function running(proc: ReturnType<typeof spawnStack>, watch: MqttWatch, seen: Seen, startMs: number): RunningStack {
  const endpointOf = (ieee: string) => {
    const endpoint = seen.devices.get(ieee)?.lightEndpoint;
    if (endpoint === undefined) throw new Error(`herdgate describes no light on ${ieee}`);
    return endpoint;
  };
  const stateOf = (message: Arrival, ieee: string) => {
    const parsed = parseTopic(BASE, message.topic);
    if (parsed?.kind !== 'device/state' || parsed.ieee !== hex(ieee)) return undefined;
    return (JSON.parse(message.text) as { state?: Record<string, unknown> }).state;
  };
  return {
    process: proc,
    startMs,
    publishOn: (ieee, on) => watch.publish(topics.deviceSet(BASE, hex(ieee), endpointOf(ieee)), { on }),
    waitOn: (ieee, on, timeoutMs) => watch.next((m) => stateOf(m, ieee)?.on === on, timeoutMs, `state on=${on} from ${ieee}`).then((m) => m.at),
    waitContact: (ieee, open, timeoutMs) => watch.next((m) => stateOf(m, ieee)?.open === open, timeoutMs, `state open=${open} from ${ieee}`).then((m) => m.at),
    async stop() {
      await watch.close();
      await proc.stop();
    },
  };
}

/** Devices by friendly name, from the compatible API's retained `bridge/devices`. */
async function z2mApiRunning(proc: ReturnType<typeof spawnStack>, watch: MqttWatch, seen: Seen, startMs: number, timeoutMs: number): Promise<RunningStack> {
  const names = seen.names;
  await watch.until(
    () => [...seen.devices.keys()].every((ieee) => names.has(hex(ieee))),
    timeoutMs,
    () => 'zigbee2mqtt/bridge/devices listing every device',
  );
  const nameOf = (ieee: string) => names.get(hex(ieee)) ?? hex(ieee);
  const stateOf = (message: Arrival, ieee: string) =>
    message.topic === `${Z2M_BASE}/${nameOf(ieee)}` ? (JSON.parse(message.text) as Record<string, unknown>) : undefined;
  return {
    process: proc,
    startMs,
    publishOn: (ieee, on) => watch.publish(`${Z2M_BASE}/${nameOf(ieee)}/set`, { state: on ? 'ON' : 'OFF' }),
    waitOn: (ieee, on, ms) =>
      watch.next((m) => stateOf(m, ieee)?.state === (on ? 'ON' : 'OFF'), ms, `state ${on ? 'ON' : 'OFF'} from ${ieee}`).then((m) => m.at),
    // As Zigbee2MQTT: contact is true when closed.
    waitContact: (ieee, open, ms) => watch.next((m) => stateOf(m, ieee)?.contact === !open, ms, `contact=${!open} from ${ieee}`).then((m) => m.at),
    async stop() {
      await watch.close();
      await proc.stop();
    },
  };
}

/** Bridge state and device descriptions decide when the start is done. */
function track(seen: Seen, message: Arrival): void {
  if (message.topic === `${Z2M_BASE}/bridge/devices`) {
    for (const d of JSON.parse(message.text) as Array<{ ieee_address: string; friendly_name: string }>) seen.names.set(d.ieee_address, d.friendly_name);
    return;
  }
  const parsed = parseTopic(BASE, message.topic);
  if (parsed?.kind === 'bridge/state') seen.online = (JSON.parse(message.text) as { state?: string }).state === 'online';
  if (parsed?.kind !== 'device' || message.text === '') return;
  const body = JSON.parse(message.text) as { interview?: string; availability?: string; subdevices?: Array<{ resource?: string; endpoint?: number }> };
  const light = body.subdevices?.find((s) => s.resource === 'lights');
  seen.devices.set(parsed.ieee.slice(2), { interview: body.interview, availability: body.availability, lightEndpoint: light?.endpoint });
}

function isUp(seen: Seen, ieee: string, pairing: boolean): boolean {
  const device = seen.devices.get(ieee);
  return device?.interview === 'successful' && (pairing || device.availability === 'online');
}

function progress(seen: Seen, options: StackStartOptions): string {
  const up = options.devices.filter((ieee) => isUp(seen, ieee, options.pairing)).length;
  return `herdgate ready=${seen.ready} online=${seen.online}, ${up}/${options.devices.length} devices ${options.pairing ? 'interviewed' : 'available'}`;
}

function deadline(ms: number, what: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms).unref());
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
