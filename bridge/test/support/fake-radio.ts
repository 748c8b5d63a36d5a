import { EventEmitter } from 'node:events';
import { RadioError, type FailureReason } from '../../src/zigbee/radio-error';
import { createFakeOta, type FakeOta } from './fake-ota';
import type { ConverterState, RadioStart, SetResult, ZigbeeDevice, ZigbeeEventMap, ZigbeeRadio } from '../../src/zigbee/index';

/**
 * A radio behind the bridge's `ZigbeeRadio` interface, without herdsman or a coordinator: the
 * bridge's features run against it in the test process (as zigbee2mqtt tests its extensions
 * against a mocked herdsman). It keeps what a coordinator would (devices, group members, the
 * converter state writes left) and records every frame the bridge asked for in `calls`; a test
 * plays the network's side with `emit` (a report, a join, a leave) and `fail` (the next frames to
 * a device go unanswered). The process-level suites prove the same paths on the virtual radio.
 */
export interface RadioCall {
  op: string;
  args: unknown[];
}

export interface FakeRadio extends ZigbeeRadio {
  calls: RadioCall[];
  /** Make the next `times` frames to `ieee` fail with `reason` (a ping, a set, a read…); 0 ends it. */
  fail(ieee: string, reason: FailureReason, times?: number): void;
  emit<K extends keyof ZigbeeEventMap>(event: K, payload: ZigbeeEventMap[K]): void;
  /** Put a device on the network (herdsman's database after its interview): `join` also announces it. */
  add(device: ZigbeeDevice): void;
  /** OTA clients of the devices (fake-ota.ts). */
  readonly ota: FakeOta;
}

const CLUSTER_NAMES: Record<number, string> = { 5: 'genScenes', 6: 'genOnOff', 8: 'genLevelCtrl', 768: 'lightingColorCtrl' };

export const FAKE_COORDINATOR = '0x00212effff0a0b0c';

export function createFakeRadio(devices: ZigbeeDevice[] = []): FakeRadio {
  const events = new EventEmitter();
  // Heard last when the radio started, as herdsman's database would say.
  const fresh = (d: ZigbeeDevice): ZigbeeDevice => ({ lastSeen: Date.now(), ...structuredClone(d) });
  const known = new Map(devices.map((d) => [d.ieee, fresh(d)]));
  const states = new Map<string, ConverterState>();
  const members = new Map<number, Array<{ ieee: string; endpoint: number }>>();
  const failing = new Map<string, { reason: FailureReason; times: number }>();
  const calls: RadioCall[] = [];
  let up = false;

  /** One frame to a device: recorded, and refused when the test said it goes unanswered. */
  const frame = (op: string, ieee: string, ...args: unknown[]) => {
    calls.push({ op, args: [ieee, ...args] });
    if (!up) throw new RadioError('the Zigbee network is down', 'offline');
    const failure = failing.get(ieee);
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failing.delete(ieee);
      throw new RadioError(`${op} ${ieee}: no answer (fake radio)`, failure.reason);
    }
    if (!known.has(ieee)) throw new RadioError(`device ${ieee} is not on the network`, 'unsupported');
  };
  const remember = (ieee: string, state: ConverterState) => states.set(ieee, { ...(states.get(ieee) ?? {}), ...state });
  const started = (): RadioStart => ({
    coordinator: { ieee: FAKE_COORDINATOR, type: 'ConBee2/RaspBee2', firmware: '0x26780700', devicename: 'ConBee II' },
    network: { channel: 15, panid: 0x1a62, extpanid: '0xdddddddddddddddd' },
    result: 'resumed',
  });
  const written = (values: ConverterState): SetResult => ({ sent: Object.keys(values), state: { ...values }, skipped: [] });

  const radio: FakeRadio = {
    calls,
    async start() {
      up = true;
      return started();
    },
    background() {},
    async stop() {
      up = false;
    },
    async suspend() {
      up = false;
    },
    async resume() {
      up = true;
      return started();
    },
    isUp: () => up,
    channel: () => 15,
    on(event, listener) {
      events.on(event, listener as (payload: unknown) => void);
    },
    emit(event, payload) {
      events.emit(event, payload);
    },
    fail(ieee, reason, times = 1) {
      if (times > 0) failing.set(ieee, { reason, times });
      else failing.delete(ieee);
    },
    add(device) {
      known.set(device.ieee, fresh(device));
    },
    async permitJoin(seconds, via) {
      calls.push({ op: 'permitJoin', args: [seconds, via] });
    },
    devices: () => [...known.values()].map((d) => structuredClone(d)),
    device: (ieee) => (known.has(ieee) ? structuredClone(known.get(ieee)!) : undefined),
    state: (ieee) => ({ ...(states.get(ieee) ?? {}) }),
    async set(ieee, endpoint, values) {
      frame('set', ieee, endpoint, values);
      remember(ieee, values);
      return written(values);
    },
    async get(ieee, endpoint, keys) {
      frame('get', ieee, endpoint, keys);
      return { read: keys, skipped: [] };
    },
    async setGroup(group, values) {
      calls.push({ op: 'setGroup', args: [group, values] });
      return written(values);
    },
    async read(ieee, endpoint, cluster, attributes) {
      frame('read', ieee, endpoint, cluster, attributes);
      return Object.fromEntries(attributes.map((a) => [String(a), 0]));
    },
    async refresh(ieee, endpoint) {
      frame('refresh', ieee, endpoint);
      return endpoint === undefined ? known.get(ieee)!.endpoints.map((e) => e.id) : [endpoint];
    },
    async ping(ieee) {
      frame('ping', ieee);
    },
    async remove(ieee, options) {
      frame('remove', ieee, options);
      known.delete(ieee);
      return { left: options.leave };
    },
    async addGroupMember(group, ieee, endpoint) {
      frame('addGroupMember', ieee, group, endpoint);
      const list = members.get(group) ?? [];
      if (!list.some((m) => m.ieee === ieee && m.endpoint === endpoint)) list.push({ ieee, endpoint });
      members.set(group, list);
    },
    async removeGroupMember(group, ieee, endpoint) {
      frame('removeGroupMember', ieee, group, endpoint);
      members.set(
        group,
        (members.get(group) ?? []).filter((m) => m.ieee !== ieee || m.endpoint !== endpoint),
      );
    },
    async scene(action, group, scene, transitiontime) {
      calls.push({ op: 'scene', args: [action, group, scene, transitiontime] });
    },
    groupMembers: (group) => [...(members.get(group) ?? [])],
    groups: () => [...members.entries()].map(([id, list]) => ({ id, members: [...list] })),
    async bindGroup(ieee, endpoint, clusters, group, unbind) {
      frame(unbind ? 'unbindGroup' : 'bindGroup', ieee, endpoint, clusters, group);
      return clusters;
    },
    outputClusters: (ieee, endpoint) =>
      (known.get(ieee)?.endpoints.find((e) => e.id === endpoint)?.outputClusters ?? []).flatMap((id) => CLUSTER_NAMES[id] ?? []),
    async addScene(ieee, endpoint, scene) {
      frame('addScene', ieee, endpoint, scene);
    },
    async removeMemberScene(ieee, endpoint, group, scene) {
      frame('removeMemberScene', ieee, endpoint, group, scene);
    },
    async backup() {
      return { metadata: { format: 'zigpy/open-coordinator-backup', version: 1 } };
    },
    touchlink: {
      async scan() {
        return [];
      },
      async identify() {
        throw new RadioError('no touchlink on the fake radio', 'unsupported');
      },
      async reset() {
        throw new RadioError('no touchlink on the fake radio', 'unsupported');
      },
    },
    async keypadPanel(ieee, endpoint, state) {
      frame('keypadPanel', ieee, endpoint, state);
    },
    async keypadArmResponse(ieee, endpoint, result, seq) {
      frame('keypadArmResponse', ieee, endpoint, result, seq);
    },
    async reconfigure(ieee) {
      frame('reconfigure', ieee);
      return true;
    },
    async addInstallCodeText(text) {
      calls.push({ op: 'addInstallCodeText', args: [text] });
      if (!/^\|?[0-9a-fA-F]{16}\|[0-9a-fA-F]+\|?$|Z:[0-9a-zA-Z]{16}\$I:/.test(text))
        throw new RadioError(`Unsupported install code, got ${text.length} chars`, 'error');
    },
    async addInstallCode(ieee, code) {
      calls.push({ op: 'addInstallCode', args: [ieee, code] });
    },
    async neighbours(ieee) {
      frame('neighbours', ieee);
      return [];
    },
    ota: createFakeOta(
      (event, payload) => events.emit(event, payload),
      (ieee) => known.get(ieee),
    ),
  };
  return radio;
}
