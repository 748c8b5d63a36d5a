/**
 * The three radio fronts (issue #28 item 4): herdgate's bridge and Zigbee2MQTT 2.14.1 on each
 * coordinator the virtual radio emulates (ConBee / deCONZ, CC2652 / Z-Stack, EFR32 / EmberZNet),
 * the same generated network, in one run with every stack's restarts interleaved: restart to every
 * device available, command → frame, report → MQTT, RSS. The steps are the bridge suite's
 * (bench/lib/interleaved.ts); a Zigbee2MQTT that fails on a front is a reported gap, herdgate
 * failing fails the suite.
 *
 * Knobs: BENCH_FRONTS=deconz,zstack,ember (which fronts), BENCH_FRONTS_SIZES=50 (networks),
 * BENCH_FRONTS_ROUNDS=3, BENCH_FRONTS_SAMPLES=60 (per restart); BENCH_QUICK=1 / --quick: 12
 * devices, 1 round, 10 samples.
 */
import { catalogueModels, generateNetwork, RADIO_PROTOCOLS, type RadioProtocol } from '@herdgate/virtual-radio';
import type { BenchContext, BenchSection } from '../lib/types';
import { onProtocol, type StackDriver } from '../lib/bridge-stack';
import { limitsFor } from '../lib/bridge-rounds';
import { renderBridgeReport, renderRatioSummary, type StackResult } from '../lib/bridge-report';
import { herdgateStack } from '../lib/herdgate-stack';
import { errorText, measureInterleaved } from '../lib/interleaved';
import { ensureZigbee2mqtt, z2mScratchDir } from '../lib/z2m/install';
import { zigbee2mqttStack } from '../lib/z2m/stack';

const LABELS: Record<RadioProtocol, string> = { deconz: 'ConBee', zstack: 'Z-Stack', ember: 'EmberZNet' };
const HARDWARE: Record<RadioProtocol, string> = {
  deconz: 'ConBee II (deCONZ serial protocol, herdsman `deconz` adapter)',
  zstack: 'CC2652 with Z-Stack 3.x (MT over UNPI, `zstack` adapter)',
  ember: 'EFR32 NCP with EmberZNet (EZSP 13+ over ASH, `ember` adapter)',
};

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const numbers = (value: string | undefined, fallback: number[]) => {
  const parsed = list(value)
    ?.map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return parsed && parsed.length > 0 ? parsed : fallback;
};

interface Plan {
  fronts: RadioProtocol[];
  sizes: number[];
  rounds: number;
  samples: number;
  quietMs: number;
}

function planOf(ctx: BenchContext): Plan {
  const wanted = list(process.env.BENCH_FRONTS);
  const unknown = wanted?.filter((front) => !(RADIO_PROTOCOLS as readonly string[]).includes(front)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_FRONTS: unknown front(s) ${unknown.join(', ')}; known: ${RADIO_PROTOCOLS.join(', ')}`);
  return {
    fronts: RADIO_PROTOCOLS.filter((front) => !wanted || wanted.includes(front)),
    sizes: numbers(process.env.BENCH_FRONTS_SIZES, ctx.quick ? [12] : [50]),
    rounds: numbers(process.env.BENCH_FRONTS_ROUNDS, [ctx.quick ? 1 : 3])[0]!,
    samples: numbers(process.env.BENCH_FRONTS_SAMPLES, [ctx.quick ? 10 : 60])[0]!,
    quietMs: ctx.quick ? 3_000 : 20_000,
  };
}

/** Per network: six pairings, then every stack's restarts with their samples and the quiet wait. */
export const timeoutMs = (ctx: BenchContext) => {
  const plan = planOf(ctx);
  const stacks = plan.fronts.length * 2;
  return plan.sizes.reduce(
    (sum, size) => sum + stacks * (limitsFor(size).pairingMs / 4 + plan.rounds * (30_000 + plan.samples * 400) + plan.quietMs),
    5 * 60_000,
  );
};

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const plan = planOf(ctx);
  const missing: string[] = [];
  const install = await ensureZigbee2mqtt(ctx.log);
  if (!install.ok) missing.push(`Zigbee2MQTT could not be installed into ${z2mScratchDir()}: ${errorText(install.error)}`);
  const pairs = plan.fronts.map((front) => ({
    front,
    herdgate: onProtocol(herdgateStack, front, LABELS[front]),
    z2m: install.ok ? onProtocol(zigbee2mqttStack(install), front, LABELS[front]) : undefined,
  }));
  const drivers = pairs.flatMap((pair) => (pair.z2m ? [pair.herdgate, pair.z2m] : [pair.herdgate]));
  const peers = new Set(pairs.map((pair) => pair.z2m));
  const results: StackResult[] = [];
  for (const size of plan.sizes) {
    ctx.log(`${size} devices on ${plan.fronts.join(', ')}: ${drivers.length} stacks, ${plan.rounds} round(s) of ${plan.samples} samples`);
    const measure = {
      rounds: plan.rounds,
      samples: plan.samples,
      quietMs: plan.quietMs,
      missing,
      log: ctx.log,
      optional: (driver: StackDriver) => peers.has(driver),
    };
    results.push(...(await measureInterleaved(generateNetwork(size, catalogueModels()), drivers, measure)));
  }
  const ratioPairs = pairs.map((pair) => ({
    label: LABELS[pair.front],
    subject: pair.herdgate.name,
    baseline: pair.z2m?.name ?? `Zigbee2MQTT on ${LABELS[pair.front]}`,
  }));
  const sections = ratioPairs.map(
    (pair) =>
      `#### ${pair.label}\n\n${renderBridgeReport({ subject: pair.subject, baseline: pair.baseline, sizes: plan.sizes, results, missing: missing.filter((why) => why.includes(pair.baseline) || !install.ok) })}`,
  );
  return {
    title: 'Radio fronts: herdgate vs Zigbee2MQTT on the ConBee, Z-Stack and EmberZNet emulators',
    method: method(plan, drivers),
    markdown: [renderRatioSummary({ subject: 'herdgate', baseline: 'Zigbee2MQTT', pairs: ratioPairs, sizes: plan.sizes, results }), ...sections].join('\n\n'),
  };
}

function method(plan: Plan, drivers: readonly StackDriver[]): string {
  const describes = [...new Set(drivers.map((d) => d.describe))];
  return [
    `Stacks: ${describes.join('; ')}, each on ${plan.fronts.map((front) => `the ${HARDWARE[front]}`).join(', ')}.`,
    'Each stack runs as its own Node process and gets its own fresh virtual radio in the benchmark process (`fast` timing, 1 ms per hop),',
    `built from the same generated network (\`networks/generate.ts\`, ${plan.sizes.join(', ')} devices, seed 1, every catalogue model) and speaking`,
    'the front named on `tcp://127.0.0.1:<port>` (Zigbee2MQTT: `serial.adapter` set to the front, herdgate: `ZIGBEE_ADAPTER`).',
    'Only the protocol front differs; devices, timing and network are the same code, and frame instants, device actions and MQTT',
    "arrivals share one clock (performance.now()). The steps are the bridge suite's: a first start that opens the network and waits",
    'until every device is joined and interviewed (informative, one run), the stack stopped once the host has sent no frame for 3 s;',
    `then ${plan.rounds} timed restart(s) per stack against its still running radio, interleaved between all ${drivers.length} stacks with a rotating start,`,
    'so noise hits every front and both stacks alike. Start = spawn → online with every device available (as in the bridge suite).',
    `After each restart, ${plan.samples} pairs of samples one at a time: an MQTT switch command → the next frame for that lamp at the radio, and the`,
    'contact sensor opening/closing → its state message. RSS = VmRSS 2 s after the start, after the samples, and in the last restart',
    `after ${plan.quietMs / 1000} s without traffic. Percentiles over all samples of all restarts; ratios are herdgate ÷ Zigbee2MQTT on the same front`,
    "(below 1 = herdgate ahead); compare ratios, not absolute figures across runs. herdgate's deCONZ fast path (a nudge to herdsman's",
    "deCONZ driver when a command is queued, where Zigbee2MQTT waits for the driver's 100 ms tick) applies to the ConBee front only;",
    'on Z-Stack and EmberZNet both stacks hand a request straight to the adapter. Zigbee2MQTT brings its own zigbee-herdsman',
    "(older than herdgate's 11.1.1), so on each front the two stacks also run different versions of the same adapter code.",
  ].join(' ');
}
