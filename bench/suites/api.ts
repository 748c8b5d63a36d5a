import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ApiServerInfo } from '../lib/api-server';
import { startChildServer } from '../lib/child-server';
import { fmtMs, fmtPercent, fmtRate, table } from '../lib/markdown';
import { measureRounds, ratioRows, type Target } from '../lib/rounds';
import type { BenchContext, BenchSection } from '../lib/types';
import { acquireKey } from '../lib/acquire-key';

/**
 * Issue #2 item 8: `GET /api/<key>/config` and `GET /api/<key>` against a bare JSON route on the
 * same server, same run. Target: each at least 40% of the bare route's requests per second.
 */
const TARGET_RATIO = 0.4;
const HOST = '127.0.0.1';

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const settings = ctx.quick
    ? { rounds: 2, durationMs: 500, warmupMs: 300, connections: 16 }
    : { rounds: 12, durationMs: 1_500, warmupMs: 2_000, connections: 16 };
  const entry = fileURLToPath(new URL('../lib/api-server.ts', import.meta.url));
  const load = loadavg()[0];
  const server = await startChildServer<ApiServerInfo>(entry);
  try {
    const base = `http://${HOST}:${server.info.httpPort}`;
    const key = await acquireKey(base);
    const targets: Target[] = [
      { name: 'bare JSON route `GET /bare` (baseline)', path: '/bare' },
      { name: '`GET /api/<key>/config`', path: `/api/${key}/config` },
      { name: '`GET /api/<key>` (full state)', path: `/api/${key}` },
    ];
    await checkAnswers(base, key, server.info.websocketPort);
    ctx.log(`server pid ${server.info.pid} on ${base}; ${settings.rounds} rounds × ${targets.length} routes`);
    const results = await measureRounds({ host: HOST, port: server.info.httpPort, targets, ...settings, log: ctx.log });
    const rows = ratioRows(results, { rate: fmtRate, ms: fmtMs, percent: fmtPercent }).map(({ cells, ratio }, index) => [
      ...cells,
      index === 0 ? '' : ratio.median >= TARGET_RATIO ? `≥ 40%: met` : `≥ 40%: **missed**`,
    ]);
    const clientCpu = Math.max(...results.map((result) => result.clientCpuPercent));
    return {
      title: 'API: config and full state against a bare JSON route',
      method: method(settings, clientCpu, load),
      markdown: table(['Route', 'req/s (median)', 'req/s (min–max)', 'p50 ms', 'p99 ms', 'vs bare: median of per-round ratios (min–max)', 'Target'], rows),
    };
  } finally {
    await server.stop();
  }
}

/** A benchmark of wrong answers is worthless: check each route's answer once before timing it. */
async function checkAnswers(base: string, key: string, websocketPort: number): Promise<void> {
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const bare = await get('/bare');
  if (bare.bare !== true) throw new Error(`GET /bare answered ${JSON.stringify(bare)}`);
  const config = await get(`/api/${key}/config`);
  if (config.websocketport !== websocketPort || !config.whitelist) throw new Error('GET /config is not the full config');
  const full = await get(`/api/${key}`);
  for (const member of ['config', 'groups', 'lights', 'sensors', 'rules', 'schedules']) {
    if (!(member in full)) throw new Error(`GET /api/<key> lacks ${member}`);
  }
}

interface Settings {
  rounds: number;
  durationMs: number;
  warmupMs: number;
  connections: number;
}

function method(settings: Settings, clientCpu: number, load: number): string {
  return [
    'The real Node gateway (`createNodeGateway`: Hono on @hono/node-server, libSQL file in a temp directory, log level warn)',
    'runs in a child process; the load generator (`bench/lib/load.ts`, raw keep-alive sockets, closed loop) runs in the parent,',
    `so each has a core of its own. ${settings.connections} keep-alive connections over 127.0.0.1; every answer must be 200.`,
    'The baseline `GET /bare` is an extra route on the same app and server, behind the same middleware (request id, CORS headers),',
    'answering a two-field JSON object. One key is acquired with the default gateway credentials; the store is otherwise fresh',
    '(empty collections, one whitelist entry), so the full state is mostly the config.',
    `After a ${settings.warmupMs / 1000} s warm-up per route, ${settings.rounds} rounds measure each route for ${settings.durationMs / 1000} s,`,
    `the start position rotating per round, so noise on this shared machine hits all routes alike`,
    `(1-minute load average at the start: ${load.toFixed(1)} on ${cpus().length} cores). Reported: medians over rounds`,
    '(req/s, and the per-round p50/p99 latencies), the min–max spread, and the median (and range) of the per-round ratios to the baseline;',
    'the target is judged on that median.',
    `The load generator used at most ${Math.round(clientCpu)}% of one core (median per route)`,
    clientCpu < 85 ? '(not the limit).' : '(so it may have been the limit and the ratios flatter the api routes).',
  ].join(' ');
}
