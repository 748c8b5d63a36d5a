import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry } from '@herdgate/shared/build';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { startBenchRadio, type BenchRadio } from '../lib/bench-radio';
import type { ChildServer } from '../lib/child-server';
import { acquireKey } from '../lib/acquire-key';
import { BENCH_API_ACCOUNT, startChildWith } from '../lib/stack-parts';
import type { RunningStack } from '../lib/bridge-stack';
import { herdgateStack } from '../lib/herdgate-stack';
import { fmtMs, fmtPercent, fmtRate, table } from '../lib/markdown';
import { measureRounds, pairedRatio, type Target } from '../lib/rounds';
import type { BenchContext, BenchSection } from '../lib/types';
import { z2mAtRest, type Z2mRest } from './collections/z2m-rest';
import { startNpmStartApi, type NpmStartApi } from './collections/npm-start-api';
import { nodeChildEnv } from '../../scripts/lib/node-child-env';
import { startOneProcessGateway, type OneProcessGateway } from './collections/one-process-gateway';
import { readAtRest, type RestReading } from './collections/rest-reading';
import { pickSensors } from './collections/sensor-picks';

/**
 * Issue #12 item 5: `GET /sensors`, `/sensors/<id>`, `/groups` and `/lights` on the real stack
 * (virtual radio, bridge bundle, api) with the generated 200- and 1000-device networks, each
 * against a route answering a pre-encoded body of the same size on the same server (target: each
 * collection ≥ 50% of it), and the resident memory of bridge and api at rest afterwards.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOST = '127.0.0.1';
const TARGET_RATIO = 0.5;
const GROUPS = 20;
const LIGHTS_PER_GROUP = 5;
/** How long each sensor's changes are counted before picking the quiet and the most changing one. */
const SENSOR_WINDOW_MS = 15_000;
/**
 * At rest: V8 keeps the heap pairing grew until its memory reducer runs on an idle process. Watched
 * every 10 s on the 200-device network, Zigbee2MQTT stayed at 297 MiB for 90 s after the radio went
 * quiet and dropped to 146 MiB at 100 s, flat after; so both sides are read after 3 minutes.
 */
const REST_SETTLE_MS = 180_000;
/** After the reads: informative only (the api there is the bench child). */
const AFTER_READS_SETTLE_MS = 60_000;

interface ApiInfo {
  httpPort: number;
  pid: number;
  devices: number;
}
interface NetworkFigures {
  devices: number;
  up: number;
  pairedS: number;
  load: number;
  markdown: string;
  rss: string[];
  /** VmRSS of each, and the distinct physical pages of both (undefined without CAP_SYS_ADMIN). */
  /** The gateway as `npm start` runs it (one process), and as two processes (`bridge`, `api`). */
  restMiB: { one: RestReading; split: RestReading };
}
/** Pairing must finish: on this shared machine the 1,000-device network takes several minutes. */
const PAIRING_TIMEOUT_MS = 40 * 60_000;
/** Zigbee2MQTT's memory is compared on networks up to this size (pairing a larger one takes too long). */
const Z2M_MAX_DEVICES = 200;
/** The api child bundled like `npm start` bundles the api, two levels below api/ so it finds its migrations. */
const API_CHILD_BUNDLE = join(ROOT, 'api', 'dist', 'bench', 'collections-api.mjs');

/** Pairing the 1,000-device network takes many minutes on a loaded machine: beyond the default limit. */
export const timeoutMs = (ctx: BenchContext) => (ctx.quick ? 15 : 75) * 60_000;

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const settings = ctx.quick
    ? { rounds: 2, durationMs: 400, warmupMs: 200, connections: 16 }
    : { rounds: 6, durationMs: 1_000, warmupMs: 1_000, connections: 16 };
  // BENCH_COLLECTIONS_NETWORKS=200 measures one network (the 1000-device pairing takes many minutes).
  const networks = ctx.quick ? [30] : (process.env.BENCH_COLLECTIONS_NETWORKS ?? '200,1000').split(',').map(Number);
  await bundleEntry(fileURLToPath(new URL('./collections/api-child.ts', import.meta.url)), API_CHILD_BUNDLE);
  const figures: NetworkFigures[] = [];
  const z2m = new Map<number, Z2mRest>();
  for (const count of networks) {
    figures.push(await measureNetwork(ctx, count, settings));
    if (count <= Z2M_MAX_DEVICES && !ctx.quick) z2m.set(count, await z2mAtRest(networkOf(count), REST_SETTLE_MS, ctx.log));
  }
  return {
    title: 'Collections: cached collection reads on the real stack, against a body of the same size',
    method: [
      'Real stack per network: the virtual radio (`fast` timing) in the benchmark process and herdgate in child processes, on a fresh radio with the generated network (`networks/generate.ts`, seed 1, every catalogue model).',
      'First the gateway exactly as `npm start` runs it: bridge and api in one node process (scripts/one-process/, which loads the bridge and api bundles, plain node, same environment variables); the devices pair through its start-up permit join and are interviewed (paced by a window that widens while interviews end in time and narrows on failures, at most 32 at a time, failed interviews tried again: bridge/src/zigbee/interview-pacing.ts); measuring starts only once every device is interviewed, or the suite fails saying how far pairing got.',
      `${GROUPS} REST groups of ${LIGHTS_PER_GROUP} lights each are created (membership written to the lamps), the radio is left to go quiet, then ${REST_SETTLE_MS / 1000} s without requests: memory at rest is read then (VmRSS, and the distinct physical pages from /proc/<pid>/pagemap).`,
      `Then the same gateway as two processes (\`HERDGATE_PROCESSES=split\`, as the systemd units and two hosts run it) is started on the same data (a restart, not a pairing: it holds less of pairing's garbage than a first start would), and read the same way after ${REST_SETTLE_MS / 1000} s: VmRSS of each, added up, and the distinct physical pages of both (the two node processes share the node binary's pages, which VmRSS counts in each).`,
      `For the reads the split api is replaced by the same gateway code plus \`GET /bench/bytes/<n>\` (bench/suites/collections/api-child.ts, same database), which answers a JSON body of exactly the collection's size, encoded once, behind the same middleware (request id, CORS) but without the key check: the floor for sending that many bytes. Two single sensors are read, since ids follow the pairing order and "the first sensor" is a different model each run: the first device sensor whose ETag did not move during ${SENSOR_WINDOW_MS / 1000} s (sampled every second) and the one that moved most, each named with its change count (bench/suites/collections/sensor-picks.ts).`,
      `${settings.connections} keep-alive connections over 127.0.0.1, closed loop, ${settings.warmupMs} ms warm-up per route, then ${settings.rounds} rounds of ${settings.durationMs} ms per route with rotating order; the ratio is the median of the per-round ratios (min–max).`,
      `Zigbee2MQTT (networks up to ${Z2M_MAX_DEVICES} devices, same run, after herdgate stopped): the pinned install on its own fresh radio with the same network, paired, radio quiet, ${REST_SETTLE_MS / 1000} s without traffic, VmRSS (and distinct physical pages) of its one process; its broker runs in the benchmark process, not in its figure, where herdgate's bridge embeds its broker and counts it. The target (the whole gateway at or below Zigbee2MQTT) is judged on the one-process gateway, on both figures.`,
      'The machine is shared (six other sessions build and test at the same time), so absolute rates are low and noisy; ratios within one run are what travels.',
    ].join(' '),
    markdown: [
      ...figures.map(
        (f) =>
          `**${f.devices} devices** (${f.up} of ${f.devices} interviewed, pairing took ${f.pairedS.toFixed(0)} s; 1-minute load average at the reads: ${f.load.toFixed(1)} on ${cpus().length} cores)\n\n${f.markdown}\n\n${f.rss.join(' ')}`,
      ),
      memoryTable(figures, z2m),
    ].join('\n\n'),
  };
}

async function measureNetwork(
  ctx: BenchContext,
  count: number,
  settings: { rounds: number; durationMs: number; warmupMs: number; connections: number },
): Promise<NetworkFigures> {
  const network = networkOf(count);
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-collections-'));
  const databaseUrl = `file:${join(dir, 'herdgate.db')}`;
  const devices = network.devices.map((d) => d.ieee);
  let radio: BenchRadio | undefined;
  let gateway: OneProcessGateway | undefined;
  let stack: RunningStack | undefined;
  let npmApi: NpmStartApi | undefined;
  let api: ChildServer<ApiInfo> | undefined;
  try {
    radio = await startBenchRadio(dir, network);
    ctx.log(`${count} devices: pairing`);
    // As `npm start` runs it: bridge and api in one process. Every device must be interviewed: the
    // start fails (with how far it got) otherwise.
    gateway = await startOneProcessGateway({
      radioPort: radio.port,
      dataDir: join(dir, 'bridge'),
      databaseUrl,
      devices,
      timeoutMs: PAIRING_TIMEOUT_MS,
      log: ctx.log,
      env: { ...BENCH_API_ACCOUNT },
    });
    const pairedS = gateway.stack.startMs / 1000;
    ctx.log(`${count} devices: all interviewed after ${pairedS.toFixed(0)} s`);
    const oneBase = `http://${HOST}:${gateway.httpPort}`;
    const key = await acquireKey(oneBase, 'bench#collections');
    await createGroups(oneBase, key);
    const settleMs = ctx.quick ? 5_000 : REST_SETTLE_MS;
    const one = await readAtRest(radio, { gateway: gateway.stack.process }, settleMs, ctx.log);
    await gateway.stack.stop();
    gateway = undefined;
    // The same gateway as two processes (HERDGATE_PROCESSES=split, or two hosts), restarted on the same data.
    stack = await herdgateStack.start({
      radioPort: radio.port,
      dataDir: join(dir, 'bridge'),
      devices,
      pairing: true,
      timeoutMs: PAIRING_TIMEOUT_MS,
      log: ctx.log,
      env: { ...nodeChildEnv(process.env), ...BENCH_API_ACCOUNT },
    });
    const bridge = stack.process;
    npmApi = await startNpmStartApi(ROOT, { ...BENCH_API_ACCOUNT, MQTT_URL: stack.mqttUrl!, DATABASE_URL: databaseUrl });
    const split = await readAtRest(radio, { bridge, api: npmApi.process }, settleMs, ctx.log);
    await npmApi.process.stop();
    npmApi = undefined;
    const restMiB = { one, split };
    // The reads: the same gateway code with the same-size route beside it, on the same database.
    api = await startApi(stack.mqttUrl!, databaseUrl, network.devices.length);
    const base = `http://${HOST}:${api.info.httpPort}`;
    const targets: Target[] = [];
    for (const [name, path] of await collectionPaths(base, key)) {
      const size = (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
      targets.push({ name: `${name} (${kib(size)})`, path }, { name: `same size, pre-encoded (${kib(size)})`, path: `/bench/bytes/${size}` });
    }
    ctx.log(`${count} devices: measuring ${targets.length} routes`);
    const load = loadavg()[0]!;
    const results = await measureRounds({ host: HOST, port: api.info.httpPort, targets, ...settings, log: ctx.log });
    const rows: string[][] = [];
    for (let i = 0; i < results.length; i += 2) {
      const [route, floor] = [results[i]!, results[i + 1]!];
      const ratio = pairedRatio(route, floor);
      rows.push([
        route.target.name,
        fmtRate(route.rps.median),
        fmtMs(route.p50Ms),
        fmtMs(route.p99Ms),
        fmtRate(floor.rps.median),
        `${fmtPercent(ratio.median)} (${fmtPercent(ratio.min)}–${fmtPercent(ratio.max)})`,
        ratio.median >= TARGET_RATIO ? '≥ 50%: met' : '≥ 50%: **missed**',
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, AFTER_READS_SETTLE_MS));
    const rss = [
      `RSS at rest, ${settleMs / 1000} s without requests: one process (\`npm start\`) ${restMiB.one.vmrss.toFixed(0)} MiB${restMiB.one.physical === undefined ? '' : ` (${restMiB.one.physical.toFixed(0)} MiB of physical pages)`};`,
      `two processes: bridge ${split.each.bridge!.toFixed(0)} MiB, api ${split.each.api!.toFixed(0)} MiB, together ${split.vmrss.toFixed(0)} MiB${split.physical === undefined ? '' : `, ${split.physical.toFixed(0)} MiB of distinct physical pages`};`,
      `after the reads (the bridge alone and the api with the same-size route) and ${AFTER_READS_SETTLE_MS / 1000} s at rest: bridge ${bridge.rssMiB().toFixed(0)} MiB, api ${rssMiB(api.pid).toFixed(0)} MiB.`,
    ];
    return {
      devices: count,
      up: api.info.devices,
      pairedS,
      load,
      markdown: table(['Route', 'req/s (median)', 'p50 ms', 'p99 ms', 'same-size body req/s', 'vs same-size body (median, min–max)', 'Target'], rows),
      rss,
      restMiB,
    };
  } finally {
    await api?.stop();
    await npmApi?.process.stop();
    await gateway?.stack.stop();
    await stack?.stop();
    await radio?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function networkOf(count: number): NetworkDefinition {
  const file = fileURLToPath(new URL(`../../bridge/virtual-radio/networks/generated-${count}.json`, import.meta.url));
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as NetworkDefinition;
  } catch {
    const all = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../bridge/virtual-radio/networks/generated-200.json', import.meta.url)), 'utf8'),
    ) as NetworkDefinition;
    return { ...all, devices: all.devices.slice(0, count) };
  }
}

/**
 * The whole gateway at rest against Zigbee2MQTT at rest, per network: as `npm start` runs it (one
 * process; the target is judged on it, on both VmRSS and physical pages) and as two processes
 * (informative: HERDGATE_PROCESSES=split, the systemd units, two hosts).
 */
function memoryTable(figures: readonly NetworkFigures[], z2m: ReadonlyMap<number, Z2mRest>): string {
  const mib = (value: number | undefined) => (value === undefined ? 'not readable' : value.toFixed(0));
  const ratio = (ours: number | undefined, theirs: number | undefined) => (ours === undefined || theirs === undefined ? '–' : `${(ours / theirs).toFixed(2)}×`);
  const rows = figures.flatMap((f) => {
    const theirs = z2m.get(f.devices);
    const z2mCells = theirs?.ok ? [mib(theirs.rssMiB), mib(theirs.physicalMiB)] : [theirs ? `failed: ${theirs.error}` : 'not measured', '–'];
    const { one, split } = f.restMiB;
    const met =
      theirs?.ok && one.vmrss <= theirs.rssMiB && (one.physical === undefined || theirs.physicalMiB === undefined || one.physical <= theirs.physicalMiB);
    return [
      [
        `${f.devices} devices`,
        'one process (`npm start`)',
        mib(one.vmrss),
        mib(one.physical),
        ...z2mCells,
        ratio(one.vmrss, theirs?.ok ? theirs.rssMiB : undefined),
        ratio(one.physical, theirs?.ok ? theirs.physicalMiB : undefined),
        theirs?.ok ? (met ? 'at or below, both: met' : '**missed**') : '–',
      ],
      [
        `${f.devices} devices`,
        `two processes (bridge ${mib(split.each.bridge)} + api ${mib(split.each.api)})`,
        mib(split.vmrss),
        mib(split.physical),
        ...z2mCells,
        ratio(split.vmrss, theirs?.ok ? theirs.rssMiB : undefined),
        ratio(split.physical, theirs?.ok ? theirs.physicalMiB : undefined),
        'informative',
      ],
    ];
  });
  return `**Memory at rest: the whole gateway against Zigbee2MQTT** (MiB; VmRSS added up over the gateway's processes, and their distinct physical pages)\n\n${table(['Network', 'herdgate run as', 'VmRSS', 'physical', 'Zigbee2MQTT VmRSS', 'Zigbee2MQTT physical', 'ratio VmRSS', 'ratio physical', 'Target (one process)'], rows)}`;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function collectionPaths(base: string, key: string): Promise<Array<[string, string]>> {
  const read = async () => (await (await fetch(`${base}/api/${key}/sensors`)).json()) as Record<string, { type: string; etag: string }>;
  const { picks, first } = await pickSensors(read, SENSOR_WINDOW_MS);
  return [
    [`\`GET /sensors\` (${Object.keys(first).length} sensors)`, `/api/${key}/sensors`],
    ...picks.map((p): [string, string] => [
      `\`GET /sensors/<id>\` (${p.label}: ${p.type}, changed in ${p.changes} of ${SENSOR_WINDOW_MS / 1000} s)`,
      `/api/${key}/sensors/${p.id}`,
    ]),
    [`\`GET /groups\` (${GROUPS} groups)`, `/api/${key}/groups`],
    [`\`GET /lights\` (${Object.keys((await (await fetch(`${base}/api/${key}/lights`)).json()) as object).length} lights)`, `/api/${key}/lights`],
  ];
}

async function createGroups(base: string, key: string): Promise<void> {
  const lights = Object.keys((await (await fetch(`${base}/api/${key}/lights`)).json()) as object);
  for (let g = 0; g < GROUPS; g++) {
    const members = lights.slice(g * LIGHTS_PER_GROUP, (g + 1) * LIGHTS_PER_GROUP);
    const res = await fetch(`${base}/api/${key}/groups`, { method: 'POST', body: JSON.stringify({ name: `bench room ${g + 1}`, lights: members }) });
    if (res.status !== 200) throw new Error(`group creation answered ${res.status}: ${await res.text()}`);
  }
}

const startApi = (mqttUrl: string, databaseUrl: string, devices: number) =>
  startChildWith<ApiInfo>(
    API_CHILD_BUNDLE,
    { BENCH_MQTT_URL: mqttUrl, BENCH_DATABASE_URL: databaseUrl, BENCH_EXPECT_DEVICES: String(devices), ...BENCH_API_ACCOUNT },
    180_000,
  );
