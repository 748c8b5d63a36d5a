/**
 * Button press at the radio → rule → groupcast frame at the radio, stage by stage. The api runs in
 * this process, so its own moments are read directly (hub event, hand-over to the bridge link);
 * the MQTT traffic is timed by a probe in a child process (a probe here would queue behind the
 * api's own handling of the same packets): the button's message as the bridge published it and
 * the group command as the api published it. The frame is seen by polling the radio's counters.
 * All moments are epoch ms at sub-millisecond resolution, comparable across processes.
 */
import type { Services } from '@herdgate/api';
import { topics } from '@herdgate/shared/mqtt';
import { spawnTs } from '../../../test/helpers/child-process';
import { radioControl } from '../../../test/helpers/clients';
import type { Stack } from '../../../test/helpers/stack';
import { waitFor } from '../../../test/helpers/wait';
import { fmtMs, table } from '../../lib/markdown';
import { percentile } from '../../lib/stats';
import type { BenchContext } from '../../lib/types';

export interface PressPathInput {
  stack: Stack;
  /** Radio address of the WB01 (16 hex digits) and its REST sensor id. */
  buttonIeee: string;
  button: string;
  group: string;
  presses: number;
  /** Creates a rule over REST; resolves with its id. */
  createRule(body: unknown): Promise<string>;
  /** `PUT /groups/<id>/action` over REST. */
  toggleByRest(): Promise<void>;
}

/** Moments of one press, epoch ms; 0 = not seen. */
interface Moments {
  pressed: number;
  bridgeOut: number;
  hub: number;
  handed: number;
  groupSet: number;
  frame: number;
}

async function groupcasts(stack: Stack): Promise<number> {
  const counters = (await radioControl(stack.radio.control, 'GET', '/counters')) as { group: Record<string, number> };
  return Object.values(counters.group).reduce((a, b) => a + b, 0);
}

/** Polls the radio's frame counters back to back until a new groupcast appears. */
async function nextGroupcast(stack: Stack, before: number, timeoutMs = 5_000): Promise<number> {
  const deadline = epoch() + timeoutMs;
  while (epoch() < deadline) {
    if ((await groupcasts(stack)) > before) return epoch();
  }
  throw new Error('no groupcast reached the radio');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epoch = () => performance.timeOrigin + performance.now();

export async function measurePressPath(input: PressPathInput, ctx: BenchContext): Promise<string> {
  const { stack, button, group } = input;
  await input.createRule({
    name: 'bench toggle',
    conditions: [
      { address: `/sensors/${button}/state/buttonevent`, operator: 'eq', value: '1002' },
      { address: `/sensors/${button}/state/lastupdated`, operator: 'dx' },
    ],
    actions: [{ address: `/groups/${group}/action`, method: 'PUT', body: { toggle: true } }],
  });
  const services: Services = stack.api.services;
  const bridge = services.bridge.info()!.bridge;
  const base = 'herdgate';
  const groupSetTopic = topics.groupSet({ base, bridge }, Number(group));
  const probe = spawnTs('bench/suites/rules/mqtt-timestamps.child.ts', [stack.mqttUrl, `${topics.device(base, `0x${input.buttonIeee}`)}/#`, groupSetTopic], {});
  await probe.line((line) => (line === 'ready' ? true : undefined), 10_000, 'the MQTT timing probe');
  let current: Moments = { pressed: 0, bridgeOut: 0, hub: 0, handed: 0, groupSet: 0, frame: 0 };
  const first = (key: keyof Moments, at = epoch()) => {
    if (current[key] === 0) current[key] = at;
  };
  /** The probe's first sighting of each topic kind since this press (its lines arrive with a lag). */
  const probeSeen = () => {
    for (const line of probe.output) {
      if (!line.startsWith('{')) continue;
      const { topic, at } = JSON.parse(line) as { topic: string; at: number };
      if (at >= current.pressed) first(topic === groupSetTopic ? 'groupSet' : 'bridgeOut', at);
    }
    probe.output.length = 0;
    return current.bridgeOut > 0 && current.groupSet > 0;
  };
  const offHub = services.events.subscribe((_m, event) => {
    if (event.r === 'sensors' && event.id === button && event.state) first('hub');
  });
  const link = services.bridge;
  const setGroup = link.setGroup.bind(link);
  link.setGroup = (...args) => {
    first('handed');
    return setGroup(...args);
  };
  const presses: Moments[] = [];
  const rest: Moments[] = [];
  try {
    for (let i = 0; i < input.presses; i += 1) {
      current = { pressed: 0, bridgeOut: 0, hub: 0, handed: 0, groupSet: 0, frame: 0 };
      let before = await groupcasts(stack);
      probe.output.length = 0;
      current.pressed = epoch();
      await radioControl(stack.radio.control, 'POST', `/devices/${input.buttonIeee}/actions/press`, { button: 'button', kind: 'single' });
      current.frame = await nextGroupcast(stack, before);
      await waitFor(() => current.hub > 0 && probeSeen(), 'the press seen by the api and both messages by the probe', 5_000, 1);
      presses.push(current);
      // The baseline is a lone groupcast too: past the bridge's group pacing window (GROUP_DELAY_MS 50).
      await pause(100);
      before = await groupcasts(stack);
      const sent = epoch();
      current = { pressed: sent, bridgeOut: 0, hub: 0, handed: 0, groupSet: 0, frame: 0 };
      await input.toggleByRest();
      const frame = await nextGroupcast(stack, before);
      await waitFor(
        () => {
          probeSeen();
          return current.groupSet > 0;
        },
        'the REST group command seen by the probe',
        5_000,
        1,
      );
      rest.push({ ...current, frame });
      await pause(100);
    }
  } finally {
    offHub();
    link.setGroup = setGroup;
    await probe.stop(5_000);
  }
  const span = (from: keyof Moments, to: keyof Moments, of = presses) => of.map((m) => m[to] - m[from]);
  const viaRest = span('pressed', 'frame', rest);
  const total = span('pressed', 'frame');
  ctx.log(`press→frame p50 ${fmtMs(percentile(total, 50))} ms over ${presses.length} presses`);
  const row = (name: string, values: number[], note: string) => [
    name,
    fmtMs(percentile(values, 50)),
    fmtMs(percentile(values, 99)),
    fmtMs(Math.max(...values)),
    note,
  ];
  const p50 = percentile(total, 50);
  const p99 = percentile(total, 99);
  return table(
    ['Stage, api in the bench process (ms)', 'p50', 'p99', 'max', 'Where / target'],
    [
      row(
        "1. press at the radio → the button's message on MQTT",
        span('pressed', 'bridgeOut'),
        'control call, radio, herdsman (deCONZ driver), converter, bridge publish',
      ),
      row('2. → sensor event published in the api', span('bridgeOut', 'hub'), 'api: MQTT in, sensors model, event hub'),
      row('3. → rule action handed to the bridge link', span('hub', 'handed'), 'api: rules engine, internal `PUT /groups/<id>/action`'),
      row('4. → group command on MQTT', span('handed', 'groupSet'), 'api: MQTT publish'),
      row('5. → groupcast frame at the radio', span('groupSet', 'frame'), 'bridge queue (group lane), herdsman, deCONZ driver, radio; + one counter poll'),
      row(
        '**button press → rule → groupcast at the radio**',
        total,
        `p50 ≤ 10 ${p50 <= 10 ? 'met' : '**missed**'}, p99 ≤ 30 ${p99 <= 30 ? 'met' : '**missed**'}`,
      ),
      row('`PUT /groups/<id>/action` → groupcast (baseline)', viaRest, `rule path / baseline p50: ${(p50 / percentile(viaRest, 50)).toFixed(2)}×`),
      row('baseline, REST call → group command on MQTT', span('pressed', 'groupSet', rest), 'HTTP client, api, MQTT publish'),
      row('baseline, group command → groupcast at the radio', span('groupSet', 'frame', rest), 'as stage 5, but 100 ms after the last radio traffic'),
    ],
  );
}
