/**
 * Bridge benchmark (issue #4 item 10): herdgate's bridge and Zigbee2MQTT, each on its own fresh
 * virtual radio built from the same generated network, in one run: MQTT command → frame at the
 * radio, radio report → MQTT state, start time (also per device) and RSS with 50 and 200 devices;
 * then the same for herdgate alone on 1,000 devices (issue #34: a restart's cost that grows with the
 * network must show). Zigbee2MQTT is installed into a scratch folder outside the repo; if it cannot
 * run, herdgate is still measured and the section says why the comparison is missing.
 */
import { catalogueModels, generateNetwork } from '@herdgate/virtual-radio';
import type { BenchContext, BenchSection } from '../lib/types';
import type { StackDriver } from '../lib/bridge-stack';
import { limitsFor } from '../lib/bridge-rounds';
import { renderBridgeReport, type StackResult } from '../lib/bridge-report';
import { herdgateStack } from '../lib/herdgate-stack';
import { errorText, measureInterleaved } from '../lib/interleaved';
import { ensureZigbee2mqtt, z2mScratchDir } from '../lib/z2m/install';
import { zigbee2mqttStack } from '../lib/z2m/stack';

/** Networks compared with Zigbee2MQTT, and networks measured for herdgate alone (`0` or empty: none). */
function sizesFrom(value: string | undefined, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
const comparedSizes = (ctx: BenchContext) => sizesFrom(process.env.BENCH_BRIDGE_SIZES, ctx.quick ? [12, 24] : [50, 200]);
/** BENCH_BRIDGE_LARGE=0 skips the 1,000-device part (its pairing alone takes ten minutes on a loaded machine). */
const aloneSizes = (ctx: BenchContext) => sizesFrom(process.env.BENCH_BRIDGE_LARGE, ctx.quick ? [40] : [1000]);
const roundsOf = (ctx: BenchContext) => (ctx.quick ? 1 : 3);

/** The compared part fits the default limit; each large network adds its pairing and restarts. */
export const timeoutMs = (ctx: BenchContext) =>
  20 * 60_000 + aloneSizes(ctx).reduce((sum, size) => sum + limitsFor(size).pairingMs + roundsOf(ctx) * limitsFor(size).restartMs, 0);

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const compared = comparedSizes(ctx);
  const alone = aloneSizes(ctx).filter((size) => !compared.includes(size));
  const rounds = roundsOf(ctx);
  const samples = ctx.quick ? 10 : 60;
  const quietMs = ctx.quick ? 3_000 : 20_000;
  const install = compared.length > 0 ? await ensureZigbee2mqtt(ctx.log) : undefined;
  const missing: string[] = [];
  const drivers: StackDriver[] = [herdgateStack];
  if (install?.ok) drivers.push(zigbee2mqttStack(install));
  else if (install) missing.push(`Zigbee2MQTT could not be installed into ${z2mScratchDir()}: ${errorText(install.error)}`);

  const models = catalogueModels();
  const results: StackResult[] = [];
  // herdgate failing is the suite failing; Zigbee2MQTT failing is a reported gap in the comparison.
  const measure = { rounds, samples, quietMs, missing, log: ctx.log, optional: (driver: StackDriver) => driver !== herdgateStack };
  for (const size of compared) results.push(...(await measureInterleaved(generateNetwork(size, models), drivers, measure)));
  for (const size of alone) results.push(...(await measureInterleaved(generateNetwork(size, models), [herdgateStack], measure)));
  const sizes = [...compared, ...alone];
  return {
    title: 'Bridge: herdgate vs Zigbee2MQTT on the same virtual radio',
    method: method(drivers, compared, alone, rounds, samples, quietMs),
    markdown: renderBridgeReport({ subject: 'herdgate', baseline: 'Zigbee2MQTT', sizes, results, missing, alone }),
  };
}

function method(drivers: StackDriver[], sizes: number[], alone: number[], rounds: number, samples: number, quietMs: number): string {
  const aloneText =
    alone.length === 0
      ? 'The 1,000-device part was skipped in this run (`BENCH_BRIDGE_LARGE=0`).'
      : [
          `The ${alone.join(' and ')}-device network${alone.length > 1 ? 's are' : ' is'} measured for herdgate alone, after the compared networks and in the same way`,
          `(one paired first start on a fresh radio, then ${rounds} timed restart(s) with the latency samples); Zigbee2MQTT is not run there, since its pairing of`,
          '1,000 devices takes too long on this machine, so its cells say "not run". `BENCH_BRIDGE_LARGE=0` skips this part (a quicker run), `BENCH_BRIDGE_LARGE=<n>` measures another size.',
        ].join(' ');
  return [
    `Stacks: ${drivers.map((d) => d.describe).join('; ')}. Each runs as its own Node process against a deCONZ adapter on`,
    '`tcp://127.0.0.1:<port>`: a virtual radio (`fast` timing, 1 ms per hop) running in the benchmark process, so frame',
    'instants, device actions and MQTT arrivals share one clock (performance.now()). Each stack gets its own fresh radio',
    `built from the same generated network (\`networks/generate.ts\`, ${[...sizes, ...alone].join(', ')} devices, seed 1, every catalogue model;`,
    'the same devices as `networks/generated-200.json` and `generated-1000.json`).',
    'First start: the network is opened',
    '(herdgate `PERMIT_JOIN_ON_START=254`, Zigbee2MQTT `bridge/request/permit_join` time 254), every device joins and is',
    'interviewed and configured, then the stack is stopped once the host has sent no frame for 3 s. Then',
    `${rounds} timed restart(s) per stack against the same, still running radio (the stack's own database, network and`,
    'converters state), interleaved between the stacks with rotating order. Start time = spawn → bridge online and every',
    'device reported available (herdgate: its `ready` line, retained bridge state online and every device description with',
    "`interview` successful and `availability` online; Zigbee2MQTT: `bridge/state` online and every device's",
    '`availability` online (availability enabled, since herdgate always tracks it) and interviewed in `bridge/devices`).',
    'RSS = VmRSS of the stack process 2 s after that (both stacks are then near their start-up peak: V8 keeps the heap',
    `grown while loading and starting until its memory reducer runs), again after the samples, and in the last restart once`,
    `more after ${quietMs / 1000} s without traffic (what a gateway left running settles at). herdgate runs as plain JavaScript, the`,
    'esbuild bundle `npm run start:bridge` builds from its TypeScript (bridge/scripts/build.ts; no tsx loader in the process),',
    'and embeds its aedes broker (in its RSS); Zigbee2MQTT 2.x runs its built JavaScript and',
    "talks to a bare aedes broker in the benchmark process (not in its RSS). Zigbee2MQTT's config: frontend and Home",
    'Assistant off, onboarding off, log level warning, availability on. herdgate: log level warn. Latency, per restart,',
    `${samples} pairs of samples, one at a time: a switch command (herdgate \`devices/<ieee>/11/set {"on":…}\`,`,
    'Zigbee2MQTT `<ieee>/set {"state":…}`) from a client with no-delay set, timed from the publish to the instant the radio',
    'receives the next frame for that lamp (the value always flips; the next sample waits for the state message); and the',
    'contact sensor opening/closing (the radio emits the zone status change) timed to the arrival of its state message',
    '(herdgate `open`, Zigbee2MQTT `contact`). Percentiles over all samples of all restarts; ratios are herdgate ÷',
    "Zigbee2MQTT (below 1 = herdgate ahead). Both stacks sit on zigbee-herdsman's deCONZ driver, which hands queued",
    "frames to the radio on a 100 ms tick or when the radio reports a device-state change; herdgate's bridge nudges it",
    "when it enqueues a command (its deCONZ fast path), Zigbee2MQTT's commands wait for the next tick; incoming reports",
    'go through the same driver read path in both.',
    'Start per device = the median start time divided by the number of devices (a start that grows with the network shows as a flat or rising figure; a fixed cost as a falling one).',
    aloneText,
  ].join(' ');
}
