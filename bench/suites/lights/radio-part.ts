/**
 * The lights benchmark on the real stack: the virtual radio in this process (frames timed on the
 * same clock as the HTTP client), herdgate's bridge in a child process, the api in another, linked
 * over the bridge's embedded broker. A generated network of lamps pairs through a real permit join.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueModels, generateNetwork } from '@herdgate/virtual-radio';
import { startBenchRadio, type BenchRadio } from '../../lib/bench-radio';
import type { ChildServer } from '../../lib/child-server';
import { BENCH_API_ACCOUNT, bridgeEnv, quiet, startChildWith } from '../../lib/stack-parts';
import { freePort } from '../../lib/herdgate-stack';
import { fmtMs, table } from '../../lib/markdown';
import { percentile } from '../../lib/stats';
import { spawnStack, type StackProcess } from '../../lib/stack-process';
import type { BenchContext } from '../../lib/types';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BRIDGE_MAIN = fileURLToPath(new URL('../../../bridge/src/main.ts', import.meta.url));
const LAMP_MODELS = ['LCT015', 'LWB010', 'TRADFRI-bulb-E27-WW-806lm'];
const RATE_PER_S = 100;

interface ApiInfo {
  httpPort: number;
  lights: Array<{ id: string; ieee: string }>;
}
type Rest = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any; ms: number }>;

export async function radioPart(ctx: BenchContext, key: (base: string) => Promise<string>): Promise<{ method: string; markdown: string }> {
  const lamps = ctx.quick ? 6 : 50;
  const commands = ctx.quick ? 40 : 600;
  const models = catalogueModels().filter((m) => LAMP_MODELS.includes(m));
  const network = generateNetwork(lamps, models, 5);
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-lights-radio-'));
  let radio: BenchRadio | undefined;
  let bridge: StackProcess | undefined;
  let api: ChildServer<ApiInfo> | undefined;
  try {
    radio = await startBenchRadio(dir, network);
    const mqttPort = await freePort();
    bridge = spawnStack(process.execPath, ['--import', 'tsx', BRIDGE_MAIN], { cwd: ROOT, env: bridgeEnv(radio.port, mqttPort, join(dir, 'bridge')) });
    api = await startApi(`mqtt://127.0.0.1:${mqttPort}`, lamps);
    if (api.info.lights.length !== lamps) throw new Error(`only ${api.info.lights.length}/${lamps} lamps joined; bridge output:\n${bridge.output()}`);
    ctx.log(`lights radio part: ${lamps} lamps joined; waiting for the network to go quiet`);
    await quiet(radio, 3_000, 120_000);
    const base = `http://127.0.0.1:${api.info.httpPort}`;
    const apiKey = await key(base);
    const rest: Rest = async (method, path, body) => {
      const start = performance.now();
      const res = await fetch(`${base}/api/${apiKey}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - start };
    };
    const put = await putLatency(ctx, radio, rest, api.info.lights, commands);
    const group = await groupToggle(ctx, radio, rest, api.info.lights, ctx.quick ? 3 : 10);
    return {
      method: [
        `Radio part: ${lamps} lamps (${models.join(', ')}) from \`bridge/virtual-radio/networks/generate.ts\` paired through a real permit join;`,
        'the virtual radio (`fast` timing, 1 ms per hop) runs in the benchmark process so the instant a frame reaches the simulated network and the HTTP client share one clock;',
        "herdgate's bridge and the api run in their own processes, linked over the bridge's embedded broker.",
        `100 \`PUT /lights/<id>/state\` \`{"on":…}\` one at a time, then ${commands} started open-loop at ${RATE_PER_S}/s round-robin over the lamps (each value flips the lamp);`,
        '"frame at the radio" = request start → the next host frame to that lamp; "acknowledged" = request start → the 200 reply, which herdgate only sends once the device acknowledged.',
        `Baseline side by side at the same rate: \`GET /lights/<id>\` on the same api (its HTTP floor). Group: ${lamps} lamps in one REST group, \`{"toggle":true}\` actions counted at the radio, every lamp's real on/off checked after each.`,
      ].join(' '),
      markdown: `${put}\n\n${group}`,
    };
  } finally {
    await api?.stop();
    await bridge?.stop();
    await radio?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The api child: the broker and the lamp count go in for its start only. */
const startApi = (mqttUrl: string, lamps: number) =>
  startChildWith<ApiInfo>(
    fileURLToPath(new URL('./stack-api.ts', import.meta.url)),
    { BENCH_MQTT_URL: mqttUrl, BENCH_EXPECT_LIGHTS: String(lamps), ...BENCH_API_ACCOUNT },
    180_000,
  );

interface PutSamples {
  frame: number[];
  ack: number[];
  failed: number;
}

/** One PUT flipping a lamp: time to its next frame at the radio and to the (acknowledged) reply. */
async function flip(radio: BenchRadio, rest: Rest, light: ApiInfo['lights'][number], on: Map<string, boolean>, into: PutSamples): Promise<void> {
  const next = !on.get(light.id);
  on.set(light.id, next);
  const start = performance.now();
  const framed = radio.nextFrameTo(light.ieee.slice(2), 10_000).catch(() => Number.NaN);
  const res = await rest('PUT', `/lights/${light.id}/state`, { on: next });
  const ok = res.status === 200 && Array.isArray(res.body) && res.body.every((item: Record<string, unknown>) => 'success' in item);
  if (!ok) {
    into.failed += 1;
    return;
  }
  into.ack.push(res.ms);
  const frameAt = await framed;
  if (!Number.isNaN(frameAt)) into.frame.push(frameAt - start);
}

async function putLatency(ctx: BenchContext, radio: BenchRadio, rest: Rest, lights: ApiInfo['lights'], commands: number): Promise<string> {
  const on = new Map(lights.map((l) => [l.id, Boolean(radio.attribute(l.ieee.slice(2), 'genOnOff', 'onOff'))]));
  // One at a time first: the path's own latency, without queueing behind other commands.
  const single: PutSamples = { frame: [], ack: [], failed: 0 };
  for (let i = 0; i < Math.min(100, commands); i++) await flip(radio, rest, lights[i % lights.length]!, on, single);
  const paced: PutSamples = { frame: [], ack: [], failed: 0 };
  const floor: number[] = [];
  const started = performance.now();
  const runs: Promise<void>[] = [];
  for (let i = 0; i < commands; i++) {
    const light = lights[i % lights.length]!;
    await new Promise((r) => setTimeout(r, Math.max(0, started + (i * 1000) / RATE_PER_S - performance.now())));
    runs.push(flip(radio, rest, light, on, paced));
    // The HTTP floor at the same rate, interleaved (a read of the same lamp).
    if (i % 2 === 0)
      runs.push(
        rest('GET', `/lights/${light.id}`).then((res) => {
          floor.push(res.ms);
        }),
      );
  }
  await Promise.all(runs);
  ctx.log(`lights radio part: ${paced.ack.length}/${commands} acknowledged at ${RATE_PER_S}/s, ${paced.failed} failed`);
  const row = (name: string, v: number[], target: string) => [name, String(v.length), fmtMs(percentile(v, 50)), fmtMs(percentile(v, 99)), target];
  return table(
    ['PUT /lights/<id>/state', 'samples', 'p50 ms', 'p99 ms', 'Target'],
    [
      row('one at a time → frame at the radio', single.frame, ''),
      row('one at a time → device acknowledged (200 reply)', single.ack, ''),
      row('at 100/s: `GET /lights/<id>` round trip (baseline)', floor, ''),
      row('at 100/s → frame at the radio', paced.frame, `p50 ≤ 5, p99 ≤ 25: ${verdict(paced.frame, 5, 25)}`),
      row('at 100/s → device acknowledged (200 reply)', paced.ack, `p50 ≤ 15, p99 ≤ 25: ${verdict(paced.ack, 15, 25)}`),
      ['failed or not acknowledged (one at a time / at 100/s)', `${single.failed} / ${paced.failed}`, '', '', ''],
    ],
  );
}

const verdict = (v: number[], p50: number, p99: number) => (v.length > 0 && percentile(v, 50) <= p50 && percentile(v, 99) <= p99 ? 'met' : '**missed**');

async function groupToggle(ctx: BenchContext, radio: BenchRadio, rest: Rest, lights: ApiInfo['lights'], toggles: number): Promise<string> {
  const created = await rest('POST', '/groups', { name: 'Bench all lamps', lights: lights.map((l) => l.id) });
  const gid = (created.body as [{ success: { id: string } }])[0].success.id;
  await quiet(radio, 1_000, 30_000);
  const rows: string[][] = [];
  for (const [name, path] of [
    [`REST group ${gid} (${lights.length} lamps)`, `/groups/${gid}/action`],
    ['`/groups/0` (All group 0xfff0)', '/groups/0/action'],
  ] as const) {
    let frames = { group: 0, unicast: 0 };
    let switched = 0;
    const replies: number[] = [];
    for (let i = 0; i < toggles; i++) {
      radio.radio.counters.reset();
      const target = i % 2 !== 0;
      const res = await rest('PUT', path, { on: target });
      replies.push(res.ms);
      const settled = performance.now() + 5_000;
      const real = () => lights.filter((l) => Boolean(radio.attribute(l.ieee.slice(2), 'genOnOff', 'onOff')) === target).length;
      while (real() < lights.length && performance.now() < settled) await new Promise((r) => setTimeout(r, 20));
      const counted = radio.radio.counters.snapshot();
      frames = {
        group: frames.group + Object.values(counted.group).reduce((a, b) => a + b, 0),
        unicast: frames.unicast + Object.values(counted.nwk).reduce((a, b) => a + b, 0),
      };
      switched += real();
    }
    ctx.log(`lights radio part: ${name}: ${frames.group} groupcasts, ${frames.unicast} unicasts for ${toggles} actions`);
    rows.push([
      name,
      String(toggles),
      (frames.group / toggles).toFixed(2),
      (frames.unicast / toggles).toFixed(2),
      `${switched}/${toggles * lights.length}`,
      fmtMs(percentile(replies, 50)),
    ]);
  }
  return table(['Group action (on/off alternating)', 'actions', 'groupcasts per action', 'unicasts per action', 'lamps really switched', 'reply p50 ms'], rows);
}
