import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { acquireKey } from '../lib/acquire-key';
import { startChildServer } from '../lib/child-server';
import { fmtMs, fmtPercent, fmtRate, table } from '../lib/markdown';
import { measureRounds, ratioRows, type Target } from '../lib/rounds';
import type { BenchContext, BenchSection } from '../lib/types';

/**
 * Issue #10 item 8: `GET /devices/<mac>` (one Device object built from the devices model) and
 * `GET /ddf/descriptors` (a full first page of 64 descriptors) against a bare JSON route on the
 * same server, same run. Reported as ratios; no target was set for these routes.
 */
const HOST = '127.0.0.1';

interface ChildInfo {
  httpPort: number;
  pid: number;
  mac: string;
  devices: number;
}

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const settings = ctx.quick
    ? { rounds: 2, durationMs: 500, warmupMs: 300, connections: 16 }
    : { rounds: 12, durationMs: 1_500, warmupMs: 2_000, connections: 16 };
  const load = loadavg()[0];
  const server = await startChildServer<ChildInfo>(fileURLToPath(new URL('./devices/api-child.ts', import.meta.url)), 120_000);
  try {
    const base = `http://${HOST}:${server.info.httpPort}`;
    const key = await acquireKey(base, 'bench#devices');
    const targets: Target[] = [
      { name: 'bare JSON route `GET /bare` (baseline)', path: '/bare' },
      { name: '`GET /api/<key>/devices/<mac>`', path: `/api/${key}/devices/${server.info.mac}` },
      { name: '`GET /api/<key>/ddf/descriptors` (64 of 100)', path: `/api/${key}/ddf/descriptors` },
      { name: `\`GET /api/<key>/devices\` (${server.info.devices} MACs)`, path: `/api/${key}/devices` },
    ];
    await checkAnswers(base, key, server.info);
    ctx.log(`server pid ${server.info.pid} on ${base}; ${settings.rounds} rounds × ${targets.length} routes`);
    const results = await measureRounds({ host: HOST, port: server.info.httpPort, targets, ...settings, log: ctx.log });
    const rows = ratioRows(results, { rate: fmtRate, ms: fmtMs, percent: fmtPercent }).map(({ cells }) => cells);
    const clientCpu = Math.max(...results.map((result) => result.clientCpuPercent));
    return {
      title: 'Devices and DDF: a Device object and a descriptor page against a bare JSON route',
      method: [
        `The real Node gateway runs in a child process with ${server.info.devices} device descriptions (a colour lamp each, with its`,
        'endpoint state) fed to its bridge link in-process, so the figures are the api reading its devices model, not the radio,',
        'and 100 DDF bundles uploaded through `POST /ddf/bundles` before the run (the descriptor route answers the first 64 with',
        'a `next` cursor). The load generator (`bench/lib/load.ts`, raw keep-alive sockets, closed loop) runs in the parent;',
        `${settings.connections} keep-alive connections over 127.0.0.1; every answer is checked once and must be 200.`,
        `After a ${settings.warmupMs / 1000} s warm-up per route, ${settings.rounds} rounds measure each route for ${settings.durationMs / 1000} s,`,
        `the start position rotating per round (1-minute load average at the start: ${load.toFixed(1)} on ${cpus().length} cores).`,
        'Reported: medians over rounds, the min–max spread, and the median (and range) of the per-round ratios to the baseline.',
        `The load generator used at most ${Math.round(clientCpu)}% of one core (median per route).`,
      ].join(' '),
      markdown: table(['Route', 'req/s (median)', 'req/s (min–max)', 'p50 ms', 'p99 ms', 'vs bare: median of per-round ratios (min–max)'], rows),
    };
  } finally {
    await server.stop();
  }
}

/** A benchmark of wrong answers is worthless: check each route's answer once before timing it. */
async function checkAnswers(base: string, key: string, info: ChildInfo): Promise<void> {
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const device = await get(`/api/${key}/devices/${info.mac}`);
  if (device.uniqueid !== info.mac || !Array.isArray(device.subdevices)) throw new Error(`GET /devices/<mac> answered ${JSON.stringify(device).slice(0, 200)}`);
  const page = await get(`/api/${key}/ddf/descriptors`);
  if (Object.keys(page).length !== 65 || typeof page.next !== 'number') throw new Error('GET /ddf/descriptors is not a full first page with next');
  const list = (await get(`/api/${key}/devices`)) as unknown as string[];
  if (list.length !== info.devices) throw new Error(`GET /devices listed ${list.length} of ${info.devices}`);
}
