import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBridge } from '@herdgate/bridge/build';
import { bundleEntry } from '@herdgate/shared/build';
import type { NetworkDefinition } from '../../bridge/virtual-radio/src/network-definition';
import { startBenchRadio, type BenchRadio } from '../lib/bench-radio';
import type { ChildServer } from '../lib/child-server';
import { acquireKey } from '../lib/acquire-key';
import { BENCH_API_ACCOUNT, bridgeEnv, quiet, startChildWith } from '../lib/stack-parts';
import { freePort } from '../lib/herdgate-stack';
import { fmtMs, fmtPercent, fmtRate, table } from '../lib/markdown';
import { measureRounds, pairedRatio, type Target } from '../lib/rounds';
import { spawnStack, type StackProcess } from '../lib/stack-process';
import type { BenchContext, BenchSection } from '../lib/types';
import { z2mAtRest, type Z2mRest } from './collections/z2m-rest';

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
const REST_SETTLE_MS = 20_000;

interface ApiInfo { httpPort: number; pid: number; devices: number }
interface NetworkFigures { devices: number; up: number; markdown: string; rss: string[]; restMiB: { bridge: number; api: number } }
/** Zigbee2MQTT's memory is compared on networks up to this size (pairing a larger one takes too long). */
const Z2M_MAX_DEVICES = 200;
/** The api child bundled like `npm start` bundles the api, two levels below api/ so it finds its migrations. */
const API_CHILD_BUNDLE = join(ROOT, 'api', 'dist', 'bench', 'collections-api.mjs');

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const settings = ctx.quick
    ? { rounds: 2, durationMs: 400, warmupMs: 200, connections: 16 }
    : { rounds: 6, durationMs: 1_000, warmupMs: 1_000, connections: 16 };
  // BENCH_COLLECTIONS_NETWORKS=200 measures one network (the 1000-device pairing takes many minutes).
  const networks = ctx.quick ? [30] : (process.env.BENCH_COLLECTIONS_NETWORKS ?? '200,1000').split(',').map(Number);
  const bundle = (await buildBridge()).bundle;
  await bundleEntry(fileURLToPath(new URL('./collections/api-child.ts', import.meta.url)), API_CHILD_BUNDLE);
  const figures: NetworkFigures[] = [];
  const z2m = new Map<number, Z2mRest>();
  for (const count of networks) {
    figures.push(await measureNetwork(ctx, bundle, count, settings));
    if (count <= Z2M_MAX_DEVICES && !ctx.quick) z2m.set(count, await z2mAtRest(networkOf(count), REST_SETTLE_MS, ctx.log));
  }
  return {
    title: 'Collections: cached collection reads on the real stack, against a body of the same size',
    method: [
      'Real stack per network: the virtual radio (`fast` timing) in the benchmark process, herdgate\'s bridge and api each as its esbuild bundle (plain node, `@herdgate/shared/build`, as `npm start` runs them) in a child process each',
      'linked over the bridge\'s embedded broker, on a fresh radio with the generated network (`networks/generate.ts`, seed 1, every catalogue model); the devices pair through a permit join (reopened every 200 s) and are interviewed;',
      'measuring starts once all are interviewed, or at least 80% and nothing changed for a minute (on a loaded machine a few interviews time out; the count is given per network);',
      `then ${GROUPS} REST groups of ${LIGHTS_PER_GROUP} lights each are created (membership written to the lamps), and the network is left to go quiet.`,
      `Each collection route is measured side by side with \`GET /bench/bytes/<n>\` on the same api, which answers a JSON body of exactly the collection's size, encoded once, behind the same middleware (request id, CORS) but without the key check: the floor for sending that many bytes.`,
      `${settings.connections} keep-alive connections over 127.0.0.1, closed loop, ${settings.warmupMs} ms warm-up per route, then ${settings.rounds} rounds of ${settings.durationMs} ms per route with rotating order; the ratio is the median of the per-round ratios (min–max).`,
      `RSS: VmRSS of the bridge and api processes at rest (paired, groups created, radio quiet, then ${REST_SETTLE_MS / 1000} s without requests) and again after the throughput rounds and ${REST_SETTLE_MS / 1000} s without requests.`,
      `Zigbee2MQTT (networks up to ${Z2M_MAX_DEVICES} devices, same run, after herdgate stopped): the pinned install on its own fresh radio with the same network, paired, radio quiet, ${REST_SETTLE_MS / 1000} s without traffic, VmRSS of its process; its broker runs in the benchmark process (herdgate\'s bridge embeds its broker, counted in its RSS).`,
      'The machine is shared (about eight other sessions build and test at the same time), so absolute rates are low and noisy; ratios within one run are what travels.',
    ].join(' '),
    markdown: [
      ...figures.map((f) => `**${f.devices} devices** (${f.up} interviewed when measured)\n\n${f.markdown}\n\n${f.rss.join(' ')}`),
      memoryTable(figures, z2m),
    ].join('\n\n'),
  };
}

async function measureNetwork(ctx: BenchContext, bundle: string, count: number, settings: { rounds: number; durationMs: number; warmupMs: number; connections: number }): Promise<NetworkFigures> {
  const network = networkOf(count);
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-collections-'));
  let radio: BenchRadio | undefined;
  let bridge: StackProcess | undefined;
  let api: ChildServer<ApiInfo> | undefined;
  try {
    radio = await startBenchRadio(dir, network);
    const mqttPort = await freePort();
    bridge = spawnStack(process.execPath, [bundle], { cwd: ROOT, env: bridgeEnv(radio.port, mqttPort, join(dir, 'bridge')) });
    ctx.log(`${count} devices: pairing`);
    api = await startApi(`mqtt://${HOST}:${mqttPort}`, network.devices.length);
    if (api.info.devices < 0.8 * network.devices.length) throw new Error(`only ${api.info.devices}/${network.devices.length} devices interviewed; bridge output:\n${bridge.output()}`);
    const base = `http://${HOST}:${api.info.httpPort}`;
    const key = await acquireKey(base, 'bench#collections');
    await createGroups(base, key);
    await quiet(radio, 3_000, 180_000);
    await new Promise((resolve) => setTimeout(resolve, REST_SETTLE_MS));
    const restMiB = { bridge: bridge.rssMiB(), api: rssMiB(api.pid) };
    const targets: Target[] = [];
    for (const [name, path] of await collectionPaths(base, key)) {
      const size = (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
      targets.push({ name: `${name} (${kib(size)})`, path }, { name: `same size, pre-encoded (${kib(size)})`, path: `/bench/bytes/${size}` });
    }
    ctx.log(`${count} devices: measuring ${targets.length} routes`);
    const results = await measureRounds({ host: HOST, port: api.info.httpPort, targets, ...settings, log: ctx.log });
    const rows: string[][] = [];
    for (let i = 0; i < results.length; i += 2) {
      const [route, floor] = [results[i]!, results[i + 1]!];
      const ratio = pairedRatio(route, floor);
      rows.push([
        route.target.name, fmtRate(route.rps.median), fmtMs(route.p50Ms), fmtMs(route.p99Ms), fmtRate(floor.rps.median),
        `${fmtPercent(ratio.median)} (${fmtPercent(ratio.min)}–${fmtPercent(ratio.max)})`,
        ratio.median >= TARGET_RATIO ? '≥ 50%: met' : '≥ 50%: **missed**',
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, REST_SETTLE_MS));
    const rss = [
      `RSS at rest before the reads: bridge ${restMiB.bridge.toFixed(0)} MiB, api ${restMiB.api.toFixed(0)} MiB, together ${(restMiB.bridge + restMiB.api).toFixed(0)} MiB;`,
      `after the reads and ${REST_SETTLE_MS / 1000} s at rest: bridge ${bridge.rssMiB().toFixed(0)} MiB, api ${rssMiB(api.pid).toFixed(0)} MiB, together ${(bridge.rssMiB() + rssMiB(api.pid)).toFixed(0)} MiB.`,
    ];
    return {
      devices: count,
      up: api.info.devices,
      markdown: table(['Route', 'req/s (median)', 'p50 ms', 'p99 ms', 'same-size body req/s', 'vs same-size body (median, min–max)', 'Target'], rows),
      rss,
      restMiB,
    };
  } finally {
    await api?.stop();
    await bridge?.stop();
    await radio?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function networkOf(count: number): NetworkDefinition {
  const file = fileURLToPath(new URL(`../../bridge/virtual-radio/networks/generated-${count}.json`, import.meta.url));
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as NetworkDefinition;
  } catch {
    const all = JSON.parse(readFileSync(fileURLToPath(new URL('../../bridge/virtual-radio/networks/generated-200.json', import.meta.url)), 'utf8')) as NetworkDefinition;
    return { ...all, devices: all.devices.slice(0, count) };
  }
}

/** Whole gateway (bridge + api) at rest against Zigbee2MQTT at rest, per network. */
function memoryTable(figures: readonly NetworkFigures[], z2m: ReadonlyMap<number, Z2mRest>): string {
  const rows = figures.map((f) => {
    const ours = f.restMiB.bridge + f.restMiB.api;
    const theirs = z2m.get(f.devices);
    const z2mCell = theirs === undefined ? 'not measured' : theirs.ok ? theirs.rssMiB.toFixed(0) : `failed: ${theirs.error}`;
    const ratio = theirs?.ok ? `${(ours / theirs.rssMiB).toFixed(2)}×` : '–';
    const target = theirs?.ok ? (ours <= theirs.rssMiB ? 'at or below: met' : '**missed**') : '–';
    return [`${f.devices} devices`, f.restMiB.bridge.toFixed(0), f.restMiB.api.toFixed(0), ours.toFixed(0), z2mCell, ratio, target];
  });
  return `**Memory at rest: the whole gateway against Zigbee2MQTT** (MiB, VmRSS)\n\n${table(['Network', 'bridge', 'api', 'bridge + api', 'Zigbee2MQTT', 'ratio', 'Target'], rows)}`;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function collectionPaths(base: string, key: string): Promise<Array<[string, string]>> {
  const sensors = (await (await fetch(`${base}/api/${key}/sensors`)).json()) as Record<string, { type: string }>;
  const ids = Object.keys(sensors);
  const device = ids.find((id) => sensors[id]!.type.startsWith('ZHA')) ?? ids[0]!;
  return [
    [`\`GET /sensors\` (${ids.length} sensors)`, `/api/${key}/sensors`],
    [`\`GET /sensors/<id>\` (${sensors[device]!.type})`, `/api/${key}/sensors/${device}`],
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

const startApi = (mqttUrl: string, devices: number) =>
  startChildWith<ApiInfo>(API_CHILD_BUNDLE, { BENCH_MQTT_URL: mqttUrl, BENCH_EXPECT_DEVICES: String(devices), ...BENCH_API_ACCOUNT }, 26 * 60_000);
