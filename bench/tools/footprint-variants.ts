/**
 * Memory at rest of the whole gateway (bridge + api) in several ways of running it, measured
 * against the same paired virtual network: the radio (generated network, in this process) is paired
 * once by the bridge, then each variant is started on that radio and that data in turn, left
 * without requests for `rest` seconds, and read: VmRSS, RssAnon and RssFile of each process, and
 * the distinct physical pages of all of them (bench/lib/footprint.ts). Variants run interleaved,
 * `rounds` times each, so the machine's noise hits all alike; medians are printed at the end.
 * `tsx bench/tools/footprint-variants.ts [devices=200] [rest s=120] [rounds=2] variant…`
 * Variants: see VARIANTS. Investigation tooling: the benchmark is `npm run bench collections`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from '@herdgate/api/build';
import { buildBridge } from '@herdgate/bridge/build';
import { nodeChildEnv } from '../../scripts/lib/node-child-env';
import { buildOneProcess } from '../../scripts/one-process/build';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { startBenchRadio } from '../lib/bench-radio';
import { freePort, herdgateStack } from '../lib/herdgate-stack';
import { uniqueResidentMiB } from '../lib/footprint';
import { median } from '../lib/stats';
import { spawnStack, type StackProcess } from '../lib/stack-process';
import { BENCH_API_ACCOUNT, bridgeEnv, quiet } from '../lib/stack-parts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const [devices, restS, rounds] = [Number(process.argv[2] ?? 200), Number(process.argv[3] ?? 120), Number(process.argv[4] ?? 2)];
const wanted = process.argv.slice(5);
const log = (line: string) => process.stderr.write(`[footprint] ${line}\n`);

interface Launch {
  bridgeBundle: string;
  apiBundle: string;
  oneProcessBundle: string;
  radioPort: number;
  dataDir: string;
  databaseUrl: string;
}
interface Variant {
  describe: string;
  start(launch: Launch): Promise<StackProcess[]>;
}

/** As npm start runs them (MALLOC_ARENA_MAX=2 unless set), and with glibc's default arenas. */
const VARIANTS: Record<string, Variant> = {
  split: { describe: 'bridge and api bundles in two node processes, as HERDGATE_PROCESSES=split runs them', start: (l) => split(l, nodeChildEnv({})) },
  'split-glibc-arenas': { describe: 'split, without MALLOC_ARENA_MAX', start: (l) => split(l, {}) },
  one: { describe: "bridge and api in one node process (scripts/one-process/), npm start's default", start: (l) => one(l, nodeChildEnv({})) },
  'one-glibc-arenas': { describe: 'one process, without MALLOC_ARENA_MAX', start: (l) => one(l, {}) },
};

async function apiEnv(mqttPort: number, databaseUrl: string): Promise<Record<string, string>> {
  return {
    ...BENCH_API_ACCOUNT,
    MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
    DATABASE_URL: databaseUrl,
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(await freePort()),
    WEBSOCKET_PORT: '0',
    LOG_LEVEL: 'warn',
  };
}

async function split(l: Launch, extra: Record<string, string>): Promise<StackProcess[]> {
  const mqttPort = await freePort();
  const bridge = spawnStack(process.execPath, [l.bridgeBundle], {
    cwd: ROOT,
    env: { ...bridgeEnv(l.radioPort, mqttPort, l.dataDir), PERMIT_JOIN_ON_START: '0', ...extra },
  });
  await line(bridge, '"event":"ready"');
  const env: NodeJS.ProcessEnv = { ...process.env, ...(await apiEnv(mqttPort, l.databaseUrl)), ...extra };
  const api = spawnStack(process.execPath, [l.apiBundle], { cwd: ROOT, env });
  await line(api, '"event":"api-ready"');
  return [bridge, api];
}

/** The one-process gateway as `npm start` runs it: one environment, the api's broker found in-process. */
async function one(l: Launch, extra: Record<string, string>): Promise<StackProcess[]> {
  const mqttPort = await freePort();
  const api = await apiEnv(mqttPort, l.databaseUrl);
  delete api.MQTT_URL;
  const env = { ...bridgeEnv(l.radioPort, mqttPort, l.dataDir), PERMIT_JOIN_ON_START: '0', ...api, ...extra };
  const proc = spawnStack(process.execPath, [l.oneProcessBundle, l.bridgeBundle, l.apiBundle], { cwd: ROOT, env });
  await line(proc, '"event":"api-ready"');
  return [proc];
}

function line(proc: StackProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${text} within 120 s:\n${proc.output()}`)), 120_000);
    proc.child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes(text)) return;
      clearTimeout(timer);
      resolve();
    });
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${proc.output()}`));
    });
  });
}

const status = (pid: number, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

const names = wanted.length > 0 ? wanted : Object.keys(VARIANTS);
for (const name of names) if (!VARIANTS[name]) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);
const network = JSON.parse(
  readFileSync(join(ROOT, 'bridge/virtual-radio/networks', `generated-${devices === 1000 ? 1000 : 200}.json`), 'utf8'),
) as NetworkDefinition;
network.devices = network.devices.slice(0, devices);
const [{ bundle: bridgeBundle }, { bundle: apiBundle }, { bundle: oneProcessBundle }] = await Promise.all([buildBridge(), buildApi(), buildOneProcess()]);
const dir = mkdtempSync(join(tmpdir(), 'herdgate-footprint-'));
const radio = await startBenchRadio(dir, network);
const results = new Map<string, Array<{ vmrss: number; anon: number; physical: number }>>();
try {
  log(`${devices} devices: pairing`);
  const pairing = await herdgateStack.start({
    radioPort: radio.port,
    dataDir: join(dir, 'bridge'),
    devices: network.devices.map((d) => d.ieee),
    pairing: true,
    timeoutMs: 40 * 60_000,
    log,
    env: { ...BENCH_API_ACCOUNT },
  });
  await pairing.stop();
  await quiet(radio, 3_000, 60_000);
  const launch: Launch = {
    bridgeBundle,
    apiBundle,
    oneProcessBundle,
    radioPort: radio.port,
    dataDir: join(dir, 'bridge'),
    databaseUrl: `file:${join(dir, 'herdgate.db')}`,
  };
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]!;
      const procs = await VARIANTS[name]!.start(launch);
      try {
        await quiet(radio, 3_000, 120_000);
        await new Promise((r) => setTimeout(r, restS * 1000));
        const pids = procs.map((p) => p.pid);
        const sample = {
          vmrss: pids.reduce((n, pid) => n + status(pid, 'VmRSS'), 0),
          anon: pids.reduce((n, pid) => n + status(pid, 'RssAnon'), 0),
          physical: uniqueResidentMiB(pids) ?? Number.NaN,
        };
        const each = pids.map((pid) => `${status(pid, 'VmRSS').toFixed(1)}/${status(pid, 'RssAnon').toFixed(1)}`).join(' + ');
        log(
          `round ${round + 1} ${name}: VmRSS ${sample.vmrss.toFixed(1)} (VmRSS/anon each: ${each}), anon ${sample.anon.toFixed(1)}, physical ${sample.physical.toFixed(1)} MiB`,
        );
        results.set(name, [...(results.get(name) ?? []), sample]);
      } finally {
        for (const proc of [...procs].reverse()) await proc.stop();
      }
    }
  }
} finally {
  await radio.stop();
  rmSync(dir, { recursive: true, force: true });
}
for (const name of names) {
  const samples = results.get(name) ?? [];
  const m = (key: 'vmrss' | 'anon' | 'physical') => median(samples.map((s) => s[key])).toFixed(1);
  process.stdout.write(
    `${name.padEnd(14)} VmRSS ${m('vmrss')}  anon ${m('anon')}  physical ${m('physical')} MiB (median of ${samples.length}; ${VARIANTS[name]!.describe})\n`,
  );
}
