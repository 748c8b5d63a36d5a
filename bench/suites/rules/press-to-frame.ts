/**
 * The headline figure of issue #6, measured without instruments on the path: the virtual radio in
 * this process (the press is injected and the groupcast seen on one clock, no HTTP hop, no
 * polling), herdgate's bridge and api each in their own process as `HERDGATE_PROCESSES=split npm start` runs them, an MQTT
 * probe here timing the button's message from the bridge and the group command from the api.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { topics } from '@herdgate/shared/mqtt';
import { connectMqtt, createRestClient, type MqttProbe, type RestClient } from '../../../test/helpers/clients';
import { waitFor } from '../../../test/helpers/wait';
import { startBenchRadio, type BenchRadio } from '../../lib/bench-radio';
import { freePort } from '../../lib/herdgate-stack';
import { fmtMs, table } from '../../lib/markdown';
import { percentile } from '../../lib/stats';
import { spawnStack, type StackProcess } from '../../lib/stack-process';
import type { BenchContext } from '../../lib/types';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LAMPS = ['0017880104b1f301', '0017880104b1f302'];
const BUTTON = '00124b0000f3b001';
const BASE = 'herdgate';

interface Press {
  pressed: number;
  bridgeOut: number;
  groupSet: number;
  frame: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...extra };
  if (!extra.MQTT_URL) delete env.MQTT_URL;
  return env;
}

/** Resolves with the instant of the next groupcast the host sends (the radio's counter, tapped). */
function groupTap(radio: BenchRadio): () => Promise<number> {
  let waiter: ((at: number) => void) | undefined;
  const count = radio.radio.counters.count.bind(radio.radio.counters);
  radio.radio.counters.count = (kind, address) => {
    count(kind, address);
    if (kind === 'group' && waiter) {
      const wake = waiter;
      waiter = undefined;
      wake(performance.now());
    }
  };
  return () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiter = undefined;
        reject(new Error('no groupcast within 5 s'));
      }, 5_000);
      waiter = (at) => {
        clearTimeout(timer);
        resolve(at);
      };
    });
}

async function pair(rest: RestClient): Promise<{ group: string; button: string }> {
  // Refused until the api follows the bridge.
  await waitFor(async () => (await rest.put('/config', { permitjoin: 120 })).status === 200, 'the network opened through the api', 60_000, 250);
  const found = await waitFor(
    async () => {
      const lights = (await rest.get('/lights')).body as Record<string, { uniqueid: string; state: { reachable?: boolean } }>;
      const sensors = (await rest.get('/sensors')).body as Record<string, { type: string; uniqueid: string }>;
      const ids = LAMPS.map((ieee) => Object.entries(lights).find(([, l]) => l.uniqueid.replace(/:/g, '').startsWith(ieee) && l.state.reachable)?.[0]);
      const button = Object.entries(sensors).find(([, s]) => s.type === 'ZHASwitch' && s.uniqueid.replace(/:/g, '').startsWith(BUTTON))?.[0];
      return ids.every(Boolean) && button ? { lights: ids as string[], button } : undefined;
    },
    'lamps and button paired',
    120_000,
    250,
  );
  await rest.put('/config', { permitjoin: 0 });
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${rest.base}/api/${rest.key}${path}`, { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    return ((await res.json()) as [{ success: { id: string } }])[0].success.id;
  };
  const group = await call('/groups', { name: 'bench', lights: found.lights });
  await call('/rules', {
    name: 'bench toggle',
    conditions: [
      { address: `/sensors/${found.button}/state/buttonevent`, operator: 'eq', value: '1002' },
      { address: `/sensors/${found.button}/state/lastupdated`, operator: 'dx' },
    ],
    actions: [{ address: `/groups/${group}/action`, method: 'PUT', body: { toggle: true } }],
  });
  return { group, button: found.button };
}

export async function measurePressToFrame(ctx: BenchContext, presses: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-press-'));
  let radio: BenchRadio | undefined;
  let bridge: StackProcess | undefined;
  let api: StackProcess | undefined;
  let probe: MqttProbe | undefined;
  try {
    radio = await startBenchRadio(dir, { devices: [...LAMPS.map((ieee) => ({ model: 'LCT015', ieee })), { model: 'WB01', ieee: BUTTON }] } as never);
    const nextGroupcast = groupTap(radio);
    const mqttPort = await freePort();
    const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
    bridge = spawnStack(process.execPath, ['--import', 'tsx', 'bridge/src/main.ts'], {
      cwd: ROOT,
      env: childEnv({
        ZIGBEE_ADAPTER: 'deconz',
        ZIGBEE_PATH: `tcp://127.0.0.1:${radio.port}`,
        DATA_DIR: join(dir, 'bridge'),
        MQTT_HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        MQTT_ALLOW_ANONYMOUS: '1',
        PERMIT_JOIN_ON_START: '0',
      }),
    });
    const httpPort = await freePort();
    api = spawnStack(process.execPath, ['--import', 'tsx', 'api/src/runtime/node/main.ts'], {
      cwd: ROOT,
      env: childEnv({
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(httpPort),
        WEBSOCKET_PORT: String(await freePort()),
        DATABASE_URL: `file:${join(dir, 'api.db')}`,
        MQTT_URL: mqttUrl,
      }),
    });
    const rest = await waitFor(() => createRestClient(`http://127.0.0.1:${httpPort}`).catch(() => undefined), 'the api child', 60_000, 250);
    const { group } = await pair(rest);
    ctx.log(`separate processes: paired; group ${group}`);
    const groupSetTopic = topics.groupSet({ base: BASE, bridge: '+' }, Number(group));
    probe = await connectMqtt(mqttUrl, [`${topics.device(BASE, `0x${BUTTON}`)}/#`, groupSetTopic]);
    const isGroupSet = (topic: string) => topic.endsWith(`/groups/${group}/set`);
    let current: Press = { pressed: 0, bridgeOut: 0, groupSet: 0, frame: 0 };
    probe.client.on('message', (topic) => {
      const key = isGroupSet(topic) ? 'groupSet' : 'bridgeOut';
      if (current[key] === 0) current[key] = performance.now();
    });
    const rule: Press[] = [];
    const rest2: Press[] = [];
    await pause(2_000); // let the bridge finish configuring the new devices
    for (let i = 0; i < presses; i += 1) {
      current = { pressed: performance.now(), bridgeOut: 0, groupSet: 0, frame: 0 };
      const framed = nextGroupcast();
      radio.act(BUTTON, 'press', { button: 'button', kind: 'single' });
      current.frame = await framed;
      await waitFor(() => current.groupSet > 0 && current.bridgeOut > 0, 'both messages seen by the probe', 5_000, 1);
      rule.push(current);
      await pause(100); // the REST toggle is a lone groupcast too, past the bridge's 50 ms group pacing
      current = { pressed: performance.now(), bridgeOut: 0, groupSet: 0, frame: 0 };
      const restFramed = nextGroupcast();
      await rest.put(`/groups/${group}/action`, { toggle: true });
      current.frame = await restFramed;
      await waitFor(() => current.groupSet > 0, 'the REST group command seen by the probe', 5_000, 1);
      rest2.push(current);
      await pause(100);
    }
    return report(ctx, rule, rest2);
  } finally {
    await probe?.close().catch(() => {});
    await api?.stop();
    await bridge?.stop();
    await radio?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(ctx: BenchContext, rule: Press[], rest: Press[]): string {
  const span = (of: Press[], from: keyof Press, to: keyof Press) => of.map((p) => p[to] - p[from]);
  const total = span(rule, 'pressed', 'frame');
  const baseline = span(rest, 'pressed', 'frame');
  const p50 = percentile(total, 50);
  const p99 = percentile(total, 99);
  ctx.log(`separate processes: press→frame p50 ${fmtMs(p50)} ms, p99 ${fmtMs(p99)} ms`);
  const row = (name: string, values: number[], note: string) => [
    name,
    fmtMs(percentile(values, 50)),
    fmtMs(percentile(values, 99)),
    fmtMs(Math.max(...values)),
    note,
  ];
  return table(
    ['Bridge and api as separate processes (ms)', 'p50', 'p99', 'max', 'Where / target'],
    [
      row(
        "press at the radio → the button's message on MQTT",
        span(rule, 'pressed', 'bridgeOut'),
        'radio, herdsman (deCONZ driver), converter, bridge publish',
      ),
      row("→ the rule's group command on MQTT", span(rule, 'bridgeOut', 'groupSet'), 'the api: inbound, rules engine, internal request, publish'),
      row('→ groupcast frame at the radio', span(rule, 'groupSet', 'frame'), 'bridge group lane, herdsman, deCONZ driver'),
      row(
        '**button press → rule → groupcast at the radio**',
        total,
        `p50 ≤ 10 ${p50 <= 10 ? 'met' : '**missed**'}, p99 ≤ 30 ${p99 <= 30 ? 'met' : '**missed**'}`,
      ),
      row('`PUT /groups/<id>/action` → groupcast (baseline)', baseline, `rule path / baseline p50: ${(p50 / percentile(baseline, 50)).toFixed(2)}×`),
      row('baseline: → group command on MQTT', span(rest, 'pressed', 'groupSet'), 'HTTP, the api, publish'),
      row('baseline: group command → groupcast at the radio', span(rest, 'groupSet', 'frame'), 'as above, 100 ms after the last radio traffic'),
    ],
  );
}
