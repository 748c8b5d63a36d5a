/**
 * Where the report → MQTT time goes (issue #28 item 4), herdgate next to Zigbee2MQTT on one radio
 * front: both paired on their own radio from the same generated network, then restarts with
 * bench/tools/report-path-probe.cjs preloaded, each followed by contact-sensor samples as the bridge
 * suite takes them. Every sample is cut at instants on one machine-wide clock: the radio writes the
 * report (this process) → the stack reads the frame that carries it (probe) → the stack writes the
 * state publish (probe) → herdgate's embedded broker forwards it (probe; none for Zigbee2MQTT, whose
 * broker runs here) → the measuring client has it. Prints per-segment percentiles, the slowest
 * samples with the GC pauses inside them, and each process's event-loop delay while sampling.
 * `tsx bench/tools/report-path.ts [front=deconz] [devices=12] [samples=150] [rounds=2]`
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import { catalogueModels, generateNetwork, type RadioProtocol } from '@herdgate/virtual-radio';
import { onProtocol } from '../lib/bridge-stack';
import { isOpen, limitsFor, pairStack, type PairedStack } from '../lib/bridge-rounds';
import { herdgateStack } from '../lib/herdgate-stack';
import { percentile } from '../lib/stats';
import { ensureZigbee2mqtt } from '../lib/z2m/install';
import { zigbee2mqttStack } from '../lib/z2m/stack';

const front = (process.argv[2] ?? 'deconz') as RadioProtocol;
const size = Number(process.argv[3] ?? 12);
const samples = Number(process.argv[4] ?? 150);
const rounds = Number(process.argv[5] ?? 2);
const PROBE = fileURLToPath(new URL('./report-path-probe.cjs', import.meta.url));
const epoch = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Probe {
  radioIn: number[];
  markedWrites: Array<{ at: number; to: number }>;
  gc: Array<{ at: number; ms: number }>;
  lag: { p50: number; p99: number; max: number };
}
interface Sample {
  acted: number;
  arrived: number;
}
const SEGMENTS = ['radio writes', 'stack reads it', 'stack publishes', 'its broker forwards', 'client has it', 'total'] as const;

// The radio's writes to the host, from this process (the radios' server sockets).
const radioPorts = new Set<number>();
const radioWrites: number[] = [];
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function probedWrite(this: net.Socket, ...args: Parameters<typeof write>) {
  if (radioPorts.has(this.localPort ?? -1)) radioWrites.push(epoch());
  return write.apply(this, args);
} as typeof write;
const benchGc: Array<{ at: number; ms: number }> = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) benchGc.push({ at: performance.timeOrigin + entry.startTime, ms: entry.duration });
}).observe({ entryTypes: ['gc'] });

const install = await ensureZigbee2mqtt(log);
if (!install.ok) throw new Error(install.error);
const network = generateNetwork(size, catalogueModels());
const contact = network.devices.find((d) => d.model === 'DS01')!.ieee;
const drivers = [onProtocol(herdgateStack, front, front), onProtocol(zigbee2mqttStack(install), front, front)];
const paired: PairedStack[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'herdgate-report-path-'));
log(
  `load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
try {
  for (const driver of drivers) paired.push(await pairStack(driver, network, log));
  for (const p of paired) radioPorts.add(p.radio.port);
  const cut = new Map(paired.map((p) => [p, SEGMENTS.map(() => [] as number[])]));
  for (let round = 0; round < rounds; round++) {
    for (const p of round % 2 === 0 ? paired : [...paired].reverse()) {
      const file = join(scratch, `${p.driver.name.replace(/\W+/g, '-')}-${round}.json`);
      const { samples: taken, probe, benchLag } = await sampleOnce(p, file, round);
      const segments = cut.get(p)!;
      for (const sample of taken) {
        const parts = segmentsOf(sample, probe);
        parts?.forEach((value, i) => {
          segments[i]!.push(value);
        });
      }
      log(
        `\n${p.driver.name}, round ${round + 1}: event-loop delay while sampling p50 ${probe.lag.p50.toFixed(1)} p99 ${probe.lag.p99.toFixed(1)} max ${probe.lag.max.toFixed(1)} ms (this process: max ${benchLag.toFixed(1)} ms); GC pauses ${probe.gc.length}, longest ${Math.max(0, ...probe.gc.map((g) => g.ms)).toFixed(1)} ms`,
      );
      slowest(taken, probe);
    }
  }
  log(
    `\nload average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  for (const [p, segments] of cut) {
    log(`\n${p.driver.name} (${segments[0]!.length} samples)  p50 / p90 / p99 / max ms`);
    SEGMENTS.forEach((name, i) => {
      const values = segments[i]!;
      log(`  ${name.padEnd(20)} ${[50, 90, 99, 100].map((q) => percentile(values, q).toFixed(1)).join(' / ')}`);
    });
  }
} finally {
  for (const p of paired) await p.dispose();
  rmSync(scratch, { recursive: true, force: true });
}
// As bench/run.ts does: a timer a stack or radio left running must not keep the tool alive.
process.exit(0);

async function sampleOnce(p: PairedStack, file: string, round: number): Promise<{ samples: Sample[]; probe: Probe; benchLag: number }> {
  const devices = network.devices.map((d) => d.ieee);
  const env = { PROBE_FILE: file, PROBE_MARK: contact, PROBE_RADIO_PORT: String(p.radio.port) };
  const stack = await p.driver.start({
    radioPort: p.radio.port,
    dataDir: p.dataDir,
    devices,
    pairing: false,
    timeoutMs: limitsFor(size).restartMs,
    log,
    nodeArgs: ['--require', PROBE, ...cpuProfile(p, round)],
    env,
  });
  const taken: Sample[] = [];
  let benchLag = 0;
  try {
    await sleep(2_000);
    process.kill(stack.process.pid, 'SIGUSR2');
    await sleep(200);
    radioWrites.length = 0;
    benchGc.length = 0;
    for (let i = 0; i < samples; i++) {
      const open = !isOpen(p.radio, contact);
      const arrived = stack.waitContact(contact, open, 5_000);
      const acted = epoch();
      p.radio.act(contact, open ? 'open' : 'close');
      taken.push({ acted, arrived: performance.timeOrigin + (await arrived) });
      const before = epoch();
      await sleep(20);
      benchLag = Math.max(benchLag, epoch() - before - 20);
    }
  } finally {
    await stack.stop();
  }
  return { samples: taken, probe: JSON.parse(readFileSync(file, 'utf8')) as Probe, benchLag };
}

/** REPORT_PATH_CPU_PROF=<dir>: each restart also writes a V8 CPU profile (0.2 ms sampling) there. */
function cpuProfile(p: PairedStack, round: number): string[] {
  const dir = process.env.REPORT_PATH_CPU_PROF;
  if (!dir) return [];
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${p.driver.name.replace(/\W+/g, '-')}-${round}.cpuprofile`, '--cpu-prof-interval=200'];
}

/** The sample's segments in SEGMENTS order, or undefined when an instant is missing. */
function segmentsOf(sample: Sample, probe: Probe): number[] | undefined {
  const inside = (at: number) => at >= sample.acted && at <= sample.arrived;
  const marked = probe.markedWrites.filter((w) => inside(w.at)).map((w) => w.at);
  const published = marked[0];
  if (published === undefined) return undefined;
  const read = probe.radioIn.filter((at) => inside(at) && at <= published).at(-1);
  const wrote = radioWrites.find(inside);
  if (read === undefined || wrote === undefined) return undefined;
  const forwarded = marked.at(-1)!;
  return [wrote - sample.acted, read - wrote, published - read, forwarded - published, sample.arrived - forwarded, sample.arrived - sample.acted];
}

function slowest(taken: Sample[], probe: Probe): void {
  const ranked = [...taken].sort((a, b) => b.arrived - b.acted - (a.arrived - a.acted)).slice(0, 4);
  for (const sample of ranked) {
    const parts = segmentsOf(sample, probe);
    const pauses = [...probe.gc.map((g) => ({ ...g, where: 'stack' })), ...benchGc.map((g) => ({ ...g, where: 'bench' }))]
      .filter((g) => g.at + g.ms >= sample.acted && g.at <= sample.arrived)
      .map((g) => `${g.where} GC ${g.ms.toFixed(1)} ms`);
    log(
      `  slow: ${(sample.arrived - sample.acted).toFixed(1)} ms = ${
        parts
          ? parts
              .map((v, i) => `${SEGMENTS[i]} ${v.toFixed(1)}`)
              .slice(0, -1)
              .join(', ')
          : 'instants missing'
      }${pauses.length ? `; ${pauses.join(', ')}` : ''}`,
    );
  }
}
