import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureZigbee2mqtt } from '../bench/lib/z2m/install';
import { zigbee2mqttStack } from '../bench/lib/z2m/stack';
import type { RunningStack } from '../bench/lib/bridge-stack';
import { catalogueModels, generateNetwork } from '../bridge/virtual-radio/networks/generate';
import { connectMqtt, radioControl, type MqttProbe } from './helpers/clients';
import { startBridge, startRadio, freePort, type BridgeProcess, type RadioProcess } from './helpers/processes';
import { waitFor } from './helpers/wait';
import {
  allowedExpose,
  allowedRadio,
  allowedState,
  canonical,
  changes,
  flatten,
  type Expose,
  type Json,
  SET_PAYLOADS,
  setPayloadFor,
  STIMULI,
} from './z2m-side-by-side-cases';

const BASE = 'zigbee2mqtt';
/** How long one device may take to show the same result on both sides (Zigbee2MQTT's deCONZ driver works through a burst one frame at a time). */
const SETTLE_MS = 20_000;

/**
 * herdgate's Zigbee2MQTT-compatible API beside the real Zigbee2MQTT 2.14.1, on the deCONZ front:
 * two virtual radios with the same generated network (one device of every catalogue model that
 * pairs by permit join, the same IEEE addresses), one per gateway, paired in one permit-join window
 * each. For every device: the `bridge/devices` entry's `definition.exposes` equal; the same report
 * made at each radio's control API ends in the same state payload; the same `/set` (one Zigbee2MQTT
 * accepts, made from its own exposes) leaves the device in the same real state on both radios.
 * What may differ is listed by name in ./z2m-side-by-side-cases.ts (and in docs/mqtt.md).
 */
/** The catalogue's one install-code model (Innr SP 220): it joins once each gateway was given its code through `install_code/add`. */
const PLUG = { model: 'SP220', ieee: '5c0272fffe0a0f01', code: 'B7E2410DC39F5A8E6D2C1F07A4E9C35B0238' };
const ADMIN = { username: 'side-admin', password: 'side-admin-password' };

describe('z2m api beside Zigbee2MQTT 2.14.1, every catalogue model', () => {
  const models = catalogueModels();
  const generated = generateNetwork(models.length, models);
  const network = { ...generated, devices: [...generated.devices, { model: PLUG.model, ieee: PLUG.ieee, name: 'SP220 plug' }] };
  const ieees = network.devices.map((d) => d.ieee);
  const modelOf = new Map(network.devices.map((d) => [`0x${d.ieee}`, d.model]));
  let work: string;
  const radios: RadioProcess[] = [];
  let z2m: RunningStack | undefined;
  let bridge: BridgeProcess | undefined;
  let theirs: MqttProbe;
  let ours: MqttProbe;

  const lastJson = (probe: MqttProbe, topic: string) => {
    const found = probe.messages.filter((m) => m.topic === topic && m.payload !== '').at(-1);
    return found ? (JSON.parse(found.payload) as Json) : undefined;
  };
  type Entry = { ieee_address: string; friendly_name: string; interview_completed?: boolean; definition?: { exposes: Expose[] } };
  const devicesOf = (probe: MqttProbe) => (lastJson(probe, `${BASE}/bridge/devices`) as unknown as Entry[] | undefined) ?? [];
  const entry = (probe: MqttProbe, ieee: string) => devicesOf(probe).find((d) => d.ieee_address === ieee);
  const stateTopic = (probe: MqttProbe, ieee: string) => `${BASE}/${entry(probe, ieee)!.friendly_name}`;

  /** Where two state messages differ, by key, less the named allowances. */
  const compareStates = (model: string, a: Json, b: Json) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((key) => {
      const [x, y] = [canonical(a[key]), canonical(b[key])];
      if (x === y) return [];
      const kind = x === undefined ? 'extra' : y === undefined ? 'missing' : 'value';
      return allowedState(model, key, kind) ? [] : [`${model} .${key} (${kind}): zigbee2mqtt ${x}, herdgate ${y}`];
    });
  /** The state messages after a `/set`: both equal, or (allowed by name) only herdgate's. */
  const setStates = (model: string, [a, b]: Array<Json | undefined>) => {
    if (a && b) return compareStates(model, a, b);
    if (!a && b && allowedState(model, '(state message)', 'message')) return [];
    return [`no state message from ${[!a && 'zigbee2mqtt', !b && 'herdgate'].filter(Boolean).join(' and ')}`];
  };
  /** The last state message on each side since message `seen[i]`. */
  const latestStates = (ieee: string, seen: number[]) =>
    [theirs, ours].map((p, i) => {
      const m = p.messages
        .slice(seen[i])
        .filter((m) => m.topic === stateTopic(p, ieee))
        .at(-1);
      return m ? (JSON.parse(m.payload) as Json) : undefined;
    });

  beforeAll(async () => {
    const install = await ensureZigbee2mqtt(() => {});
    if (!install.ok) throw new Error(`Zigbee2MQTT could not be installed: ${install.error}`);
    work = await mkdtemp(join(tmpdir(), 'herdgate-z2m-side-'));
    await writeFile(join(work, 'network.json'), JSON.stringify(network));
    for (const side of ['z2m', 'herdgate']) radios.push(await startRadio({ statePath: join(work, `radio-${side}.json`), network: join(work, 'network.json') }));
    const mqttPort = await freePort();
    const [theirStack, ourBridge] = await Promise.all([
      zigbee2mqttStack(install).start({
        radioPort: Number(new URL(radios[0].path).port),
        protocol: 'deconz',
        dataDir: join(work, 'z2m'),
        devices: ieees.filter((ieee) => ieee !== PLUG.ieee),
        pairing: true,
        timeoutMs: 120_000,
      }),
      startBridge({
        radioPath: radios[1].path,
        dataDir: join(work, 'herdgate'),
        mqttPort,
        env: { PERMIT_JOIN_ON_START: '254', MQTT_ADMIN_USER: ADMIN.username, MQTT_ADMIN_PASSWORD: ADMIN.password },
      }),
    ]);
    z2m = theirStack;
    bridge = ourBridge;
    theirs = await connectMqtt(z2m.mqttUrl!, [`${BASE}/#`]);
    ours = await connectMqtt(bridge.mqttUrl, [`${BASE}/#`], ADMIN);
    // The plug's code as its label's QR code gives it, through the same request on both sides (both
    // networks are still open from their start-up permit join): the same answer, and it joins.
    const value = `Z:${PLUG.ieee.toUpperCase()}$I:${PLUG.code}`;
    const answers = await Promise.all(
      [theirs, ours].map(async (probe) => {
        const topic = `${BASE}/bridge/response/install_code/add`;
        await probe.publish(`${BASE}/bridge/request/install_code/add`, { value, transaction: 'plug' });
        return waitFor(() => probe.messages.find((m) => m.topic === topic)?.payload, 'the install code answer', 10_000, 20);
      }),
    );
    expect(JSON.parse(answers[1])).toEqual(JSON.parse(answers[0]));
    expect(JSON.parse(answers[0])).toEqual({ data: { value }, status: 'ok', transaction: 'plug' });
    await waitFor(
      () => ieees.every((ieee) => entry(ours, `0x${ieee}`)?.interview_completed && entry(theirs, `0x${ieee}`)?.interview_completed),
      'every device interviewed on both sides',
      90_000,
      100,
    );
    // The barrier for configure: an interview ends before the converters' configure (binds,
    // reporting) has reached the device, and a report made before that is not sent to that gateway
    // (seen: the SP 120's power on Zigbee2MQTT's side). Wait until neither radio's binding and
    // reporting tables have changed for three polls in a row.
    const tables = async () =>
      JSON.stringify(
        await Promise.all(
          radios.flatMap((radio) =>
            ieees.map(async (ieee) => {
              const { state } = (await radioControl(radio.control, 'GET', `/devices/${ieee}`)) as { state: { bindings: unknown; reporting: unknown } };
              return [state.bindings, state.reporting];
            }),
          ),
        ),
      );
    let last = '';
    let steady = 0;
    await waitFor(
      async () => {
        const now = await tables();
        steady = now === last ? steady + 1 : 0;
        last = now;
        return steady >= 3;
      },
      'configure finished on both radios',
      60_000,
      1_000,
    );
  }, 240_000);

  afterAll(async () => {
    await ours?.close();
    await theirs?.close();
    await bridge?.stop();
    await z2m?.stop();
    for (const radio of radios) await radio.stop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('should list the same exposes for every model', () => {
    const found: string[] = [];
    for (const ieee of ieees.map((i) => `0x${i}`)) {
      const model = modelOf.get(ieee)!;
      const [a, b] = [flatten(entry(theirs, ieee)?.definition?.exposes), flatten(entry(ours, ieee)?.definition?.exposes)];
      for (const path of new Set([...a.keys(), ...b.keys()]))
        if (a.get(path) !== b.get(path) && !allowedExpose(model, path)) found.push(`${model} ${path}: zigbee2mqtt ${a.get(path)}, herdgate ${b.get(path)}`);
    }
    expect(found).toEqual([]);
  });

  it('should publish the same state after the same report at the radio', async () => {
    const found: string[] = [];
    const compare = compareStates;
    await Promise.all(
      ieees.map(async (raw) => {
        const ieee = `0x${raw}`;
        const model = modelOf.get(ieee)!;
        const stimulus = STIMULI[model];
        if (!stimulus) return;
        const seen = [theirs, ours].map((p) => p.messages.length);
        await Promise.all(radios.map((r) => radioControl(r.control, 'POST', `/devices/${raw}/actions/${stimulus.action}`, stimulus.body ?? {})));
        const latest = () => latestStates(ieee, seen);
        const settled = () => {
          const [a, b] = latest();
          return a !== undefined && b !== undefined && compare(model, a, b).length === 0;
        };
        await waitFor(settled, `${model} state`, SETTLE_MS, 50).catch(() => {
          const [a, b] = latest();
          if (!a || !b) found.push(`${model}: no state message from ${[!a && 'zigbee2mqtt', !b && 'herdgate'].filter(Boolean).join(' and ')}`);
          else found.push(...compare(model, a, b));
        });
      }),
    );
    expect(found).toEqual([]);
  }, 60_000);

  it('should take the same /set and leave the device in the same real state', async () => {
    const found: string[] = [];
    const covered = new Set(Object.keys(STIMULI));
    // A few devices at a time: each polls both radios' control APIs until its change shows.
    await inBatches(ieees, 8, async (raw) => {
      {
        const ieee = `0x${raw}`;
        const model = modelOf.get(ieee)!;
        // The current value from both sides: herdgate's state has what it read at pairing.
        const current = { ...lastJson(ours, stateTopic(ours, ieee)), ...lastJson(theirs, stateTopic(theirs, ieee)) };
        const payload = SET_PAYLOADS[model] ?? setPayloadFor(entry(theirs, ieee)?.definition?.exposes ?? [], current);
        if (!payload) return;
        covered.add(model);
        const read = async () => (await Promise.all(radios.map((r) => radioControl(r.control, 'GET', `/devices/${raw}`)))).map((d) => d.state as Json);
        const before = await read();
        const seen = [theirs, ours].map((p) => p.messages.length);
        await Promise.all([theirs.publish(`${BASE}/${ieee}/set`, payload), ours.publish(`${BASE}/${ieee}/set`, payload)]);
        // What each /set did at its radio, without what moves by itself (allowances `radio`).
        const deltas = async () => (await read()).map((after, i) => new Map([...changes(before[i], after)].filter(([path]) => !allowedRadio(model, path))));
        const compare = ([a, b]: Array<Map<string, string | undefined>>) =>
          [...new Set([...a.keys(), ...b.keys()])]
            .filter((k) => a.get(k) !== b.get(k))
            .map((k) => `${k}: zigbee2mqtt ${a.get(k) ?? '(unchanged)'}, herdgate ${b.get(k) ?? '(unchanged)'}`);
        await waitFor(
          async () => {
            const d = await deltas();
            return d[0].size > 0 && compare(d).length === 0 && setStates(model, latestStates(ieee, seen)).length === 0;
          },
          `${model} /set`,
          SETTLE_MS,
          100,
        ).catch(async () => {
          const d = await deltas();
          const states = setStates(model, latestStates(ieee, seen));
          found.push(
            `${model} ${JSON.stringify(payload)}: ${[...(d[0].size === 0 ? ['Zigbee2MQTT changed nothing at its radio'] : compare(d)), ...states].join('; ')}`,
          );
        });
      }
    });
    expect(found).toEqual([]);
    // Every model was compared after a report, a /set or both.
    expect(models.filter((m) => !covered.has(m))).toEqual([]);
  }, 60_000);
});

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}
