/**
 * Matter bridge benchmark (issue #29 item 6): a matter.js controller in the benchmark process
 * commissions the Matter process over loopback; Matter command → Zigbee frame and Zigbee report →
 * Matter subscription report, each beside the same path over herdgate's MQTT contract in the same
 * run; and the resident memory of the bridge alone (Matter off) and with the Matter process (on).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMatterController, type MatterController } from '../../test/helpers/matter-controller';
import { startBenchRadio } from '../lib/bench-radio';
import { herdgateStack } from '../lib/herdgate-stack';
import { fmtMs, table } from '../lib/markdown';
import { BENCH_API_ACCOUNT, quiet } from '../lib/stack-parts';
import { jsonLine, spawnStack, type StackProcess } from '../lib/stack-process';
import { percentile } from '../lib/stats';
import type { BenchContext, BenchSection } from '../lib/types';
import { measureMatter, type MatterSamples } from './matter/samples';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAMP = '0017880104a1c001';
const DOOR = '00124b0022a1000a';
const PASSCODE = 20202021;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Memory {
  bridgeOffMiB: number;
  bridgeOnMiB: number;
  matterReadyMiB: number;
  matterCommissionedMiB: number;
  matterAfterMiB: number;
}

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const samples = ctx.quick ? 5 : 100;
  const settleMs = ctx.quick ? 1_000 : 5_000;
  const scratch = mkdtempSync(join(tmpdir(), 'herdgate-bench-matter-'));
  const radio = await startBenchRadio(scratch, {
    devices: [
      { model: 'LCT015', ieee: LAMP },
      { model: 'DS01', ieee: DOOR },
    ],
  });
  let matter: StackProcess | undefined;
  let controller: MatterController | undefined;
  const stack = await herdgateStack
    .start({
      radioPort: radio.port,
      dataDir: join(scratch, 'bridge'),
      devices: [LAMP, DOOR],
      pairing: true,
      timeoutMs: 120_000,
      env: { ...BENCH_API_ACCOUNT },
      log: ctx.log,
    })
    .catch(async (error: unknown) => {
      await radio.stop();
      throw error;
    });
  try {
    await quiet(radio, 3_000, 60_000);
    await sleep(settleMs);
    const bridgeOffMiB = stack.process.rssMiB();

    const port = await freePort();
    matter = spawnStack(process.execPath, ['--import', 'tsx', 'matter/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...BENCH_API_ACCOUNT,
        MQTT_URL: stack.mqttUrl,
        DATA_DIR: join(scratch, 'matter'),
        MATTER_PORT: String(port),
        MATTER_LISTEN: 'loopback',
        MATTER_PASSCODE: String(PASSCODE),
        MATTER_DISCRIMINATOR: '3840',
        LOG_LEVEL: 'warn',
      },
    });
    const spawned = performance.now();
    await jsonLine(matter, 'matter-ready', 120_000);
    const readyMs = performance.now() - spawned;
    await sleep(settleMs);
    const matterReadyMiB = matter.rssMiB();

    controller = await startMatterController(join(scratch, 'controller'), await freePort());
    const commissionStart = performance.now();
    await controller.commission({ port, passcode: PASSCODE });
    const commissionMs = performance.now() - commissionStart;
    const numbers = new Map([...(await controller.bridged())].map(([number, info]) => [info.uniqueId, number]));
    const lampEndpoint = numbers.get(`${LAMP}-0b`);
    const doorEndpoint = numbers.get(`${DOOR}-01-0500`);
    if (lampEndpoint === undefined || doorEndpoint === undefined) throw new Error(`the lamp or the door is not bridged: ${[...numbers.keys()].join(', ')}`);
    await sleep(settleMs);
    const matterCommissionedMiB = matter.rssMiB();
    const { OnOff } = await import('@matter/main/clusters');

    ctx.log(`Matter ready in ${Math.round(readyMs)} ms, commissioned in ${Math.round(commissionMs)} ms; ${samples} samples per path`);
    const figures = await measureMatter(radio, stack, controller, { lamp: LAMP, door: DOOR, lampEndpoint, doorEndpoint, onOffCluster: OnOff.Cluster }, samples);
    const memory: Memory = { bridgeOffMiB, bridgeOnMiB: stack.process.rssMiB(), matterReadyMiB, matterCommissionedMiB, matterAfterMiB: matter.rssMiB() };
    return {
      title: 'Matter bridge: command and report latency beside MQTT, memory with Matter on and off',
      method: method(samples, settleMs),
      markdown: [
        latencyTable(figures),
        memoryTable(memory),
        `Matter process ready ${fmtMs(readyMs)} ms after spawn; commissioning ${fmtMs(commissionMs)} ms.`,
      ].join('\n\n'),
    };
  } finally {
    await controller?.close();
    await matter?.stop();
    await stack.stop();
    await radio.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function latencyTable(figures: MatterSamples): string {
  const row = (name: string, values: number[], baseline?: number[]) => [
    name,
    String(values.length),
    ...[50, 90, 99].map((p) => fmtMs(percentile(values, p))),
    fmtMs(Math.max(...values)),
    baseline ? (percentile(values, 50) / percentile(baseline, 50)).toFixed(2) : '1 (baseline)',
  ];
  return table(
    ['Path', 'samples', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'p50 ÷ MQTT p50'],
    [
      row('MQTT `…/set` → Zigbee frame (baseline)', figures.mqttCommandMs),
      row('Matter OnOff command → Zigbee frame', figures.matterCommandMs, figures.mqttCommandMs),
      row('Matter OnOff command → answer at the controller', figures.matterAnsweredMs, figures.mqttCommandMs),
      row('Zigbee report → MQTT state (baseline)', figures.mqttReportMs),
      row('Zigbee report → Matter subscription report', figures.matterReportMs, figures.mqttReportMs),
    ],
  );
}

function memoryTable(memory: Memory): string {
  const mib = (value: number) => value.toFixed(1);
  return table(
    ['Process', 'Matter off (MiB)', 'Matter on (MiB)'],
    [
      ['bridge (VmRSS)', mib(memory.bridgeOffMiB), mib(memory.bridgeOnMiB)],
      [
        'Matter process (VmRSS: ready / commissioned / after the samples)',
        'not running',
        `${mib(memory.matterReadyMiB)} / ${mib(memory.matterCommissionedMiB)} / ${mib(memory.matterAfterMiB)}`,
      ],
      ['total', mib(memory.bridgeOffMiB), mib(memory.bridgeOnMiB + memory.matterAfterMiB)],
    ],
  );
}

function method(samples: number, settleMs: number): string {
  return [
    "The virtual radio (`fast` timing) runs in the benchmark process with a colour lamp (LCT015) and a door contact (DS01); herdgate's bridge",
    'runs as its esbuild bundle in its own process on it, with its embedded broker; the Matter process runs as `MATTER=1 npm start` runs it',
    "(`node --import tsx matter/src/main.ts`, its own process) on that broker with the api's account, listening on loopback only",
    '(`MATTER_LISTEN=loopback`). A matter.js controller in the benchmark process commissions it by known address and subscribes.',
    `Then ${samples} rounds, the order of the two paths alternating per round: the lamp is switched (its value always flips) by a Matter OnOff`,
    'command and by an MQTT `devices/<ieee>/11/set` from a client with no-delay set, each timed from the call or publish to the instant',
    "the radio receives the next frame for the lamp (the Matter row's answer time runs to the controller having the bridge's answer, which",
    'comes once the device acknowledged); each switch waits for both the MQTT state and the Matter report before the next. After each switch',
    "the door is opened or closed at the radio and the same report is timed to the MQTT state message and to the controller's subscription",
    "report (herdgate → MQTT → the Matter process → Matter). Ratios are each Matter row's p50 over the MQTT baseline's p50 in the same run.",
    `Memory: VmRSS of the bridge once paired and quiet (+${settleMs / 1000} s) before the Matter process starts (off) and after the samples`,
    `(on); VmRSS of the Matter process ${settleMs / 1000} s after its ready line, ${settleMs / 1000} s after commissioning, and after the samples.`,
    'The api is not part of either figure (it does not change with Matter on or off). The controller shares the benchmark process and its load.',
  ].join(' ');
}
