/**
 * Where the gateway's memory goes at rest: the virtual radio with a generated network (in this
 * process), the bridge and api bundles each in its own process, as `HERDGATE_PROCESSES=split npm start` launches them, plus
 * `--inspect=127.0.0.1:0`, paired and left quiet; then per process: /proc status (anonymous vs
 * file-backed resident memory), process.memoryUsage(), V8's heap spaces, the scripts it compiled
 * grouped by package, and a heap snapshot summarised by `heap-summary.ts`.
 * `tsx bench/tools/memory-at-rest.ts [devices=200] [outdir] [node options for both, e.g. "--max-semi-space-size=1"]`. Investigation tooling: the figures
 * it prints are for reading, the benchmark is `npm run bench collections`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from '@herdgate/api/build';
import { buildBridge } from '@herdgate/bridge/build';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { startBenchRadio } from '../lib/bench-radio';
import { acquireKey } from '../lib/acquire-key';
import { freePort } from '../lib/herdgate-stack';
import { BENCH_API_ACCOUNT, bridgeEnv, quiet } from '../lib/stack-parts';
import { formatSummary, summarise } from './heap-summary';
import { InspectorClient } from './inspector-client';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const devices = Number(process.argv[2] ?? 200);
const outDir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'herdgate-memory-'));
const nodeOptions = (process.argv[4] ?? '').split(' ').filter((option) => option !== '');
mkdirSync(outDir, { recursive: true });
const network = JSON.parse(
  readFileSync(join(ROOT, 'bridge/virtual-radio/networks', `generated-${devices === 1000 ? 1000 : 200}.json`), 'utf8'),
) as NetworkDefinition;
network.devices = network.devices.slice(0, devices);
const log = (line: string) => process.stderr.write(`[memory] ${line}\n`);

const [{ bundle: bridgeBundle }, { bundle: apiBundle }] = await Promise.all([buildBridge(), buildApi()]);
const dir = mkdtempSync(join(tmpdir(), 'herdgate-memory-run-'));
const radio = await startBenchRadio(dir, network);
const children: ChildProcess[] = [];
try {
  const mqttPort = await freePort();
  const bridge = await launch('bridge', bridgeBundle, bridgeEnv(radio.port, mqttPort, join(dir, 'bridge')));
  const httpPort = await freePort();
  const api = await launch('api', apiBundle, {
    ...process.env,
    ...BENCH_API_ACCOUNT,
    MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
    DATABASE_URL: `file:${join(dir, 'herdgate.db')}`,
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(httpPort),
    WEBSOCKET_PORT: '0',
    LOG_LEVEL: 'warn',
  });
  const base = `http://127.0.0.1:${httpPort}`;
  await until(async () => (await fetch(`${base}/api/config`).catch(() => undefined))?.ok === true, 60_000);
  const key = await acquireKey(base, 'memory#probe');
  log(`${devices} devices: pairing`);
  let last = '';
  let stableSince = Date.now();
  while (Date.now() - stableSince < 30_000) {
    const [sensors, lights] = await Promise.all(
      ['sensors', 'lights'].map(async (r) => Object.keys((await (await fetch(`${base}/api/${key}/${r}`)).json()) as object).length),
    );
    const now = `${sensors} sensors, ${lights} lights`;
    if (now !== last) {
      [last, stableSince] = [now, Date.now()];
      log(now);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  log(`paired: ${last}; waiting for the radio to go quiet, then 20 s at rest`);
  await quiet(radio, 3_000, 180_000);
  await new Promise((r) => setTimeout(r, 20_000));
  for (const [name, child] of [
    ['bridge', bridge],
    ['api', api],
  ] as const) {
    const status = readFileSync(`/proc/${child.process.pid}/status`, 'utf8');
    const rss = ['VmRSS', 'RssAnon', 'RssFile', 'RssShmem']
      .map((f) => new RegExp(`^${f}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
      .map((kb, i) => `${['VmRSS', 'RssAnon', 'RssFile', 'RssShmem'][i]} ${(Number(kb) / 1024).toFixed(1)}`);
    const inspector = await InspectorClient.connect(child.url);
    const usage = await inspector.evaluate<Record<string, number>>('process.memoryUsage()');
    const spaces =
      await inspector.evaluate<Array<{ space_name: string; space_used_size: number; space_size: number }>>('require("v8").getHeapSpaceStatistics()');
    const scripts = await inspector.scripts();
    const snapshot = join(outDir, `${name}.heapsnapshot`);
    await inspector.heapSnapshot(snapshot);
    inspector.close();
    const byPackage = new Map<string, [number, number]>();
    for (const script of scripts) {
      const pkg =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(script.url)?.[1] ??
        (script.url.startsWith('node:') || !script.url.includes('/') ? '(node internals)' : script.url.replace(/^file:\/\//, '').replace(ROOT, ''));
      const entry = byPackage.get(pkg) ?? [0, 0];
      [entry[0], entry[1]] = [entry[0] + script.length, entry[1] + 1];
      byPackage.set(pkg, entry);
    }
    const report = [
      `== ${name} (pid ${child.process.pid}) ==`,
      `/proc status MiB: ${rss.join(', ')}`,
      `memoryUsage MiB: ${Object.entries(usage)
        .map(([k, v]) => `${k} ${(v / 2 ** 20).toFixed(1)}`)
        .join(', ')}`,
      `heap spaces MiB (used/size): ${spaces.map((s) => `${s.space_name} ${(s.space_used_size / 2 ** 20).toFixed(1)}/${(s.space_size / 2 ** 20).toFixed(1)}`).join(', ')}`,
      `scripts compiled: ${scripts.length}, source ${(scripts.reduce((n, s) => n + s.length, 0) / 2 ** 20).toFixed(1)} MiB; by package (source KiB, files):`,
      ...[...byPackage]
        .sort((a, b) => b[1][0] - a[1][0])
        .slice(0, 40)
        .map(([pkg, [size, n]]) => `  ${(size / 1024).toFixed(0).padStart(7)}  ${String(n).padStart(5)}  ${pkg}`),
      formatSummary(summarise(JSON.parse(readFileSync(snapshot, 'utf8')))),
    ].join('\n');
    writeFileSync(join(outDir, `${name}.txt`), report);
    process.stdout.write(`${report}\n\n`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  await radio.stop();
  rmSync(dir, { recursive: true, force: true });
  log(`snapshots and reports in ${outDir}`);
}

async function launch(name: string, bundle: string, env: NodeJS.ProcessEnv): Promise<{ process: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', ...nodeOptions, bundle], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
      const match = /Debugger listening on (ws:\/\/\S+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${stderr}`)));
  });
  return { process: child, url };
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}
