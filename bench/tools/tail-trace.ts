/**
 * Where a report → MQTT outlier spends its time on one radio front, herdgate next to Zigbee2MQTT:
 * the bridge suite's restart and samples (command, then contact report, 20 ms apart), with every
 * host frame the emulated coordinator receives recorded on the suite's clock, so each slow report
 * can be read against what the host was doing then (which command, which sample index).
 * `tsx bench/tools/tail-trace.ts [front=ember] [devices=50] [samples=100] [rounds=3]`; with
 * TAIL_TRACE_WITHOUT=GC_AFTER_START=0 a second herdgate runs with that environment beside the first;
 * NODE_ARGS=<flags> adds node flags to it, BUNDLE=<path> runs another build of the bridge (an older commit).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueModels, generateNetwork, type RadioProtocol } from '@herdgate/virtual-radio';
import { onProtocol, type StackDriver } from '../lib/bridge-stack';
import { isOpen, limitsFor, pairStack, type PairedStack } from '../lib/bridge-rounds';
import { herdgateStack } from '../lib/herdgate-stack';
import { percentile } from '../lib/stats';
import { ensureZigbee2mqtt } from '../lib/z2m/install';
import { zigbee2mqttStack } from '../lib/z2m/stack';

const front = (process.argv[2] ?? 'ember') as RadioProtocol;
const size = Number(process.argv[3] ?? 50);
const samples = Number(process.argv[4] ?? 100);
const rounds = Number(process.argv[5] ?? 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Sample {
  round: number;
  index: number;
  acted: number;
  arrived: number;
  command: number;
  gc: string[];
}
/** The stack's GC pauses (bench/tools/report-path-probe.cjs), on the machine-wide clock. */
interface Gc {
  at: number;
  ms: number;
  kind?: number;
}
const PROBE = fileURLToPath(new URL('./report-path-probe.cjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'herdgate-tail-trace-'));
/** performance.now() of this process on the machine-wide clock the probe writes. */
const epoch = (at: number) => performance.timeOrigin + at;
type Tap = Array<{ at: number; what: string }>;

/** Records what the host sends the front (the front's `host.handle`). */
function tapFront(p: PairedStack, tap: Tap): void {
  const front = p.radio.radio.front as unknown as { host: { handle(...args: unknown[]): unknown } };
  const handle = front.host.handle.bind(front.host);
  front.host.handle = (...args: unknown[]) => {
    const [bytes] = args;
    // EZSP: the extended frame id; other fronts: the first bytes as they came (the ConBee front is
    // handed decoded frames, of which only the arrival is recorded).
    const what =
      bytes instanceof Uint8Array
        ? p.driver.protocol === 'ember' && bytes.length >= 5 && (bytes[2]! & 3) === 1
          ? `0x${(bytes[3]! | (bytes[4]! << 8)).toString(16)}`
          : Buffer.from(bytes.subarray(0, 4)).toString('hex')
        : 'frame';
    tap.push({ at: performance.now(), what });
    return handle(...args);
  };
}

const install = await ensureZigbee2mqtt(log);
if (!install.ok) throw new Error(install.error);
const network = generateNetwork(size, catalogueModels());
const lamp = network.devices.find((d) => d.model === 'LCT015')!.ieee;
const contact = network.devices.find((d) => d.model === 'DS01')!.ieee;
const herdgate = onProtocol(herdgateStack, front, front);
// TAIL_TRACE_WITHOUT=<ENV=value,…>: also herdgate with those settings, to compare a change's two sides in one run.
const without = process.env.TAIL_TRACE_WITHOUT?.split(',')
  .filter(Boolean)
  .map((pair) => pair.split('=') as [string, string]);
const variant: StackDriver | undefined = without && {
  ...herdgate,
  name: `${herdgate.name} with ${process.env.TAIL_TRACE_WITHOUT}`,
  start: (options) =>
    herdgate.start({
      ...options,
      env: { ...options.env, ...Object.fromEntries(without.filter(([k]) => k !== 'NODE_ARGS' && k !== 'BUNDLE')) },
      nodeArgs: [...(options.nodeArgs ?? []), ...(without.find(([k]) => k === 'NODE_ARGS')?.[1].split(' ') ?? [])],
      ...(without.some(([k]) => k === 'BUNDLE') ? { entryArgs: [without.find(([k]) => k === 'BUNDLE')![1]] } : {}),
    }),
};
const drivers = [herdgate, ...(variant ? [variant] : []), onProtocol(zigbee2mqttStack(install), front, front)];
const paired: PairedStack[] = [];
log(
  `load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
try {
  for (const driver of drivers) paired.push(await pairStack(driver, network, log));
  const taken = new Map(paired.map((p) => [p, [] as Sample[]]));
  const taps = new Map(paired.map((p) => [p, [] as Tap]));
  for (const p of paired) tapFront(p, taps.get(p)!);
  for (let round = 0; round < rounds; round++) {
    for (const p of rotate(paired, round)) taken.get(p)!.push(...(await sampleOnce(p, round)));
  }
  log(
    `\nload average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  for (const [p, list] of taken) {
    const totals = list.map((s) => s.arrived - s.acted);
    log(
      `\n${p.driver.name}: ${list.length} reports p50 ${percentile(totals, 50).toFixed(1)} p90 ${percentile(totals, 90).toFixed(1)} p99 ${percentile(totals, 99).toFixed(1)} max ${Math.max(...totals).toFixed(1)} ms; commands p50 ${percentile(
        list.map((s) => s.command),
        50,
      ).toFixed(1)} p99 ${percentile(
        list.map((s) => s.command),
        99,
      ).toFixed(1)}`,
    );
    const tap = taps.get(p)!;
    for (const s of [...list].sort((a, b) => b.arrived - b.acted - (a.arrived - a.acted)).slice(0, 8)) {
      const near = tap.filter((f) => f.at >= s.acted - 30 && f.at <= s.arrived).map((f) => `${(f.at - s.acted).toFixed(1)}:${f.what}`);
      log(
        `  round ${s.round} sample ${s.index}: ${(s.arrived - s.acted).toFixed(1)} ms; host frames (ms from the act) ${near.join(' ')}${s.gc.length ? `; GC ${s.gc.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  for (const p of paired) await p.dispose();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);

function rotate<T>(items: readonly T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

async function sampleOnce(p: PairedStack, round: number): Promise<Sample[]> {
  const devices = network.devices.map((d) => d.ieee);
  const file = join(scratch, `${p.driver.name.replace(/\W+/g, '-')}-${round}.json`);
  const env = { PROBE_FILE: file, PROBE_MARK: contact, PROBE_RADIO_PORT: String(p.radio.port) };
  const spawned = performance.now();
  const stack = await p.driver.start({
    radioPort: p.radio.port,
    dataDir: p.dataDir,
    devices,
    pairing: false,
    timeoutMs: limitsFor(size).restartMs,
    log,
    nodeArgs: ['--require', PROBE],
    env,
  });
  const list: Sample[] = [];
  let sampling = 0;
  try {
    await sleep(2_000);
    sampling = performance.now();
    for (let index = 0; index < samples; index++) {
      const on = !p.radio.attribute(lamp, 'genOnOff', 'onOff');
      const frame = p.radio.nextFrameTo(lamp, 5_000);
      const state = stack.waitOn(lamp, on, 5_000);
      const sent = performance.now();
      await stack.publishOn(lamp, on);
      const command = (await frame) - sent;
      await state;
      await sleep(20);
      const open = !isOpen(p.radio, contact);
      const arrived = stack.waitContact(contact, open, 5_000);
      const acted = performance.now();
      p.radio.act(contact, open ? 'open' : 'close');
      list.push({ round, index, acted, arrived: await arrived, command, gc: [] });
      await sleep(20);
    }
  } finally {
    await stack.stop();
  }
  const gcs = (JSON.parse(readFileSync(file, 'utf8')) as { gc: Gc[] }).gc;
  const ended = performance.now();
  const long = gcs.filter((g) => g.ms >= 3 && g.at >= epoch(sampling) && g.at <= epoch(ended));
  log(
    `${p.driver.name} round ${round}: start ${(stack.startMs / 1000).toFixed(1)} s, sampling ${((sampling - spawned) / 1000).toFixed(1)}-${((ended - spawned) / 1000).toFixed(1)} s after spawn; GC pauses >= 3 ms then: ${long.map((g) => `${((g.at - epoch(spawned)) / 1000).toFixed(2)} s ${g.ms.toFixed(1)} ms kind ${g.kind}`).join(', ') || 'none'}`,
  );
  for (const s of list) s.gc = gcs.filter((g) => g.at + g.ms >= epoch(s.acted) && g.at <= epoch(s.arrived)).map((g) => `${g.ms.toFixed(1)} ms kind ${g.kind}`);
  return list;
}
