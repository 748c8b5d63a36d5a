/**
 * Times the bridge's restarts on a big network and counts what it sends before it is up: the
 * virtual radio with a generated network (in this process), the bridge bundle paired once, then
 * `rounds` restarts on the same radio and data, each timed spawn → `ready` line → every device
 * described available, with the unicast frames the host sent by each instant.
 * `tsx bench/tools/restart-watch.ts [devices=200] [rounds=3] [profile dir]`: with a profile dir
 * every restart runs under the V8 CPU profiler (bench/tools/cpu-profile-preload.cjs); RESTART_LOG
 * keeps the bridge's log.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBridge } from '@herdgate/bridge/build';
import { DEFAULT_BASE_TOPIC, parseTopic } from '@herdgate/shared/mqtt';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { pairStack } from '../lib/bridge-rounds';
import { freePort, herdgateStack } from '../lib/herdgate-stack';
import { connectWatch } from '../lib/mqtt-watch';
import { bridgeEnv } from '../lib/stack-parts';
import { spawnStack } from '../lib/stack-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const devices = Number(process.argv[2] ?? 200);
const rounds = Number(process.argv[3] ?? 3);
const profileDir = process.argv[4] || undefined;
/** RESTART_LOG=<file>: each restart's bridge log (level RESTART_LOG_LEVEL, default info) in <file>.<round>. */
const logFile = process.env.RESTART_LOG;
const logLevel = process.env.RESTART_LOG_LEVEL ?? (logFile ? 'info' : 'warn');
const network = JSON.parse(
  readFileSync(join(ROOT, 'bridge/virtual-radio/networks', `generated-${devices > 200 ? 1000 : 200}.json`), 'utf8'),
) as NetworkDefinition;
network.devices = network.devices.slice(0, devices);
const log = (line: string) => process.stdout.write(`${line}\n`);
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const { bundle } = await buildBridge();
const paired = await pairStack(herdgateStack, network, log);
log(`paired ${devices} devices in ${s(paired.pairingMs)}`);
try {
  for (let round = 1; round <= rounds; round++) {
    const { counters } = paired.radio.radio;
    counters.reset();
    const mqttPort = await freePort();
    const profile = profileDir ? { NODE_OPTIONS: `--require ${join(ROOT, 'bench/tools/cpu-profile-preload.cjs')}`, PROF_DIR: profileDir } : {};
    const env = {
      ...bridgeEnv(paired.radio.port, mqttPort, paired.dataDir),
      PERMIT_JOIN_ON_START: '0',
      MQTT_BASE_TOPIC: DEFAULT_BASE_TOPIC,
      LOG_LEVEL: logLevel,
      ...profile,
    };
    const proc = spawnStack(process.execPath, [bundle], { cwd: ROOT, env });
    if (logFile) proc.child.stdout!.pipe(createWriteStream(`${logFile}.${round}`));
    let ready: { at: number; frames: number } | undefined;
    proc.child.stdout!.on('data', (chunk: Buffer) => {
      if (!ready && chunk.toString().includes('"event":"ready"')) ready = { at: performance.now(), frames: sum(counters.snapshot().nwk) };
    });
    const available = new Set<string>();
    const watch = await connectWatch(`mqtt://127.0.0.1:${mqttPort}`, [`${DEFAULT_BASE_TOPIC}/devices/+`], { retryForMs: 60_000 });
    watch.on((m) => {
      const parsed = parseTopic(DEFAULT_BASE_TOPIC, m.topic);
      if (parsed?.kind !== 'device' || m.text === '') return;
      const body = JSON.parse(m.text) as { interview?: string; availability?: string };
      if (body.interview === 'successful' && body.availability === 'online') available.add(parsed.ieee);
      else available.delete(parsed.ieee);
    });
    const allAt = await watch.until(
      () => ready !== undefined && available.size >= devices,
      180_000,
      () => `${available.size}/${devices} available, ready ${ready !== undefined}`,
    );
    const framesAll = sum(counters.snapshot().nwk);
    await new Promise((r) => setTimeout(r, 5_000));
    log(
      `round ${round}: ready ${s(ready!.at - proc.spawnedAt)} (${ready!.frames} unicast frames, ${(ready!.frames / devices).toFixed(2)}/device), all available ${s(allAt - proc.spawnedAt)} (${framesAll} frames), 5 s later ${sum(counters.snapshot().nwk)} frames, broadcasts ${sum(counters.snapshot().broadcast)}`,
    );
    await watch.close();
    await proc.stop();
  }
} finally {
  await paired.dispose();
}
