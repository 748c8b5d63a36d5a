/**
 * Issue #12 item 5, targeted: `GET /sensors/<id>` on a big network, per sensor, against the
 * same-size pre-encoded body, without the collections suite's memory phases. The virtual radio with
 * a generated network (in this process), the bridge bundle pairing it (two processes, as the suite's
 * reads run), then the collections api child (optionally under `--cpu-prof`). Each sensor's changes
 * are counted over a window (its ETag moving), and the suite's pick (the first ZHA sensor), a quiet
 * sensor and the most changing one are measured side by side with their same-size floors.
 * `tsx bench/tools/sensor-read.ts [devices=1000] [profileDir]` (with a directory, the api child is
 * sampled through bench/tools/cpu-profile-preload.cjs and its .cpuprofile lands there).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry } from '@herdgate/shared/build';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { acquireKey } from '../lib/acquire-key';
import { startBenchRadio } from '../lib/bench-radio';
import { herdgateStack } from '../lib/herdgate-stack';
import { measureRounds, pairedRatio, type Target } from '../lib/rounds';
import { BENCH_API_ACCOUNT, quiet, startChildWith } from '../lib/stack-parts';
import { nodeChildEnv } from '../../scripts/lib/node-child-env';
import { pickSensors } from '../suites/collections/sensor-picks';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const count = Number(process.argv[2] ?? 1000);
const profileDir = process.argv[3];
const WINDOW_MS = 20_000;
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

const network = JSON.parse(
  readFileSync(join(ROOT, 'bridge/virtual-radio/networks', `generated-${count > 200 ? 1000 : 200}.json`), 'utf8'),
) as NetworkDefinition;
network.devices = network.devices.slice(0, count);
const entry = join(ROOT, 'api', 'dist', 'bench', 'sensor-read-api.mjs');
await bundleEntry(fileURLToPath(new URL('../suites/collections/api-child.ts', import.meta.url)), entry);
const dir = mkdtempSync(join(tmpdir(), 'herdgate-sensor-read-'));
const radio = await startBenchRadio(dir, network);
const devices = network.devices.map((d) => d.ieee);
let api: Awaited<ReturnType<typeof startChildWith<{ httpPort: number; pid: number; devices: number }>>> | undefined;
const stack = await herdgateStack.start({
  radioPort: radio.port,
  dataDir: join(dir, 'bridge'),
  devices,
  pairing: true,
  timeoutMs: 40 * 60_000,
  log,
  env: { ...nodeChildEnv(process.env), ...BENCH_API_ACCOUNT },
});
try {
  log(`${count} devices interviewed after ${(stack.startMs / 1000).toFixed(0)} s`);
  await quiet(radio, 3_000, 120_000);
  const extra: Record<string, string> = {
    BENCH_MQTT_URL: stack.mqttUrl!,
    BENCH_DATABASE_URL: `file:${join(dir, 'api.db')}`,
    BENCH_EXPECT_DEVICES: String(count),
    ...BENCH_API_ACCOUNT,
  };
  if (profileDir)
    Object.assign(extra, { NODE_OPTIONS: `--require ${fileURLToPath(new URL('./cpu-profile-preload.cjs', import.meta.url))}`, PROF_DIR: profileDir });
  api = await startChildWith(entry, extra, 180_000);
  const base = `http://127.0.0.1:${api.info.httpPort}`;
  const key = await acquireKey(base, 'bench#sensor-read');
  const read = async () => (await (await fetch(`${base}/api/${key}/sensors`)).json()) as Record<string, { type: string; etag: string }>;
  const { picks, first, changes } = await pickSensors(read, WINDOW_MS);
  const ids = Object.keys(first);
  const byType = new Map<string, number[]>();
  for (const id of ids) byType.set(first[id]!.type, [...(byType.get(first[id]!.type) ?? []), changes.get(id)!]);
  log(
    `changed seconds out of ${WINDOW_MS / 1000}, per type (sensors: mean): ${[...byType].map(([type, n]) => `${type} ${n.length}: ${(n.reduce((a, b) => a + b, 0) / n.length).toFixed(1)}`).join(', ')}`,
  );
  const suitePick = ids.find((id) => first[id]!.type.startsWith('ZHA'))!;
  // The 2026-11-26 06:21 suite run read a thermostat (31% of its floor): read one here too.
  const thermostat = ids.find((id) => first[id]!.type === 'ZHAThermostat');
  const chosen: Array<[string, string]> = [['first ZHA sensor (the old pick)', suitePick], ...picks.map((p): [string, string] => [p.label, p.id])];
  if (thermostat) chosen.push(['first thermostat', thermostat]);
  const targets: Target[] = [];
  for (const [label, id] of chosen) {
    const size = (await (await fetch(`${base}/api/${key}/sensors/${id}`)).arrayBuffer()).byteLength;
    log(`${label}: /sensors/${id} ${first[id]!.type}, ${size} bytes, changed in ${changes.get(id)} of ${WINDOW_MS / 1000} s`);
    targets.push(
      { name: `${label} ${first[id]!.type} #${id}`, path: `/api/${key}/sensors/${id}` },
      { name: `same size (${size} B)`, path: `/bench/bytes/${size}` },
    );
  }
  const listSize = (await (await fetch(`${base}/api/${key}/sensors`)).arrayBuffer()).byteLength;
  const list: Target[] = [
    { name: `GET /sensors (${listSize} B)`, path: `/api/${key}/sensors` },
    { name: `same size (${listSize} B)`, path: `/bench/bytes/${listSize}` },
  ];
  // Twice: as the suite orders them (the collection and its big floor just before the single
  // sensors), then the single sensors alone; every ratio pairs a route with its own floor.
  for (const [label, set] of [
    ['with GET /sensors before', [...list, ...targets]],
    ['single sensors alone', targets],
  ] as const) {
    log(
      `${label}: load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}; measuring`,
    );
    const results = await measureRounds({
      host: '127.0.0.1',
      port: api.info.httpPort,
      targets: set,
      rounds: 6,
      durationMs: 1_000,
      warmupMs: 1_000,
      connections: 16,
      log: () => {},
    });
    for (let i = 0; i < results.length; i += 2) {
      const [route, floor] = [results[i]!, results[i + 1]!];
      const ratio = pairedRatio(route, floor);
      log(
        `  ${route.target.name}: ${route.rps.median.toFixed(0)} req/s (p50 ${route.p50Ms.toFixed(2)} p99 ${route.p99Ms.toFixed(2)}), floor ${floor.rps.median.toFixed(0)}, ratio ${(ratio.median * 100).toFixed(0)}% (${(ratio.min * 100).toFixed(0)}–${(ratio.max * 100).toFixed(0)}%)`,
      );
    }
  }
  log(
    `load average after ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await api?.stop(10_000);
  await stack.stop();
  await radio.stop();
  rmSync(dir, { recursive: true, force: true });
}
