import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startChildServer } from '../lib/child-server';
import { fmtMs, fmtPercent, fmtRate, table } from '../lib/markdown';
import { measureRounds, pairedRatio, type Target } from '../lib/rounds';
import { percentile } from '../lib/stats';
import type { BenchContext, BenchSection } from '../lib/types';

/**
 * Issue #5 item 8 (the parts measurable without the radio): `GET /api/<key>/lights` with 200 lights
 * against a bare JSON route on the same server (target ≥ 25%), and device report → WebSocket event
 * latency with 100 connected clients (target p99 ≤ 10 ms), beside the HTTP round trip of the call
 * that injects the report.
 */
const HOST = '127.0.0.1';
const TARGET_RATIO = 0.25;
const CLIENTS = 100;

interface Info { httpPort: number; websocketPort: number; pid: number; lights: number }

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const settings = ctx.quick
    ? { rounds: 2, durationMs: 500, warmupMs: 300, connections: 16, reports: 30 }
    : { rounds: 10, durationMs: 1_500, warmupMs: 2_000, connections: 16, reports: 400 };
  const server = await startChildServer<Info>(fileURLToPath(new URL('./lights/server.ts', import.meta.url)));
  try {
    const base = `http://${HOST}:${server.info.httpPort}`;
    const key = await acquireKey(base);
    const lights = (await (await fetch(`${base}/api/${key}/lights`)).json()) as Record<string, unknown>;
    if (Object.keys(lights).length !== server.info.lights) throw new Error(`expected ${server.info.lights} lights, got ${Object.keys(lights).length}`);
    const targets: Target[] = [
      { name: 'bare JSON route `GET /bare` (baseline)', path: '/bare' },
      { name: `\`GET /api/<key>/lights\` (${server.info.lights} lights)`, path: `/api/${key}/lights` },
    ];
    const results = await measureRounds({ host: HOST, port: server.info.httpPort, targets, ...settings, log: ctx.log });
    const ratio = pairedRatio(results[1]!, results[0]!);
    const throughput = table(['Route', 'req/s (median)', 'p50 ms', 'p99 ms', 'vs bare (median, min–max)', 'Target'], results.map((r, i) => [
      r.target.name, fmtRate(r.rps.median), fmtMs(r.p50Ms), fmtMs(r.p99Ms),
      i === 0 ? '100% (baseline)' : `${fmtPercent(ratio.median)} (${fmtPercent(ratio.min)}–${fmtPercent(ratio.max)})`,
      i === 0 ? '' : ratio.median >= TARGET_RATIO ? '≥ 25%: met' : '≥ 25%: **missed**',
    ]));
    const latency = await eventLatency(ctx, base, server.info.websocketPort, settings.reports);
    return {
      title: 'Lights: collection read and report → WebSocket event latency',
      method: [
        `Real Node gateway in a child process with a synthetic bridge link mirroring ${server.info.lights} colour lamps (the MQTT link's mirror, without a broker).`,
        `Throughput: ${settings.rounds} rounds × ${settings.durationMs} ms per route, ${settings.connections} keep-alive connections, rotated order, after ${settings.warmupMs} ms warm-up; ratios are per round.`,
        `Event latency: ${CLIENTS} WebSocket clients connected; ${settings.reports} reports injected one at a time through \`POST /bench/report/<n>\`, which hands a state change to the link listeners exactly as an arriving MQTT state message does;`,
        'latency = send of that request → arrival of the `changed` event at the first and at the last of the clients; the request\'s own HTTP round trip is the baseline.',
        'Not measured here yet: PUT → frame at the radio / device acknowledged (needs the radio stack), 50-lamp group toggle frame count (proved by test/lights-stack.test.ts with 2 lamps: 1 frame).',
      ].join(' '),
      markdown: `${throughput}\n\n${latency}`,
    };
  } finally {
    await server.stop();
  }
}

async function eventLatency(ctx: BenchContext, base: string, wsPort: number, reports: number): Promise<string> {
  const sockets: WebSocket[] = [];
  try {
    let waiting: { bri: number; seen: number; first?: number; last?: number; done: () => void } | undefined;
    for (let i = 0; i < CLIENTS; i++) {
      const ws = new WebSocket(`ws://${HOST}:${wsPort}`);
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { r?: string; state?: { bri?: number } };
        if (!waiting || event.r !== 'lights' || event.state?.bri !== waiting.bri) return;
        const now = performance.now();
        waiting.first ??= now;
        waiting.seen += 1;
        if (waiting.seen === CLIENTS) { waiting.last = now; waiting.done(); }
      });
      await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
      sockets.push(ws);
    }
    const first: number[] = [], last: number[] = [], http: number[] = [];
    for (let i = 0; i < reports; i++) {
      const start = performance.now();
      let done!: () => void;
      const arrived = new Promise<void>((resolve) => { done = resolve; });
      // A brightness no earlier report of this lamp used, so stale events never match.
      const expected: NonNullable<typeof waiting> = { bri: (i % 250) + 1, seen: 0, done };
      waiting = expected;
      const res = await fetch(`${base}/bench/report/${(i % 200) + 1}?bri=${expected.bri}`, { method: 'POST' });
      await res.text();
      http.push(performance.now() - start);
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2_000));
      await Promise.race([arrived, timeout]);
      if (expected.last === undefined) { ctx.log(`report ${i}: not every client got the event`); continue; }
      first.push(expected.first! - start);
      last.push(expected.last - start);
    }
    const row = (name: string, v: number[]) => [name, String(v.length), fmtMs(percentile(v, 50)), fmtMs(percentile(v, 99)), fmtMs(Math.max(...v))];
    return table(['Report → …', 'samples', 'p50 ms', 'p99 ms', 'max ms'], [
      row('HTTP round trip of the injecting call (baseline)', http),
      row('event at the first of 100 clients', first),
      row('event at all 100 clients (target p99 ≤ 10 ms)', last),
    ]);
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}

async function acquireKey(base: string): Promise<string> {
  const res = await fetch(`${base}/api`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
    body: JSON.stringify({ devicetype: 'bench#lights' }),
  });
  const body = (await res.json()) as [{ success: { username: string } }];
  return body[0].success.username;
}
