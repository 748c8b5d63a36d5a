/**
 * The Zigbee2MQTT-compatible API (issue #25 item 5): herdgate's bridge driven through
 * `zigbee2mqtt/<name>/set` and watched on `zigbee2mqtt/<name>`, against Zigbee2MQTT 2.14.1 on the
 * same generated network on the ConBee emulator, with herdgate's own contract alongside. Same
 * method as the bridge and fronts suites (bench/lib/interleaved.ts): restarts interleaved, then
 * command → frame and report → state message samples per restart.
 *
 * Knobs: BENCH_Z2M_API_SIZE=50, BENCH_Z2M_API_ROUNDS=3, BENCH_Z2M_API_SAMPLES=60; BENCH_QUICK=1 /
 * --quick: 12 devices, 1 round, 10 samples.
 */
import { catalogueModels, generateNetwork } from '@herdgate/virtual-radio';
import type { BenchContext, BenchSection } from '../lib/types';
import { positiveKnob } from '../lib/knobs';
import type { StackDriver } from '../lib/bridge-stack';
import { limitsFor } from '../lib/bridge-rounds';
import { renderBridgeReport, renderRatioSummary, type StackResult } from '../lib/bridge-report';
import { herdgateStack, herdgateZ2mApiStack } from '../lib/herdgate-stack';
import { errorText, measureInterleaved } from '../lib/interleaved';
import { ensureZigbee2mqtt, z2mScratchDir } from '../lib/z2m/install';
import { zigbee2mqttStack } from '../lib/z2m/stack';

const planOf = (ctx: BenchContext) => ({
  size: positiveKnob(process.env.BENCH_Z2M_API_SIZE, ctx.quick ? 12 : 50),
  rounds: positiveKnob(process.env.BENCH_Z2M_API_ROUNDS, ctx.quick ? 1 : 3),
  samples: positiveKnob(process.env.BENCH_Z2M_API_SAMPLES, ctx.quick ? 10 : 60),
  quietMs: ctx.quick ? 3_000 : 20_000,
});

export const timeoutMs = (ctx: BenchContext) => {
  const plan = planOf(ctx);
  return 5 * 60_000 + 3 * (limitsFor(plan.size).pairingMs / 4 + plan.rounds * (30_000 + plan.samples * 400) + plan.quietMs);
};

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const plan = planOf(ctx);
  const missing: string[] = [];
  const install = await ensureZigbee2mqtt(ctx.log);
  if (!install.ok) missing.push(`Zigbee2MQTT could not be installed into ${z2mScratchDir()}: ${errorText(install.error)}`);
  const z2m = install.ok ? zigbee2mqttStack(install) : undefined;
  const drivers: StackDriver[] = [herdgateZ2mApiStack, herdgateStack, ...(z2m ? [z2m] : [])];
  ctx.log(`${plan.size} devices: ${drivers.length} stacks, ${plan.rounds} round(s) of ${plan.samples} samples`);
  const results: StackResult[] = await measureInterleaved(generateNetwork(plan.size, catalogueModels()), drivers, {
    rounds: plan.rounds,
    samples: plan.samples,
    quietMs: plan.quietMs,
    missing,
    log: ctx.log,
    optional: (driver) => driver === z2m,
  });
  const pairs = [
    { label: 'Zigbee2MQTT API vs Zigbee2MQTT', subject: herdgateZ2mApiStack.name, baseline: z2m?.name ?? 'Zigbee2MQTT' },
    { label: "Zigbee2MQTT API vs herdgate's contract", subject: herdgateZ2mApiStack.name, baseline: herdgateStack.name },
  ];
  return {
    title: "Zigbee2MQTT-compatible API: herdgate's vs Zigbee2MQTT's on the same virtual radio",
    method: [
      `Stacks: ${drivers.map((d) => d.describe).join('; ')}; each its own process on its own fresh ConBee emulator built from the same`,
      `generated network (${plan.size} devices, seed 1, every catalogue model). The bridge suite's steps (bench/lib/interleaved.ts): a first`,
      `start that pairs every device, then ${plan.rounds} timed restart(s) per stack, interleaved with a rotating start; after each,`,
      `${plan.samples} pairs of samples: \`<name>/set {"state":"ON"|"OFF"}\` → the next frame for that lamp at the radio, and the contact`,
      "sensor's report → its `zigbee2mqtt/<name>` state message (`contact`). herdgate's contract row uses `devices/<ieee>/<ep>/set {on}`",
      'and its endpoint state topic. Ratios are the compatible API ÷ the baseline (below 1 = ahead).',
      ...(missing.length > 0 ? [`Missing: ${missing.join('; ')}.`] : []),
    ].join(' '),
    markdown: [
      renderRatioSummary({ subject: 'herdgate', baseline: 'Zigbee2MQTT', pairs, sizes: [plan.size], results }),
      renderBridgeReport({ subject: herdgateZ2mApiStack.name, baseline: pairs[0]!.baseline, sizes: [plan.size], results, missing }),
    ].join('\n\n'),
  };
}
