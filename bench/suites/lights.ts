import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startChildServer } from '../lib/child-server';
import { fmtMs, fmtPercent, fmtRate, table } from '../lib/markdown';
import { measureRounds, pairedRatio, type Target } from '../lib/rounds';
import { percentile } from '../lib/stats';
import type { BenchContext, BenchSection } from '../lib/types';
import { radioPart } from './lights/radio-part';
import { acquireKey } from '../lib/acquire-key';

/**
 * Issue #5 item 8 (the parts measurable without the radio): `GET /api/<key>/lights` with 200 lights
 * against a bare JSON route on the same server (target ≥ 25%), and device report → WebSocket event
 * latency with 100 connected clients (target p99 ≤ 10 ms), beside the HTTP round trip of the call
 * that injects the report.
 */
const HOST = '127.0.0.1';
const TARGET_RATIO = 0.25;
const CLIENTS = 100;

interface Info {
  httpPort: number;
  websocketPort: number;
  pid: number;
  lights: number;
}

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const settings = ctx.quick
    ? { rounds: 2, durationMs: 500, warmupMs: 300, connections: 16, reports: 30, warmupReports: 10 }
    : { rounds: 10, durationMs: 1_500, warmupMs: 2_000, connections: 16, reports: 400, warmupReports: 100 };
  const server = await startChildServer<Info>(fileURLToPath(new URL('./lights/server.ts', import.meta.url)));
  try {
    const base = `http://${HOST}:${server.info.httpPort}`;
    const key = await acquireKey(base, 'bench#lights');
    const body = await (await fetch(`${base}/api/${key}/lights`)).arrayBuffer();
    const lights = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
    if (Object.keys(lights).length !== server.info.lights) throw new Error(`expected ${server.info.lights} lights, got ${Object.keys(lights).length}`);
    const targets: Target[] = [
      { name: 'bare JSON route `GET /bare` (baseline)', path: '/bare' },
      { name: `\`GET /api/<key>/lights\` (${server.info.lights} lights, ${Math.round(body.byteLength / 1024)} KiB)`, path: `/api/${key}/lights` },
      { name: `same number of bytes, pre-encoded, no auth (byte ceiling)`, path: `/bench/bytes/${body.byteLength}` },
    ];
    const results = await measureRounds({ host: HOST, port: server.info.httpPort, targets, ...settings, log: ctx.log });
    const ratios = results.map((r) => pairedRatio(r, results[0]!));
    const ceiling = pairedRatio(results[1]!, results[2]!);
    const throughput = table(
      ['Route', 'req/s (median)', 'p50 ms', 'p99 ms', 'vs bare (median, min–max)', 'Target'],
      results.map((r, i) => [
        r.target.name,
        fmtRate(r.rps.median),
        fmtMs(r.p50Ms),
        fmtMs(r.p99Ms),
        i === 0 ? '100% (baseline)' : `${fmtPercent(ratios[i]!.median)} (${fmtPercent(ratios[i]!.min)}–${fmtPercent(ratios[i]!.max)})`,
        i === 1 ? `${ratios[1]!.median >= TARGET_RATIO ? '≥ 25%: met' : '≥ 25%: **missed**'}; ${fmtPercent(ceiling.median)} of the byte ceiling` : '',
      ]),
    );
    const latency = await eventLatency(ctx, base, server.info.websocketPort, settings.reports, settings.warmupReports);
    await server.stop();
    const radio = await radioPart(ctx, acquireKey);
    return {
      title: 'Lights: PUT → radio and acknowledged, group toggles, collection read, report → WebSocket event',
      method: [
        `Real Node gateway in a child process with a synthetic bridge link mirroring ${server.info.lights} colour lamps (the MQTT link's mirror, without a broker).`,
        `Throughput: ${settings.rounds} rounds × ${settings.durationMs} ms per route, ${settings.connections} keep-alive connections, rotated order, after ${settings.warmupMs} ms warm-up; ratios are per round.`,
        'The collection is served from its encoded bytes per ETag; the third route sends a pre-encoded body of the same size through the same server without auth, the ceiling for a body that large (moving the bytes, not building them, is what the lights route pays).',
        `Event latency: ${CLIENTS} WebSocket clients connected; ${settings.warmupReports} warm-up reports discarded, then ${settings.reports} injected one at a time through \`POST /bench/report/<n>\`, which hands a state change to the link listeners exactly as an arriving MQTT state message does;`,
        'the server stamps the wall-clock instant (performance.timeOrigin + now, same machine) it hands the report over and the instant its link listeners return; each client stamps arrival before parsing;',
        'so the path is measured from the report entering the api, apart from the injecting HTTP request (the earlier method timed from sending that request, which added its own round trip and queueing).',
        radio.method,
      ].join(' '),
      markdown: `${throughput}\n\n${latency}\n\n${radio.markdown}`,
    };
  } finally {
    await server.stop();
  }
}

async function eventLatency(ctx: BenchContext, base: string, wsPort: number, reports: number, warmup: number): Promise<string> {
  const sockets: WebSocket[] = [];
  const wall = () => performance.timeOrigin + performance.now();
  try {
    let waiting: { bri: number; seen: number; first?: number; last?: number; done: () => void } | undefined;
    for (let i = 0; i < CLIENTS; i++) {
      const ws = new WebSocket(`ws://${HOST}:${wsPort}`);
      ws.on('message', (data) => {
        // Stamp before parsing: the parse of the other 99 copies is the client side's cost, not the path's.
        const now = wall();
        if (!waiting) return;
        const event = JSON.parse(String(data)) as { r?: string; state?: { bri?: number } };
        if (event.r !== 'lights' || event.state?.bri !== waiting.bri) return;
        waiting.first ??= now;
        waiting.seen += 1;
        if (waiting.seen === CLIENTS) {
          waiting.last = now;
          waiting.done();
        }
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      sockets.push(ws);
    }
    const server: number[] = [],
      first: number[] = [],
      last: number[] = [],
      fromSend: number[] = [],
      http: number[] = [];
    for (let i = 0; i < warmup + reports; i++) {
      const start = wall();
      let done!: () => void;
      const arrived = new Promise<void>((resolve) => {
        done = resolve;
      });
      // A brightness no earlier report of this lamp used, so stale events never match.
      const expected: NonNullable<typeof waiting> = { bri: (i % 250) + 1, seen: 0, done };
      waiting = expected;
      const res = await fetch(`${base}/bench/report/${(i % 200) + 1}?bri=${expected.bri}`, { method: 'POST' });
      const stamps = (await res.json()) as { injectedAt: number; handledAt: number };
      const httpMs = wall() - start;
      await Promise.race([arrived, new Promise<void>((resolve) => setTimeout(resolve, 2_000))]);
      if (expected.last === undefined) {
        ctx.log(`report ${i}: not every client got the event`);
        continue;
      }
      if (i < warmup) continue;
      http.push(httpMs);
      server.push(stamps.handledAt - stamps.injectedAt);
      first.push(expected.first! - stamps.injectedAt);
      last.push(expected.last - stamps.injectedAt);
      fromSend.push(expected.last - start);
    }
    const row = (name: string, v: number[]) => [
      name,
      String(v.length),
      fmtMs(percentile(v, 50)),
      fmtMs(percentile(v, 90)),
      fmtMs(percentile(v, 99)),
      fmtMs(Math.max(...v)),
    ];
    return table(
      ['Report → …', 'samples', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      [
        row('HTTP round trip of the injecting call (baseline)', http),
        row('inside the api: the link listeners run (model updated, event queued for the sockets)', server),
        row('report handed to the link → event at the first of 100 clients', first),
        row('report handed to the link → event at all 100 clients (target p99 ≤ 10 ms)', last),
        row('as measured before: injecting request sent → event at all 100 clients', fromSend),
      ],
    );
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}
