import { EventEmitter } from 'node:events';
import { pino } from 'pino';
import { startTestBroker, connect, collect } from './broker-clients';
import { createBus } from '@herdgate/shared/bus';
import { createCommandQueue } from '../../src/commands/index';
import { loadConfig } from '../../src/config';
import { deconzMapping } from '../../src/devices/deconz-mapping';
import { createDeviceRegistry } from '../../src/devices/registry';
import type { NameStore } from '../../src/devices/names';
import type { BridgeEventMap } from '../../src/events';
import { PermitWindow } from '../../src/features/permit-window';
import type { FeatureDeps } from '../../src/features/types';
import { z2mApi } from '../../src/features/z2m/index';
import { connectMqtt } from '../../src/mqtt/link';
import type { ConverterState, Neighbour, ZigbeeDevice, ZigbeeRadio } from '../../src/zigbee/index';

/**
 * The Zigbee2MQTT-compatible API in process: a fake radio behind the bridge's radio interface (it
 * records what it is asked to send and answers as told), the real registry, command queue and
 * feature, on a real in-process broker with a real MQTT client.
 */
export const LAMP = '0x00124b0000000001';
export const SWITCH = '0x00124b0000000002';

const light = {
  type: 'light',
  features: [
    { type: 'binary', name: 'state', property: 'state', access: 7, value_on: 'ON', value_off: 'OFF', value_toggle: 'TOGGLE' },
    { type: 'numeric', name: 'brightness', property: 'brightness', access: 7, value_min: 0, value_max: 254 },
  ],
};

function lamp(): ZigbeeDevice {
  const exposes = [light, { type: 'numeric', name: 'linkquality', property: 'linkquality', access: 1 }];
  return {
    ieee: LAMP,
    nwk: 0x1234,
    type: 'Router',
    manufacturerName: 'IKEA of Sweden',
    modelId: 'TRADFRI bulb E27 WW 806lm',
    powerSource: 'Mains (single phase)',
    interview: 'successful',
    endpoints: [{ id: 1, profileId: 260, deviceId: 0x0101, inputClusters: [0, 3, 4, 5, 6, 8], outputClusters: [25] }],
    definition: {
      model: 'LED1836G9',
      vendor: 'IKEA',
      description: 'TRADFRI bulb E27 806 lumen, dimmable, warm white',
      endpointNames: {},
      // The bridge's own expose for a deCONZ item comes after the converters' (bridge only).
      exposes: [...exposes, { type: 'numeric', name: 'herdgate_only', property: 'herdgate_only', access: 1 }],
      z2m: { exposes, options: [], supportsOta: true, source: 'native' },
    },
  };
}

function doubleSwitch(): ZigbeeDevice {
  const state = (ep: string) => ({
    type: 'switch',
    endpoint: ep,
    features: [{ type: 'binary', name: 'state', property: `state_${ep}`, access: 7, value_on: 'ON', value_off: 'OFF' }],
  });
  const exposes = [state('left'), state('right')];
  return {
    ieee: SWITCH,
    nwk: 0x2345,
    type: 'Router',
    manufacturerName: 'LUMI',
    modelId: 'lumi.switch.b2nacn02',
    powerSource: 'Mains (single phase)',
    interview: 'successful',
    endpoints: [
      { id: 1, inputClusters: [0, 6], outputClusters: [] },
      { id: 2, inputClusters: [6], outputClusters: [] },
    ],
    definition: {
      model: 'QBKG24LM',
      vendor: 'Aqara',
      description: 'Smart wall switch (with neutral, double rocker)',
      endpointNames: { left: 1, right: 2 },
      exposes,
      z2m: { exposes, options: [], supportsOta: false, source: 'native' },
    },
  };
}

export async function startZ2mHarness(names: Record<string, string> = { [LAMP]: 'Kitchen lamp', [SWITCH]: 'Hall switch' }) {
  const logger = pino({ level: 'silent' });
  const broker = await startTestBroker({
    z2mBaseTopic: 'zigbee2mqtt',
    users: [
      { username: 'script', password: 'pw', role: 'user' },
      { username: 'admin', password: 'pw', role: 'admin' },
    ],
    allowAnonymous: false,
  });
  const url = `mqtt://127.0.0.1:${broker.port}`;
  const identity = (id: string) => ({
    url,
    clientId: `${broker.internal.clientIdPrefix}-${id}`,
    user: broker.internal.username,
    password: broker.internal.password,
    will: { topic: 'zigbee2mqtt/bridge/state', payload: { state: 'offline' } },
  });
  const link = await connectMqtt(identity('herdgate'), logger);
  const z2mLink = await connectMqtt(identity('z2m'), logger);

  const events = new EventEmitter();
  const devices = new Map([
    [LAMP, lamp()],
    [SWITCH, doubleSwitch()],
  ]);
  const states = new Map<string, ConverterState>();
  const sent: Array<{ ieee: string; endpoint: number; values: ConverterState }> = [];
  const gets: Array<{ ieee: string; endpoint: number; keys: string[] }> = [];
  const groups = [{ id: 5, members: [{ ieee: LAMP, endpoint: 1 }] }];
  const radioFails: { set?: Error } = {};
  // What `restart` and `networkmap` reach: herdsman's controller stopped and started, neighbour tables.
  const network = { up: true, suspended: 0, resumed: 0 };
  const neighbours: Record<string, Neighbour[]> = {
    '0x00212effff000001': [
      { ieee: LAMP, nwk: 0x1234, type: 'Router', relationship: 'child', depth: 1, lqi: 200 },
      { ieee: SWITCH, nwk: 0x2345, type: 'Router', relationship: 'child', depth: 1, lqi: 150 },
    ],
    [LAMP]: [{ ieee: '0x00212effff000001', nwk: 0, type: 'Coordinator', relationship: 'parent', depth: 0, lqi: 210 }],
    [SWITCH]: [{ ieee: LAMP, nwk: 0x1234, type: 'Router', relationship: 'sibling', depth: 1, lqi: 120 }],
  };
  const installCodes: string[] = [];
  const radio = {
    ota: { supports: () => false },
    on: (event: string, listener: (payload: unknown) => void) => events.on(event, listener),
    devices: () => [...devices.values()],
    device: (ieee: string) => devices.get(ieee),
    state: (ieee: string) => states.get(ieee) ?? {},
    isUp: () => network.up,
    /** herdsman refuses text it cannot read as an install code; a read one is kept here. */
    async addInstallCodeText(text: string) {
      if (!/Z:[0-9a-fA-F]{16}\$I:[0-9a-fA-F]+|^[0-9a-fA-F]{16}\|[0-9a-fA-F]+$/.test(text))
        throw new Error(`Unsupported install code, got ${text.length} chars`);
      installCodes.push(text);
    },
    async suspend() {
      network.suspended++;
      network.up = false;
    },
    async resume() {
      network.resumed++;
      network.up = true;
      return started;
    },
    async neighbours(ieee: string) {
      return neighbours[ieee] ?? [];
    },
    async set(ieee: string, endpoint: number, values: ConverterState) {
      if (radioFails.set) throw radioFails.set;
      sent.push({ ieee, endpoint, values });
      const state = Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'transition'));
      states.set(ieee, { ...states.get(ieee), ...state });
      return { sent: Object.keys(state), state, skipped: [] };
    },
    async get(ieee: string, endpoint: number, keys: string[]) {
      gets.push({ ieee, endpoint, keys });
      return { read: keys, skipped: [] };
    },
    async setGroup(_group: number, values: ConverterState) {
      return { sent: Object.keys(values), state: values, skipped: [] };
    },
    groups: () => groups,
    groupMembers: (id: number) => groups.find((g) => g.id === id)?.members ?? [],
    async permitJoin() {},
    async addGroupMember(group: number, ieee: string, endpoint: number) {
      groups.find((g) => g.id === group)?.members.push({ ieee, endpoint });
    },
    async removeGroupMember() {},
  } as unknown as ZigbeeRadio;

  const bus = createBus<BridgeEventMap>(logger);
  const queue = createCommandQueue({ maxInFlight: 2, timeoutMs: 2000, groupDelayMs: 0, broadcastBudget: { max: 9, windowMs: 9000 } });
  const stored = { ...names };
  const nameStore: NameStore = {
    get: (ieee) => stored[ieee],
    set: async (ieee, name) => {
      stored[ieee] = name;
    },
    delete: async (ieee) => {
      delete stored[ieee];
    },
  };
  const registry = createDeviceRegistry({ mapping: deconzMapping, names: nameStore });
  for (const device of devices.values()) registry.upsert(device);
  const loaded = loadConfig({}, 'network.json');
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const config = loaded.config;
  const coordinator = { ieee: '0x00212effff000001', type: 'deconz', firmware: '0x26720700' };
  const started = { coordinator, network: { channel: 15, panid: 0x1a62, extpanid: '0xdddddddddddddddd' } };
  const info = () => ({
    bridge: '00212EFFFF000001',
    coordinator,
    network: { channel: 15, panid: 0x1a62, extpanid: '0xdddddddddddddddd' },
    permit_join: { open: false, remaining: 0 },
    rfconnected: true,
    queue_depth: 0,
    versions: { herdgate: '0.1.0', herdsman: '11.1.1', converters: 'x' },
    options: { group_delay_ms: 0, ota: false, light_lastseen_s: 60 },
    network_state: 'up' as const,
  });
  const permitJoin = new PermitWindow({
    permitJoin: async () => {},
    now: Date.now,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
    logger,
    onChange: () => {},
  });
  const deps = {
    bus,
    radio,
    registry,
    queue,
    link,
    topics: { base: 'herdgate', bridge: '00212EFFFF000001' },
    mapping: deconzMapping,
    names: nameStore,
    config,
    logger,
    info,
    permitJoin,
    status: { started, state: 'up', options: { group_delay_ms: 0, ota: false, light_lastseen_s: 60 } },
    // No OTA clients here (bridge/test/z2m-ota.test.ts runs the real tracker on the whole bridge).
    ota: { state: () => undefined, all: () => [] },
  } as unknown as FeatureDeps;
  const feature = z2mApi(deps, z2mLink, { birthDelayMs: 10 });

  const client = async (username?: string) => {
    const c = await connect(
      url,
      username
        ? { username, password: 'pw' }
        : { username: broker.internal.username, password: broker.internal.password, clientId: `${broker.internal.clientIdPrefix}-probe-${Math.random()}` },
    );
    await c.subscribeAsync(['zigbee2mqtt/#', 'homeassistant/#']);
    return { mqtt: c, ...collect(c) };
  };
  await feature.start();
  return {
    radio,
    installCodes,
    bus,
    registry,
    sent,
    gets,
    states,
    groups,
    radioFails,
    stored,
    client,
    /** A report from the device, as the radio emits it after the converters read a frame. */
    network,
    report: (
      ieee: string,
      endpoint: number,
      state: ConverterState,
      heard: { linkquality?: number; lastSeen?: number } = {},
      /** Keys of `state` the bridge made itself (a zone flag its converters did not read). */
      bridgeKeys?: string[],
    ) => {
      states.set(ieee, { ...states.get(ieee), ...state });
      events.emit('deviceState', { ieee, endpoint, state, ...heard, ...(bridgeKeys ? { bridgeKeys } : {}) });
    },
    async stop() {
      await feature.stop();
      queue.stop();
      await Promise.all([link.close(), z2mLink.close()]);
      await broker.close();
    },
  };
}

/** One harness per test, stopped after it with every client the test opened. */
export function z2mPerTest(afterEach: (fn: () => Promise<void>) => void) {
  let current: Awaited<ReturnType<typeof startZ2mHarness>> | undefined;
  const ends: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const end of ends.splice(0)) await end();
    await current?.stop();
    current = undefined;
  });
  return {
    async start() {
      current = await startZ2mHarness();
      return current;
    },
    async client(username?: string) {
      const c = await current!.client(username);
      ends.push(() => c.mqtt.endAsync(true));
      return c;
    },
  };
}
