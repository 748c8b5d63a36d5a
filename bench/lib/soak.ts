/**
 * The soak: a paired herdgate bridge on its virtual radio, driven for a while with the mixed
 * traffic of a busy home (lamp commands, a contact sensor opening and closing, a groupcast to every
 * lamp, paged device lists and network info), answering every command and request. Reads the
 * bridge's RSS and event-loop delay (bench/lib/loop-lag-probe.mjs preloaded into it) along the way.
 * Used by bench/suites/soak.ts (an hour by default) and by its short variant in `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { generateNetwork, catalogueModels } from '@herdgate/virtual-radio';
import { pairStack } from './bridge-rounds';
import { herdgateStack } from './herdgate-stack';
import { connectWatch } from './mqtt-watch';
import { startSoakApi, type RestTally, type SoakApi } from './soak-api';
import { median } from './stats';

export const LOOP_LAG_PROBE = fileURLToPath(new URL('./loop-lag-probe.mjs', import.meta.url));
const BASE = 'herdgate';
const TICK_MS = 100;
/** The api's own account on the bridge's broker, as `npm start` gives it (anonymous clients may not follow the bridge). */
const API_ACCOUNT = { MQTT_USER: 'herdgate-api', MQTT_PASSWORD: randomBytes(18).toString('base64url') };
/** Per second: lamp commands, contact sensor events; every N s: a groupcast, two requests. */
export const SOAK_RATES = {
  lampCommandsPerSecond: 2,
  sensorEventsPerSecond: 1,
  groupcastEverySeconds: 5,
  requestsEverySeconds: 10,
  /** Through the api (REST): a light command per second, full reads of lights, sensors and config every 5 s. */
  restLightCommandsPerSecond: 1,
  restReadsEverySeconds: 5,
};

export interface LoopLag {
  p50: number;
  p99: number;
  max: number;
}
export interface SoakFigures {
  devices: number;
  durationMs: number;
  sent: { lampCommands: number; groupcasts: number; requests: number; sensorEvents: number };
  answers: { ok: number; error: number; missing: number; errors: string[] };
  sensorStatesSeen: number;
  rssMiB: { start: number; end: number };
  loopLagMs: { start: LoopLag; end: LoopLag };
  bridgeExited: boolean;
  /** RSS (MiB) of the bridge and the api about every tenth of the run. */
  trajectory: Array<{ minute: number; bridge: number; api: number }>;
  api?: {
    rssMiB: { start: number; end: number };
    loopLagMs: { start: LoopLag; end: LoopLag };
    rest: { commands: RestTally; reads: RestTally };
    websocketEvents: number;
    exited: boolean;
  };
}

interface SoakOptions {
  devices: number;
  durationMs: number;
  log: (line: string) => void;
  sampleEveryMs?: number;
  api?: boolean;
}

export async function runSoak(options: SoakOptions): Promise<SoakFigures> {
  const network = generateNetwork(options.devices, catalogueModels());
  const paired = await pairStack(herdgateStack, network, options.log);
  const sampleEvery = options.sampleEveryMs ?? 5_000;
  try {
    const stack = await herdgateStack.start({
      radioPort: paired.radio.port,
      dataDir: paired.dataDir,
      devices: network.devices.map((d) => d.ieee),
      pairing: false,
      timeoutMs: 120_000,
      log: options.log,
      nodeArgs: ['--import', LOOP_LAG_PROBE],
      env: API_ACCOUNT,
    });
    const lags: LoopLag[] = [];
    let line = '';
    stack.process.child.stderr!.on('data', (chunk: Buffer) => {
      line += chunk.toString();
      for (let at = line.indexOf('\n'); at >= 0; at = line.indexOf('\n')) {
        const text = line.slice(0, at);
        line = line.slice(at + 1);
        if (text.includes('"probe":"loop-lag"')) lags.push(JSON.parse(text) as LoopLag);
      }
    });
    const filters = [
      `${BASE}/devices/+`,
      `${BASE}/devices/+/+/set/result`,
      `${BASE}/devices/+/+/state`,
      `${BASE}/bridge/+/groups/+/set/result`,
      `${BASE}/bridge/+/response/#`,
      `${BASE}/bridge/+/state`,
    ];
    const watch = await connectWatch(stack.mqttUrl!, filters);
    try {
      const startApi = (lamps: number) =>
        startSoakApi({ mqttUrl: stack.mqttUrl!, account: API_ACCOUNT, dataDir: paired.dataDir, probe: LOOP_LAG_PROBE, lamps, log: options.log });
      return await drive(options, network.devices, paired.radio, stack, watch, filters, lags, sampleEvery, startApi);
    } finally {
      await watch.close();
      await stack.stop();
    }
  } finally {
    await paired.dispose();
  }
}

type Watch = Awaited<ReturnType<typeof connectWatch>>;
type Radio = Awaited<ReturnType<typeof pairStack>>['radio'];
type Stack = Awaited<ReturnType<typeof herdgateStack.start>>;

async function drive(
  options: SoakOptions,
  devices: Array<{ ieee: string; model: string }>,
  radio: Radio,
  stack: Stack,
  watch: Watch,
  filters: string[],
  lags: LoopLag[],
  sampleEvery: number,
  startApi: (lamps: number) => Promise<SoakApi>,
): Promise<SoakFigures> {
  const lights = new Map<string, { endpoint: number; dimmable: boolean }>();
  let bridgeId = '';
  const pending = new Map<string, string>();
  const answers = { ok: 0, error: 0, missing: 0, errors: [] as string[] };
  let sensorStatesSeen = 0;
  const contacts = devices.filter((d) => d.model === 'DS01').map((d) => d.ieee);
  watch.on((message) => {
    const parts = message.topic.split('/');
    if (parts[1] === 'bridge' && parts[3] === 'state') bridgeId = parts[2];
    if (parts[1] === 'devices' && parts.length === 3 && message.text) {
      const subdevices =
        (JSON.parse(message.text) as { subdevices?: Array<{ resource: string; endpoint: number; type: string; state?: string[] }> }).subdevices ?? [];
      // Switchable lights only (not blinds, not fans): a command they cannot carry would be an error answer.
      const light = subdevices.find((s) => s.resource === 'lights' && /light|plug/i.test(s.type) && s.state?.includes('on'));
      if (light) lights.set(parts[2], { endpoint: light.endpoint, dimmable: light.state?.includes('bri') === true });
    }
    if (parts[1] === 'devices' && parts[4] === 'state' && contacts.includes(parts[2].slice(2))) sensorStatesSeen += 1;
    if (!message.topic.endsWith('/result') && !message.topic.includes('/response/')) return;
    const body = JSON.parse(message.text) as { transaction?: string; status: string; error?: { code: string; message: string } };
    if (body.transaction === undefined || !pending.has(body.transaction)) return;
    pending.delete(body.transaction);
    if (body.status === 'ok') answers.ok += 1;
    else {
      answers.error += 1;
      if (answers.errors.length < 10) answers.errors.push(`${body.error?.code}: ${body.error?.message}`);
    }
  });
  // The retained descriptions may have arrived before the handler above: subscribing again resends them.
  await watch.client.subscribeAsync(filters, { qos: 1 });
  const until = Date.now() + 10_000;
  while ((bridgeId === '' || lights.size === 0) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (bridgeId === '') throw new Error('no bridge state seen');
  const lamps = [...lights.entries()];
  const api = options.api === false ? undefined : await startApi(lamps.length);
  const apiLags: LoopLag[] = [];
  api?.onStderrLine((text) => {
    if (text.includes('"probe":"loop-lag"')) apiLags.push(JSON.parse(text) as LoopLag);
  });
  const sent = { lampCommands: 0, groupcasts: 0, requests: 0, sensorEvents: 0 };
  let sequence = 0;
  const send = (topic: string, body: Record<string, unknown>) => {
    const transaction = `soak-${(sequence += 1)}`;
    pending.set(transaction, topic);
    void watch.publish(topic, { ...body, transaction });
  };
  const rss: number[] = [];
  const apiRss: number[] = [];
  const started = Date.now();
  const sample = () => {
    rss.push(stack.process.rssMiB());
    if (api) apiRss.push(api.process.rssMiB());
  };
  const sampler = setInterval(sample, sampleEvery);
  let tick = 0;
  const everyTicks = (perSecond: number) => Math.max(1, Math.round(1000 / TICK_MS / perSecond));
  try {
    while (Date.now() - started < options.durationMs) {
      tick += 1;
      if (tick % everyTicks(SOAK_RATES.lampCommandsPerSecond) === 0 && lamps.length > 0) {
        const [ieee, { endpoint, dimmable }] = lamps[sent.lampCommands % lamps.length];
        const on = Math.floor(sent.lampCommands / lamps.length) % 2 === 0;
        send(`${BASE}/devices/${ieee}/${endpoint}/set`, dimmable ? { on, bri: 20 + (sent.lampCommands % 200) } : { on });
        sent.lampCommands += 1;
      }
      if (tick % everyTicks(SOAK_RATES.sensorEventsPerSecond) === 0 && contacts.length > 0) {
        radio.act(contacts[sent.sensorEvents % contacts.length], sent.sensorEvents % 2 === 0 ? 'open' : 'close');
        sent.sensorEvents += 1;
      }
      if (tick % everyTicks(1 / SOAK_RATES.groupcastEverySeconds) === 0) {
        send(`${BASE}/bridge/${bridgeId}/groups/65520/set`, { on: sent.groupcasts % 2 === 0 });
        sent.groupcasts += 1;
      }
      if (tick % everyTicks(1 / SOAK_RATES.requestsEverySeconds) === 0) {
        send(`${BASE}/bridge/${bridgeId}/request/devices`, { offset: 0, limit: 50 });
        send(`${BASE}/bridge/${bridgeId}/request/network/info`, {});
        sent.requests += 2;
      }
      if (api && tick % everyTicks(SOAK_RATES.restLightCommandsPerSecond) === 0) api.lightCommand(Math.floor(tick / 50) % 2 === 0);
      if (api && tick % everyTicks(1 / SOAK_RATES.restReadsEverySeconds) === 0) api.reads();
      if (tick % 600 === 0)
        options.log(
          `soak: ${Math.round((Date.now() - started) / 1000)} s, ${answers.ok} ok, ${answers.error} errors, RSS bridge ${rss.at(-1)?.toFixed(1)} MiB${api ? `, api ${apiRss.at(-1)?.toFixed(1)} MiB, REST ${api.rest.commands.ok + api.rest.reads.ok} ok ${api.rest.commands.error + api.rest.reads.error} errors` : ''}`,
        );
      await new Promise((r) => setTimeout(r, TICK_MS));
    }
    const drainUntil = Date.now() + 20_000;
    while (pending.size > 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
    sample();
  } catch (error) {
    await api?.stop();
    throw error;
  } finally {
    clearInterval(sampler);
  }
  const apiExited = api !== undefined && (api.process.child.exitCode !== null || api.process.child.signalCode !== null);
  const websocketEvents = api?.websocketEvents() ?? 0;
  await api?.stop();
  answers.missing = pending.size;
  const window = <T>(list: T[], from: 'start' | 'end'): T[] => (from === 'start' ? list.slice(0, 3) : list.slice(-3));
  const lagOf = (list: LoopLag[]): LoopLag => ({
    p50: median(list.map((l) => l.p50)),
    p99: median(list.map((l) => l.p99)),
    max: Math.max(...list.map((l) => l.max)),
  });
  const exited = stack.process.child.exitCode !== null || stack.process.child.signalCode !== null;
  return {
    devices: options.devices,
    durationMs: Date.now() - started,
    sent,
    answers,
    sensorStatesSeen,
    rssMiB: { start: median(window(rss, 'start')), end: median(window(rss, 'end')) },
    loopLagMs: { start: lagOf(window(lags, 'start')), end: lagOf(window(lags, 'end')) },
    bridgeExited: exited,
    trajectory: tenths(rss, apiRss, sampleEvery),
    api: api && {
      rssMiB: { start: median(window(apiRss, 'start')), end: median(window(apiRss, 'end')) },
      loopLagMs: { start: lagOf(window(apiLags, 'start')), end: lagOf(window(apiLags, 'end')) },
      rest: api.rest,
      websocketEvents,
      exited: apiExited,
    },
  };
}

/** About ten evenly spaced samples of both processes' RSS, with the minute they were taken. */
function tenths(bridge: number[], api: number[], sampleEvery: number): SoakFigures['trajectory'] {
  const step = Math.max(1, Math.floor(bridge.length / 10));
  const picked: SoakFigures['trajectory'] = [];
  for (let at = 0; at < bridge.length; at += step) picked.push({ minute: ((at + 1) * sampleEvery) / 60_000, bridge: bridge[at], api: api[at] ?? Number.NaN });
  if (picked.at(-1)?.bridge !== bridge.at(-1))
    picked.push({ minute: (bridge.length * sampleEvery) / 60_000, bridge: bridge.at(-1)!, api: api.at(-1) ?? Number.NaN });
  return picked;
}
