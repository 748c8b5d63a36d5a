/**
 * Watches a big network pair: the virtual radio with a generated network (in this process) and the
 * bridge bundle as `npm start` launches it, its log at debug level (where herdsman's per-device
 * interview lines are) in `<outdir>/bridge.log`; prints
 * joined / interviewed / failed counts every 10 s and keeps the permit join open (as a user would
 * reopen it). `tsx bench/tools/pairing-watch.ts [devices=1000] [outdir] [minutes=20]`.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { buildBridge } from '@herdgate/bridge/build';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { startBenchRadio } from '../lib/bench-radio';
import { freePort } from '../lib/herdgate-stack';
import { bridgeEnv } from '../lib/stack-parts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const devices = Number(process.argv[2] ?? 1000);
const outDir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'herdgate-pairing-'));
const minutes = Number(process.argv[4] ?? 20);
mkdirSync(outDir, { recursive: true });
const network = JSON.parse(
  readFileSync(join(ROOT, 'bridge/virtual-radio/networks', `generated-${devices > 200 ? 1000 : 200}.json`), 'utf8'),
) as NetworkDefinition;
network.devices = network.devices.slice(0, devices);
const { bundle } = await buildBridge();
const dir = mkdtempSync(join(tmpdir(), 'herdgate-pairing-run-'));
const radio = await startBenchRadio(dir, network);
const mqttPort = await freePort();
const logFile = createWriteStream(join(outDir, 'bridge.log'));
const child = spawn(process.execPath, [bundle], {
  cwd: ROOT,
  env: { ...bridgeEnv(radio.port, mqttPort, join(dir, 'bridge')), LOG_LEVEL: 'debug' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.pipe(logFile);
child.stderr.pipe(logFile);
const started = Date.now();
await new Promise((r) => setTimeout(r, 5_000));
const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`);
const descriptions = new Map<string, { interview?: string }>();
let bridgeId = '';
client.on('message', (topic, payload) => {
  const state = /^herdgate\/bridge\/([^/]+)\/state$/.exec(topic);
  if (state) bridgeId = state[1]!;
  if (!/^herdgate\/devices\/[^/]+$/.test(topic) || payload.length === 0) return;
  try {
    const parsed = JSON.parse(String(payload)) as { interview?: string };
    if (parsed.interview) descriptions.set(topic, parsed);
  } catch {
    /* not a description */
  }
});
await client.subscribeAsync('herdgate/#');
try {
  while (Date.now() - started < minutes * 60_000) {
    await new Promise((r) => setTimeout(r, 10_000));
    const log = readFileSync(join(outDir, 'bridge.log'), 'utf8');
    const count = (re: RegExp) => (log.match(re) ?? []).length;
    const by: Record<string, number> = {};
    for (const d of descriptions.values()) by[d.interview!] = (by[d.interview!] ?? 0) + 1;
    process.stdout.write(
      `${((Date.now() - started) / 1000).toFixed(0)} s: joined at radio ${radio.radio.registry.size}; descriptions ${JSON.stringify(by)}; log: started ${count(/Interview for .* started/g)}, ok ${count(/Succesfully interviewed/g)}, failed ${count(/Interview failed/g)}\n`,
    );
    if ((by.successful ?? 0) >= devices) break;
    if ((Date.now() - started) % 200_000 < 10_000)
      client.publish(`herdgate/bridge/${bridgeId}/request/permit_join`, JSON.stringify({ transaction: `w${Date.now()}`, time: 254 }));
  }
} finally {
  client.end();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await radio.stop();
  rmSync(dir, { recursive: true, force: true });
}
