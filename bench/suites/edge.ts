import { loadavg } from 'node:os';
import WebSocket from 'ws';
import { spawnTs, type Child } from '../../test/helpers/child-process';
import { createRestClient, radioControl, type RestClient } from '../../test/helpers/clients';
import { freePort } from '../../test/helpers/processes';
import { startSupervisedGateway, type SupervisedGateway } from '../../test/helpers/supervised-gateway';
import { waitFor } from '../../test/helpers/wait';
import { fmtMs, fmtPercent, fmtRate, table } from '../lib/markdown';
import { measureRounds, type TargetFigures } from '../lib/rounds';
import { median, percentile } from '../lib/stats';
import type { BenchContext, BenchSection } from '../lib/types';

/**
 * Issue #13 item 7: the api on workerd against the api on Node, same machine, same run, both
 * following the same bridge and virtual radio: `GET /config`, `GET /lights`, a light command, and
 * a device report → WebSocket event on each.
 */
const HOST = '127.0.0.1';
const LAMP = '0017880104a1c001';
const BUTTON = '00124b0022a1000b';

interface Api {
  name: string;
  rest: RestClient;
  port: number;
  ws: string;
}

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const settings = ctx.quick
    ? { rounds: 2, durationMs: 500, warmupMs: 300, connections: 8, commands: 6, reports: 5 }
    : { rounds: 6, durationMs: 2_000, warmupMs: 1_500, connections: 8, commands: 40, reports: 40 };
  let edge: SupervisedGateway | undefined;
  let node: Child | undefined;
  try {
    ctx.log('starting npm run start:edge (radio, bridge, Worker)');
    edge = await startSupervisedGateway('herdgate-bench-edge-', { edge: true });
    const nodePorts = { http: await freePort(), ws: await freePort() };
    node = spawnTs('api/src/runtime/node/main.ts', [], {
      HTTP_HOST: HOST,
      HTTP_PORT: String(nodePorts.http),
      WEBSOCKET_PORT: String(nodePorts.ws),
      LOG_LEVEL: 'warn',
      DATABASE_URL: `file:${edge.dir}/node-api.db`,
      MQTT_URL: `mqtt://${HOST}:${edge.ports.mqtt}`,
    });
    const nodeRest = await waitFor(() => createRestClient(`http://${HOST}:${nodePorts.http}`).catch(() => undefined), 'the Node api', 30_000, 200);
    const apis: Api[] = [
      { name: 'Node (`npm start` api)', rest: nodeRest, port: nodePorts.http, ws: `ws://${HOST}:${nodePorts.ws}` },
      { name: 'workerd (`npm run start:edge`, through wrangler dev)', rest: edge.rest, port: edge.ports.http, ws: `ws://${HOST}:${edge.ports.http}/` },
    ];
    const lamps = await Promise.all(apis.map((api) => waitFor(() => find(api.rest, '/lights', LAMP), `the lamp on ${api.name}`, 90_000, 250)));
    await Promise.all(apis.map((api) => waitFor(() => find(api.rest, '/sensors', BUTTON), `the button on ${api.name}`, 90_000, 250)));

    const reads: TargetFigures[][] = [];
    for (const api of apis) {
      ctx.log(`reads on ${api.name}`);
      reads.push(
        await measureRounds({
          host: HOST,
          port: api.port,
          ...settings,
          log: ctx.log,
          targets: [
            { name: 'GET /api/<key>/config', path: `/api/${api.rest.key}/config` },
            { name: 'GET /api/<key>/lights', path: `/api/${api.rest.key}/lights` },
          ],
        }),
      );
    }
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ');
    const commands = await lightCommands(apis, lamps, settings.commands);
    const reports = await reportLatency(edge, apis, settings.reports);
    const rows = [0, 1].map((t) => [
      reads[0]![t]!.target.name,
      fmtRate(reads[0]![t]!.rps.median),
      fmtRate(reads[1]![t]!.rps.median),
      fmtPercent(reads[1]![t]!.rps.median / reads[0]![t]!.rps.median),
      `${fmtMs(reads[0]![t]!.p50Ms)} / ${fmtMs(reads[1]![t]!.p50Ms)}`,
    ]);
    const readTable = table(['Route', 'Node req/s (median)', 'workerd req/s (median)', 'workerd / Node', 'p50 ms Node / workerd'], rows);
    const latencyTable = table(
      ['Path', 'Node p50 / p99 ms', 'workerd p50 / p99 ms'],
      [
        [`\`PUT /lights/<id>/state\` → radio → 200 (${settings.commands} each)`, stats(commands[0]!), stats(commands[1]!)],
        [`button press at the radio → WebSocket event (${settings.reports} presses)`, stats(reports[0]!), stats(reports[1]!)],
      ],
    );
    return {
      title: 'api on workerd vs on Node (same bridge, same radio)',
      method: [
        '`npm run start:edge` (virtual radio with the demo network, bridge with MQTT and MQTT-over-WebSocket, the Worker under `wrangler dev` in local mode) plus a Node api (`api/src/runtime/node/main.ts`, own libSQL file) following the same bridge over MQTT.',
        `Reads: ${settings.rounds} rounds × ${settings.durationMs} ms per route and runtime, ${settings.connections} keep-alive connections, after ${settings.warmupMs} ms warm-up; the Worker is measured through wrangler dev's local proxy (Node → workerd), which costs much of its throughput, so a deployed Worker or raw \`workerd serve\` would do better.`,
        `Machine load average during the reads (1 / 5 / 15 min): ${load}, on a machine shared with other work, so absolutes are low and only the ratio travels; a hello-world Worker under the same wrangler dev measured about the same requests per second as the gateway Worker in a spot check, so the proxy, not the gateway, sets the Worker's ceiling here.`,
        `Light commands: ${settings.commands} sequential on/off toggles of the same demo lamp per runtime, alternating runtimes, each answered after the bridge reported the radio's result.`,
        `Reports: ${settings.reports} presses of the demo button at the virtual radio's control API; both apis receive the same MQTT report, and each press waits for both WebSocket events; latency from sending the press to arrival.`,
      ].join(' '),
      markdown: `${readTable}\n\n${latencyTable}`,
    };
  } finally {
    await node?.stop();
    await edge?.stop();
  }
}

function stats(samples: number[]): string {
  return `${fmtMs(median(samples))} / ${fmtMs(percentile(samples, 99))}`;
}

async function find(rest: RestClient, collection: string, ieee: string): Promise<string | undefined> {
  const body = (await rest.get(collection)).body as Record<string, { uniqueid: string; state: { reachable?: boolean } }>;
  return Object.entries(body).find(([, item]) => item.uniqueid.replace(/:/g, '').startsWith(ieee))?.[0];
}

async function lightCommands(apis: Api[], lamps: string[], count: number): Promise<number[][]> {
  const samples: number[][] = apis.map(() => []);
  for (let i = 0; i < count; i++) {
    for (const [n, api] of apis.entries()) {
      const started = performance.now();
      const { status } = await api.rest.put(`/lights/${lamps[n]}/state`, { on: (i + n) % 2 === 0 });
      if (status !== 200) throw new Error(`light command on ${api.name} answered ${status}`);
      samples[n]!.push(performance.now() - started);
    }
  }
  return samples;
}

async function reportLatency(edge: SupervisedGateway, apis: Api[], count: number): Promise<number[][]> {
  const sockets = await Promise.all(
    apis.map(
      (api) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(api.ws);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  const samples: number[][] = apis.map(() => []);
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const arrivals = sockets.map(
        (ws, n) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no button event on ${apis[n]!.name} within 10 s`)), 10_000);
            const onMessage = (data: WebSocket.RawData) => {
              const event = JSON.parse(String(data)) as { r?: string; state?: { buttonevent?: number } };
              if (event.r !== 'sensors' || event.state?.buttonevent === undefined) return;
              samples[n]!.push(performance.now() - started);
              clearTimeout(timer);
              ws.off('message', onMessage);
              resolve();
            };
            ws.on('message', onMessage);
          }),
      );
      await radioControl(`http://${HOST}:${edge.ports.control}`, 'POST', `/devices/${BUTTON}/actions/press`, { button: 'button', kind: 'single' });
      await Promise.all(arrivals);
    }
  } finally {
    for (const ws of sockets) ws.terminate();
  }
  return samples;
}
