import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePayload, deviceSetSchema, groupSetSchema, REQUEST_NAMES, requestSchemas, SET_COMMAND_KEYS } from '@herdgate/shared/mqtt';
import { waitFor } from '../../../test/helpers/wait';
import { COLOR_LAMP } from '../support/fake-devices';
import { startInProcessBridge, type InProcessBridge } from '../support/in-process-bridge';

/**
 * Thousands of malformed payloads on every inbound topic of the contract (device and group
 * commands, every request): each gets an error response on its answer topic, none is executed,
 * the bridge neither crashes nor stops serving, and the device's stored name is untouched.
 * Payloads come from a seeded generator and are kept only when the contract's own schema refuses
 * them, so the test never sends a command that would legitimately run. In process on the fake
 * radio, which also shows that no frame went out for any of them.
 */
const LAMP = COLOR_LAMP.ieee;
const PER_TOPIC = 120;

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const BAD_VALUES: unknown[] = [
  null,
  true,
  false,
  -1,
  0,
  1.5,
  255,
  256,
  -65536,
  1e12,
  '',
  'x',
  'on',
  '0x12',
  [],
  [1],
  [0.5, 2],
  [[]],
  {},
  { a: 1 },
  'x'.repeat(300),
  -0,
  65535,
  70000,
];
const RAW: Array<string | Buffer> = [
  '',
  '{',
  '}',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"a":',
  '{"transaction":',
  'NaN',
  '{,}',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  Buffer.from([0xc3, 0x28]),
  '\u0000',
  '{"on":tru}',
  '[{"on":true}]',
];

/** Invalid payloads for one schema: raw garbage, and objects the schema refuses. */
function malformed(schema: v.GenericSchema, keys: readonly string[], random: () => number, count: number): Array<string | Buffer> {
  const out: Array<string | Buffer> = [...RAW];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  let guard = 0;
  while (out.length < count && guard++ < count * 50) {
    const body: Record<string, unknown> = {};
    const size = 1 + Math.floor(random() * 3);
    for (let i = 0; i < size; i++) {
      const key = random() < 0.85 ? pick(keys) : pick(['bright', 'ON', '__proto__', 'constructor', 'x'.repeat(70), '']);
      body[key] = pick(BAD_VALUES);
    }
    if (random() < 0.5) body.transaction = random() < 0.8 ? `t${out.length}` : pick(BAD_VALUES);
    if (random() < 0.1) body.expires = pick(BAD_VALUES);
    let text = JSON.stringify(body);
    if (random() < 0.1) text = `{"nested":${'['.repeat(200)}${']'.repeat(200)}}`;
    if (!decodePayload(schema, text).ok) out.push(text);
  }
  return out;
}

const keysOf = (schema: v.GenericSchema): string[] => {
  const entries =
    (schema as { entries?: Record<string, unknown>; pipe?: Array<{ entries?: Record<string, unknown> }> }).entries ??
    (schema as { pipe?: Array<{ entries?: Record<string, unknown> }> }).pipe?.[0]?.entries ??
    {};
  return Object.keys(entries);
};

describe('bridge mqtt fuzz', () => {
  let g: InProcessBridge;

  beforeAll(async () => {
    g = await startInProcessBridge([COLOR_LAMP]);
    await g.request('device/rename', { ieee: LAMP, name: 'fuzzed lamp' });
  });
  afterAll(async () => {
    await g?.close();
  });

  it('should answer every malformed payload on every topic with an error, and keep serving', async () => {
    const random = prng(14);
    const endpoint = (await g.probe.waitFor((m) => m.topic === g.dt(LAMP) && m.json().subdevices.length > 0)).json().subdevices[0].endpoint as number;
    const plan: Array<{ topic: string; answer: string; payloads: Array<string | Buffer> }> = [
      {
        topic: g.dt(LAMP, `${endpoint}/set`),
        answer: g.dt(LAMP, `${endpoint}/set/result`),
        payloads: malformed(deviceSetSchema, SET_COMMAND_KEYS, random, PER_TOPIC * 3),
      },
      { topic: g.bt('groups/5/set'), answer: g.bt('groups/5/set/result'), payloads: malformed(groupSetSchema, SET_COMMAND_KEYS, random, PER_TOPIC * 2) },
      ...REQUEST_NAMES.map((name) => ({
        topic: g.bt(`request/${name}`),
        answer: g.bt(`response/${name}`),
        payloads: malformed(requestSchemas[name] as v.GenericSchema, keysOf(requestSchemas[name] as v.GenericSchema), random, PER_TOPIC),
      })),
    ];
    const total = plan.reduce((sum, entry) => sum + entry.payloads.length, 0);
    expect(total).toBeGreaterThan(2000);
    const from = g.probe.messages.length;
    const frames = g.radio.calls.length;
    const answered = (answer: string) => g.probe.messages.slice(from).filter((m) => m.topic === answer);
    for (const { topic, payloads } of plan) {
      for (let i = 0; i < payloads.length; i += 50) {
        await Promise.all(payloads.slice(i, i + 50).map((payload) => g.probe.client.publishAsync(topic, payload, { qos: 1 })));
      }
    }
    for (const { answer, payloads } of plan) {
      await waitFor(() => answered(answer).length >= payloads.length, `${payloads.length} answers on ${answer}`, 30_000);
      const answers = answered(answer).map((m) => m.json());
      expect(answers.length, answer).toBe(payloads.length);
      expect(
        answers.filter((a) => a.status !== 'error'),
        answer,
      ).toEqual([]);
      expect(new Set(answers.map((a) => a.error.code)), answer).toEqual(
        new Set(answers.map((a) => a.error.code).filter((c) => c === 'invalid_json' || c === 'invalid_payload')),
      );
    }
    // Nothing reached the radio, the bridge still serves, and nothing stored changed.
    expect(g.radio.calls.slice(frames)).toEqual([]);
    const ok = await g.set(LAMP, endpoint, { on: true, bri: 100 });
    expect(ok).toMatchObject({ status: 'ok', data: { acknowledged: true } });
    const devices = await g.request('devices', {});
    expect(devices.data.devices.find((d: { ieee: string }) => d.ieee === LAMP).name).toBe('fuzzed lamp');
  }, 60_000);
});
