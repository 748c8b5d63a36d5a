import { afterEach, describe, expect, it } from 'vitest';
import { relative } from '../src/features/z2m/network-map';
import { LAMP, SWITCH, z2mPerTest } from './support/z2m-harness';

/**
 * The whole-bridge requests of Zigbee2MQTT's API (`options`, `restart`, `networkmap`) in process, on
 * the fake radio: each answer in Zigbee2MQTT's envelope with the caller's transaction, and a bad
 * payload answered with an error that changes nothing.
 */
const COORDINATOR = '0x00212effff000001';
const z = z2mPerTest(afterEach);
let tx = 0;
const start = async () => {
  const h = await z.start();
  const c = await z.client('admin');
  /** Objects go with a transaction (checked on the answer); anything else as written, answered by the next response. */
  const request = async (name: string, payload: unknown) => {
    const topic = `zigbee2mqtt/bridge/response/${name}`;
    const transaction = `tx-${++tx}`;
    const withTx = payload !== null && typeof payload === 'object';
    const seen = c.messages.filter((m) => m.topic === topic).length;
    await c.mqtt.publishAsync(`zigbee2mqtt/bridge/request/${name}`, withTx ? JSON.stringify({ ...payload, transaction }) : String(payload));
    await expect.poll(() => c.messages.filter((m) => m.topic === topic).length, { timeout: 5_000 }).toBeGreaterThan(seen);
    const parsed = JSON.parse(c.messages.filter((m) => m.topic === topic)[seen].payload) as Record<string, any>;
    expect(parsed.transaction).toBe(withTx ? transaction : undefined);
    delete parsed.transaction;
    return parsed;
  };
  const lastState = (name: string) => JSON.parse(c.messages.filter((m) => m.topic === `zigbee2mqtt/${name}`).at(-1)!.payload) as Record<string, unknown>;
  const info = () => JSON.parse(c.messages.filter((m) => m.topic === 'zigbee2mqtt/bridge/info').at(-1)!.payload) as Record<string, any>;
  return { h, c, request, lastState, info };
};

describe('z2m api: options', () => {
  it('should apply advanced.last_seen and answer restart_required false', async () => {
    const { h, c, request, lastState, info } = await start();
    h.report(LAMP, 1, { state: 'ON' }, { lastSeen: 1_700_000_000_000, linkquality: 90 });
    await c.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && m.payload.includes('"ON"'));
    expect(lastState('Kitchen lamp')).toEqual({ state: 'ON', linkquality: 90 });

    expect(await request('options', { options: { advanced: { last_seen: 'epoch' } } })).toEqual({ data: { restart_required: false }, status: 'ok' });
    await expect.poll(() => info().config.advanced.last_seen).toBe('epoch');
    h.report(LAMP, 1, { state: 'OFF' }, { lastSeen: 1_700_000_000_500 });
    await c.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && m.payload.includes('"OFF"'));
    expect(lastState('Kitchen lamp')).toEqual({ state: 'OFF', last_seen: 1_700_000_000_500, linkquality: 90 });

    expect(await request('options', { options: { advanced: { last_seen: 'ISO_8601' } } })).toMatchObject({ status: 'ok' });
    h.report(LAMP, 1, { state: 'ON' }, { lastSeen: 1_700_000_001_000 });
    await c.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && m.payload.includes('2023-11-14T22:13:21.000Z'));
  });

  it('should refuse a bad value, another setting or a bad payload and change nothing', async () => {
    const { h, c, request, lastState, info } = await start();
    expect(await request('options', { options: { advanced: { last_seen: 'epoch' } } })).toMatchObject({ status: 'ok' });

    const refused = [
      { options: { advanced: { last_seen: 'weekly' } } },
      // A valid setting beside one herdgate does not take: neither is applied.
      { options: { advanced: { last_seen: 'disable' }, mqtt: { base_topic: 'other' } } },
      { options: 'advanced.last_seen=disable' },
      {},
    ];
    for (const payload of refused) {
      const answer = await request('options', payload);
      expect(answer).toMatchObject({ data: {}, status: 'error', error: expect.any(String) });
      expect(answer.error).toMatch(payload.options && typeof payload.options === 'object' ? /nothing was changed/ : /^Invalid payload/);
    }
    expect(await request('options', '[1]')).toMatchObject({ data: {}, status: 'error', error: expect.stringMatching(/^Invalid payload/) });
    expect(info().config.advanced.last_seen).toBe('epoch');
    h.report(LAMP, 1, { state: 'ON' }, { lastSeen: 1_700_000_000_000 });
    await c.next((m) => m.topic === 'zigbee2mqtt/Kitchen lamp' && m.payload.includes('"ON"'));
    expect(lastState('Kitchen lamp').last_seen).toBe(1_700_000_000_000);
  });
});

describe('z2m api: install_code/add', () => {
  const CODE = 'Z:0017880100a1b2c3$I:83FED3407A939723A5C639FF4C12A3B4C5D6';

  it("should hand the label's text to herdsman and answer the value, as Zigbee2MQTT does", async () => {
    const { h, request } = await start();
    expect(await request('install_code/add', { value: CODE })).toEqual({ data: { value: CODE }, status: 'ok' });
    expect(await request('install_code/add', { value: '0017880100a1b2c4|83FED3407A939723A5C639FF4C12A3B4C5D6' })).toMatchObject({ status: 'ok' });
    expect(h.installCodes).toEqual([CODE, '0017880100a1b2c4|83FED3407A939723A5C639FF4C12A3B4C5D6']);
  });

  it('should refuse a payload without a value and a code herdsman cannot read, and add nothing', async () => {
    const { h, request } = await start();
    for (const payload of [{}, { value: '' }, { value: 42 }, '"Z:0017880100a1b2c3$I:83FE"'])
      expect(await request('install_code/add', payload), JSON.stringify(payload)).toMatchObject({
        data: {},
        status: 'error',
        error: expect.stringMatching(/^Invalid payload/),
      });
    const unreadable = await request('install_code/add', { value: 'not an install code' });
    expect(unreadable).toMatchObject({ data: {}, status: 'error', error: expect.stringContaining('Unsupported install code') });
    expect(h.installCodes).toEqual([]);
  });
});

describe('z2m api: restart', () => {
  it('should answer first, then restart the Zigbee stack and publish the bridge again', async () => {
    const { h, c, request } = await start();
    const before = c.messages.filter((m) => m.topic === 'zigbee2mqtt/bridge/state').length;
    expect(await request('restart', {})).toEqual({ data: {}, status: 'ok' });
    // Zigbee2MQTT answers, then restarts half a second later.
    expect(h.network.suspended).toBe(0);
    await expect.poll(() => h.network.resumed, { timeout: 5_000 }).toBe(1);
    expect(h.network.suspended).toBe(1);
    await expect
      .poll(() => c.messages.filter((m) => m.topic === 'zigbee2mqtt/bridge/state').slice(before))
      .toContainEqual(expect.objectContaining({ payload: '{"state":"online"}' }));
    expect(await request('health_check', {})).toEqual({ data: { healthy: true }, status: 'ok' });
  });

  it('should refuse a payload that is not an object and not restart', async () => {
    const { h, request } = await start();
    expect(await request('restart', '[1]')).toMatchObject({ data: {}, status: 'error', error: expect.stringMatching(/^Invalid payload/) });
    expect(await request('restart', '"now"')).toMatchObject({ status: 'error' });
    // The barrier: a good restart after the refused ones is the only one the radio sees.
    expect(await request('restart', {})).toMatchObject({ status: 'ok' });
    await expect.poll(() => h.network.resumed, { timeout: 5_000 }).toBe(1);
    expect(h.network.suspended).toBe(1);
  });
});

describe('z2m api: networkmap', () => {
  const links = [`${LAMP} --> ${COORDINATOR}: 200`, `${SWITCH} --> ${COORDINATOR}: 150`, `${COORDINATOR} --> ${LAMP}: 210`, `${LAMP} --> ${SWITCH}: 120`];

  it('should answer raw with the nodes and neighbour links in Zigbee2MQTT names', async () => {
    const { request } = await start();
    const raw = await request('networkmap', { type: 'raw', routes: false });
    expect(raw).toMatchObject({ status: 'ok', data: { type: 'raw', routes: false } });
    const { nodes, links: got } = raw.data.value as { nodes: Array<Record<string, unknown>>; links: Array<Record<string, any>> };
    expect(nodes.map((n) => [n.ieeeAddr, n.friendlyName, n.type, n.networkAddress]).sort()).toEqual(
      [
        [COORDINATOR, 'Coordinator', 'Coordinator', 0],
        [LAMP, 'Kitchen lamp', 'Router', 0x1234],
        [SWITCH, 'Hall switch', 'Router', 0x2345],
      ].sort(),
    );
    expect(nodes.find((n) => n.ieeeAddr === LAMP)).toMatchObject({
      manufacturerName: 'IKEA of Sweden',
      modelID: 'TRADFRI bulb E27 WW 806lm',
      failed: [],
      definition: { model: 'LED1836G9', vendor: 'IKEA', description: 'TRADFRI bulb E27 806 lumen, dimmable, warm white' },
    });
    expect(got.map((l) => `${l.source.ieeeAddr} --> ${l.target.ieeeAddr}: ${l.lqi}`).sort()).toEqual([...links].sort());
    const toLamp = got.find((l) => l.target.ieeeAddr === LAMP)!;
    expect(toLamp).toEqual({
      source: { ieeeAddr: COORDINATOR, networkAddress: 0 },
      target: { ieeeAddr: LAMP, networkAddress: 0x1234 },
      deviceType: 0,
      rxOnWhenIdle: 1,
      relationship: 0,
      permitJoining: 0,
      depth: 0,
      lqi: 210,
      routes: [],
      sourceIeeeAddr: COORDINATOR,
      targetIeeeAddr: LAMP,
      sourceNwkAddr: 0,
      linkquality: 210,
    });
  });

  it('should answer plantuml and graphviz as Zigbee2MQTT renders them, the bare type string too', async () => {
    const { request } = await start();
    const uml = await request('networkmap', 'plantuml');
    expect(uml).toMatchObject({ status: 'ok', data: { type: 'plantuml', routes: false } });
    const text = uml.data.value as string;
    const lines = text.split('\n');
    // The coordinator is seen now; the devices were never heard here.
    expect(lines[8]).toMatch(/^(0|1) seconds? ago$/);
    expect(lines.slice(0, 33)).toEqual([
      "' paste into: https://www.planttext.com/",
      '',
      '@startuml',
      `card ${COORDINATOR} [`,
      'Coordinator',
      '---',
      `${COORDINATOR} (0x0000)`,
      '---',
      lines[8],
      ']',
      '',
      `card ${SWITCH} [`,
      'Hall switch',
      '---',
      `${SWITCH} (0x2345)`,
      '---',
      'Aqara Smart wall switch (with neutral, double rocker) (QBKG24LM)',
      '---',
      'unknown',
      ']',
      '',
      `card ${LAMP} [`,
      'Kitchen lamp',
      '---',
      `${LAMP} (0x1234)`,
      '---',
      'IKEA TRADFRI bulb E27 806 lumen, dimmable, warm white (LED1836G9)',
      '---',
      'unknown',
      ']',
      '',
      ...lines.slice(31, 33),
    ]);
    expect(lines.slice(31, 35).sort()).toEqual([...links].sort());
    expect(lines.slice(35)).toEqual(['', '@enduml']);

    const dot = await request('networkmap', { type: 'graphviz', routes: true });
    // routes: true is echoed; herdgate reads neighbour tables only, so every link's routes stay empty.
    expect(dot).toMatchObject({ status: 'ok', data: { type: 'graphviz', routes: true } });
    expect(dot.data.value).toContain(
      `  "${LAMP}" [style="rounded, filled", fillcolor="#4ea3e0", fontcolor="#ffffff", label="{Kitchen lamp|${LAMP} (0x1234)|IKEA TRADFRI bulb E27 806 lumen, dimmable, warm white (LED1836G9)|unknown}"];\n`,
    );
    expect(dot.data.value).toContain(`  "${LAMP}" -> "${SWITCH}" [penwidth=0.5, weight=0, color="#994444", label="120"]\n`);
  });

  it('should word last seen as Zigbee2MQTT does (humanize-duration, two units, rounded)', () => {
    const cases: Array<[number, string]> = [
      [0, '0 seconds ago'],
      [500, '1 second ago'],
      [1_400, '1 second ago'],
      [119_700, '2 minutes ago'],
      [518_340_000, '6 days ago'],
      [611_748_540, '1 week, 2 hours ago'],
      [3_200_000_000, '1 month, 1 week ago'],
    ];
    for (const [ms, text] of cases) expect(relative(ms)).toBe(text);
  });

  it("should refuse a type it does not render, with Zigbee2MQTT's message", async () => {
    const { request } = await start();
    expect(await request('networkmap', { type: 'svg' })).toEqual({
      data: {},
      status: 'error',
      error: "Type 'svg' not supported, allowed are: raw,graphviz,plantuml",
    });
    expect(await request('networkmap', {})).toEqual({ data: {}, status: 'error', error: "Type 'undefined' not supported, allowed are: raw,graphviz,plantuml" });
    expect(await request('networkmap', { type: 'raw', routes: 'yes' })).toMatchObject({
      data: {},
      status: 'error',
      error: expect.stringMatching(/^Invalid payload/),
    });
  });
});
