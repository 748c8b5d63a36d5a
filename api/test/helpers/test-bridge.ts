import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { WebSocketServer, createWebSocketStream } from 'ws';
import {
  EXAMPLE_BRIDGE,
  examples,
  filters,
  parseTopic,
  responseExamples,
  topics,
  type BridgeInfo,
  type ItemValue,
  type DeviceDescription,
  type EndpointState,
  type OtaState,
  type RemovedDevice,
  type RequestName,
  type NetworkMap,
} from '@herdgate/shared/mqtt';
import type { CommandOutcome, DeviceCommand } from '../../src/services/bridge-link';

/** `field`: the item the bridge blames, carried in the error body as the real bridge does. */
type Outcome = { status: 'ok'; data: unknown } | { status: 'error'; code: string; message: string; field?: string };

/**
 * A scripted bridge on a real MQTT broker (aedes over WebSocket on loopback), for api tests that
 * need a bridge on both runtimes: the Node gateway and the Worker reach it through their real MQTT
 * link (`MQTT_URL: bridge.url`). It speaks the contract of @herdgate/shared/mqtt: retained state,
 * info, device descriptions and states; it records every command and request, answers with the
 * outcomes a test scripts (default: done, state applied, the contract's example data), and keeps
 * its info in step with the radio requests as the real bridge does. Only for what the real stack
 * cannot produce on demand; the cross-process tests in test/ use the real bridge.
 */
/** A request the bridge keeps unanswered; `answer()` without an outcome gives the default answer. */
export interface HeldRequest {
  name: RequestName;
  data: Record<string, unknown>;
  answer(outcome?: Outcome): Promise<void>;
}

export interface TestBridge {
  /** `ws://127.0.0.1:<port>`: the broker's WebSocket listener. */
  url: string;
  readonly sets: { ieee: string; endpoint: number; command: DeviceCommand }[];
  readonly groupSets: { group: number; command: DeviceCommand }[];
  readonly requests: { name: RequestName; data: Record<string, unknown> }[];
  /** Outcomes for the next device and group commands, in order. */
  readonly script: CommandOutcome[];
  /** Outcomes for the next requests, in order. */
  readonly requestScript: Outcome[];
  /** Device commands kept unanswered until the test answers them. */
  holdCommands: boolean;
  readonly held: { command: DeviceCommand; answer(outcome: CommandOutcome): Promise<void> }[];
  /** Requests of these names stay unanswered until the test answers them (`heldRequests`). */
  holdRequests: RequestName[];
  readonly heldRequests: HeldRequest[];
  /** What the bridge publishes as its info; change it, then `publishInfo()`. */
  info: BridgeInfo;
  /** Publishes `bridge.info` (retained), after replacing it with `info` when given. */
  publishInfo(info?: BridgeInfo): Promise<void>;
  addDevice(device: DeviceDescription, endpoint: number, state: EndpointState['state']): Promise<void>;
  setState(ieee: string, endpoint: number, patch: Record<string, unknown>): Promise<void>;
  /** A whole endpoint state (state and config) replacing the last one, retained. */
  publishState(ieee: string, endpoint: number, state: EndpointState): Promise<void>;
  /** A device event on the endpoint's event topic (a button press), not retained. */
  publishEvent(ieee: string, endpoint: number, state: Record<string, unknown>): Promise<void>;
  /** The device's retained firmware update state (`…/devices/<ieee>/ota`). */
  publishOta(ieee: string, ota: OtaState): Promise<void>;
  /** A new retained description of a known device (e.g. its bindings changed). */
  describeDevice(device: DeviceDescription): Promise<void>;
  /** The device left: its retained description is cleared, as the bridge does. */
  removeDevice(ieee: string): Promise<void>;
  /** The bridge's retained record of the devices it no longer has (`…/removed`), as it republishes it. */
  publishRemoved(devices: RemovedDevice[]): Promise<void>;
  /** A bridge event (not retained), e.g. a remote's `group_command`; malformed bodies on purpose too. */
  emitEvent(event: Record<string, unknown>): Promise<void>;
  /** A finished network map scan on the retained `bridge/<id>/networkmap`. */
  publishNetworkMap(map: NetworkMap): Promise<void>;
  /** A warning or error on `bridge/<id>/log` (not retained); malformed bodies on purpose too. */
  publishLog(entry: Record<string, unknown>): Promise<void>;
  setOnline(online: boolean): Promise<void>;
  close(): Promise<void>;
}

const BASE = 'herdgate';
const ctx = { base: BASE, bridge: EXAMPLE_BRIDGE };
const APPLIED = ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'lift', 'tilt'];

/** The light items a command leaves showing, as the real bridge's converters predict them (its `set/result` `state`). */
function shownItems(command: Record<string, unknown>): Record<string, ItemValue> {
  const shown: Record<string, ItemValue> = Object.fromEntries(
    ['on', 'bri', 'ct', 'xy', 'hue', 'sat'].filter((k) => k in command).map((k) => [k, command[k] as ItemValue]),
  );
  if ('xy' in shown) shown.colormode = 'xy';
  else if ('ct' in shown) shown.colormode = 'ct';
  else if ('hue' in shown || 'sat' in shown) shown.colormode = 'hs';
  return shown;
}
const okOutcome = (command: Record<string, unknown>) => {
  const state = shownItems(command);
  return { status: 'ok' as const, data: { acknowledged: true, sent: Object.keys(command), ...(Object.keys(state).length > 0 ? { state } : {}) } };
};

/** The example answer of the contract, with whatever the request names that the answer echoes. */
function defaultAnswer(name: RequestName, data: Record<string, unknown>): unknown {
  const example = responseExamples[name] as Record<string, unknown>;
  const echoed = Object.fromEntries(
    Object.keys(example)
      .filter((k) => k in data && k !== 'state')
      .map((k) => [k, data[k]]),
  );
  if (name === 'permit_join') return { time: data.time, open: Number(data.time) > 0 };
  if (name === 'network/connect') return { connected: data.connected };
  if (name === 'options') return { group_delay_ms: data.group_delay_ms ?? 50, ota: data.ota ?? false, light_lastseen_s: data.light_lastseen_s ?? 60 };
  return { ...example, ...echoed };
}

async function startBroker(): Promise<{ url: string; close(): Promise<void> }> {
  const broker = await Aedes.createBroker();
  const http: Server = createServer((_req, res) => res.writeHead(426).end());
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, request) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    broker.handle(stream, request);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

export async function startTestBridge(): Promise<TestBridge> {
  const broker = await startBroker();
  const client: MqttClient = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0, clientId: 'herdgate-test-bridge' });
  const states = new Map<string, EndpointState>();
  const publish = (topic: string, body: unknown, retain = false) => client.publishAsync(topic, JSON.stringify(body), { qos: 1, retain }).then(() => undefined);
  const answer = (topic: string, transaction: unknown, outcome: Outcome) =>
    publish(
      topic,
      outcome.status === 'ok'
        ? { transaction, status: 'ok', data: outcome.data }
        : {
            transaction,
            status: 'error',
            error: { code: outcome.code, message: outcome.message, ...(outcome.field === undefined ? {} : { field: outcome.field }) },
          },
    );

  const bridge: TestBridge = {
    url: broker.url,
    sets: [],
    groupSets: [],
    requests: [],
    script: [],
    requestScript: [],
    holdCommands: false,
    held: [],
    holdRequests: [],
    heldRequests: [],
    info: structuredClone(examples.bridgeInfo) as BridgeInfo,
    publishInfo(info) {
      if (info) bridge.info = structuredClone(info);
      return publish(topics.bridgeInfo(ctx), bridge.info, true);
    },
    async addDevice(device, endpoint, state) {
      states.set(`${device.ieee}/${endpoint}`, { state, config: {} } as EndpointState);
      await publish(topics.deviceState(BASE, device.ieee, endpoint), { state, config: {} }, true);
      await publish(topics.device(BASE, device.ieee), device, true);
    },
    async setState(ieee, endpoint, patch) {
      const current = states.get(`${ieee}/${endpoint}`) ?? ({ state: { lastupdated: 'none' }, config: {} } as EndpointState);
      const next = { ...current, state: { ...current.state, ...patch } } as EndpointState;
      states.set(`${ieee}/${endpoint}`, next);
      await publish(topics.deviceState(BASE, ieee, endpoint), next, true);
    },
    async publishState(ieee, endpoint, state) {
      states.set(`${ieee}/${endpoint}`, state);
      await publish(topics.deviceState(BASE, ieee, endpoint), state, true);
    },
    publishEvent: (ieee, endpoint, state) => publish(topics.deviceEvent(BASE, ieee, endpoint), { state }),
    describeDevice: (device) => publish(topics.device(BASE, device.ieee), device, true),
    publishOta: (ieee, ota) => publish(topics.deviceOta(BASE, ieee), ota, true),
    async removeDevice(ieee) {
      for (const key of [...states.keys()]) if (key.startsWith(`${ieee}/`)) states.delete(key);
      await client.publishAsync(topics.device(BASE, ieee), '', { qos: 1, retain: true });
    },
    publishRemoved: (devices) => publish(topics.removedDevices(ctx), { devices }, true),
    emitEvent: (event) => publish(topics.bridgeEvent(ctx), event),
    publishLog: (entry) => publish(topics.bridgeLog(ctx), entry),
    publishNetworkMap: (map) => publish(topics.networkMap(ctx), map, true),
    setOnline: (online) => publish(topics.bridgeState(ctx), { state: online ? 'online' : 'offline' }, true),
    async close() {
      await client.endAsync(true);
      await broker.close();
    },
  };

  async function onRequest(name: RequestName, body: Record<string, unknown>): Promise<void> {
    const { transaction, expires: _expires, ...data } = body;
    bridge.requests.push({ name, data });
    if (bridge.holdRequests.includes(name)) {
      bridge.heldRequests.push({ name, data, answer: (outcome) => respond(name, data, transaction, outcome) });
      return;
    }
    await respond(name, data, transaction, bridge.requestScript.shift());
  }

  async function respond(name: RequestName, data: Record<string, unknown>, transaction: unknown, scripted?: Outcome): Promise<void> {
    const outcome = scripted ?? { status: 'ok' as const, data: defaultAnswer(name, data) };
    if (outcome.status === 'ok') {
      // The real bridge publishes what a radio request changed in its info before answering.
      const info = bridge.info;
      if (name === 'permit_join') info.permit_join = { open: Number(data.time) > 0, remaining: Number(data.time) };
      if (name === 'network/channel') info.network = { ...info.network, channel: Number(data.channel) };
      if (name === 'network/connect') info.rfconnected = Boolean(data.connected);
      if (name === 'options') info.options = outcome.data as BridgeInfo['options'];
      if (name === 'firmware/update') info.coordinator = { ...info.coordinator, firmware: String((outcome.data as { firmware: string }).firmware) };
      await publish(topics.bridgeInfo(ctx), info, true);
    }
    await answer(topics.response(ctx, name), transaction, outcome);
  }

  async function onSet(ieee: string, endpoint: number, body: Record<string, unknown>): Promise<void> {
    const { transaction, expires: _expires, ...command } = body;
    bridge.sets.push({ ieee, endpoint, command: command as DeviceCommand });
    const reply = (outcome: CommandOutcome) => answer(topics.deviceSetResult(BASE, ieee, endpoint), transaction, outcome as Outcome);
    if (bridge.holdCommands) {
      bridge.held.push({ command: command as DeviceCommand, answer: reply });
      return;
    }
    const scripted = bridge.script.shift();
    if (scripted) return reply(scripted);
    // Like the bridge: the predicted state is published before the result.
    const applied = Object.fromEntries(APPLIED.filter((k) => k in command).map((k) => [k, command[k]]));
    if (Object.keys(applied).length > 0) await bridge.setState(ieee, endpoint, applied);
    await reply(okOutcome(command));
  }

  client.on('message', (topic, payload) => {
    const parsed = parseTopic(BASE, topic);
    const body = JSON.parse(payload.toString()) as Record<string, unknown>;
    let handled: Promise<void> | undefined;
    if (parsed?.kind === 'bridge/request') handled = onRequest(parsed.name, body);
    else if (parsed?.kind === 'device/set') handled = onSet(parsed.ieee, parsed.endpoint, body);
    else if (parsed?.kind === 'group/set') {
      const { transaction, expires: _expires, ...command } = body;
      bridge.groupSets.push({ group: parsed.group, command: command as DeviceCommand });
      const outcome = bridge.script.shift() ?? okOutcome(command);
      handled = answer(topics.groupSetResult(ctx, parsed.group), transaction, outcome as Outcome);
    }
    handled?.catch(() => undefined);
  });
  await client.subscribeAsync(filters.bridgeInbound(ctx), { qos: 1 });
  await publish(topics.bridgeInfo(ctx), bridge.info, true);
  await bridge.setOnline(true);
  return bridge;
}
