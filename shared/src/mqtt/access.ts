import type { ParsedTopic, TopicKind } from './parse-topic';
import type { RequestName } from './topics';

/**
 * Who may publish and read each topic of the contract, as data: the embedded broker enforces it
 * (bridge/src/broker) and infra/mosquitto mirrors it. A new topic kind or request gets a row here.
 *
 * Roles: `bridge` speaks for devices; `api` is the REST gateway's account; `admin` an operator's;
 * `user` any other account (scripts, Node-RED); `anonymous` a client without credentials (only on
 * loopback, only when the operator allows it).
 */
export const MQTT_ROLES = ['bridge', 'api', 'admin', 'user', 'anonymous'] as const;
export type MqttRole = (typeof MQTT_ROLES)[number];

const EVERYONE: readonly MqttRole[] = MQTT_ROLES;
const BRIDGE: readonly MqttRole[] = ['bridge'];
const CLIENTS: readonly MqttRole[] = ['api', 'admin', 'user', 'anonymous'];
const TRUSTED: readonly MqttRole[] = ['bridge', 'api', 'admin'];
const API: readonly MqttRole[] = ['api'];
const MATTER: readonly MqttRole[] = ['api', 'admin'];

export interface TopicAccess {
  publish: readonly MqttRole[];
  read: readonly MqttRole[];
  /** Payload fields (paths) removed for readers not in `TRUSTED` (PINs typed on a keypad). */
  redact?: readonly string[][];
}

export const TOPIC_ACCESS: Record<TopicKind, TopicAccess> = {
  'bridge/state': { publish: BRIDGE, read: EVERYONE },
  'bridge/info': { publish: BRIDGE, read: EVERYONE },
  'bridge/event': { publish: BRIDGE, read: EVERYONE },
  'bridge/alarm': { publish: BRIDGE, read: EVERYONE },
  // Addresses only, as the device topics show them to everyone.
  'bridge/removed': { publish: BRIDGE, read: EVERYONE },
  // The map shows every device's address and links: readers of administrative answers only.
  'bridge/networkmap': { publish: BRIDGE, read: TRUSTED },
  'bridge/networkmap/progress': { publish: BRIDGE, read: TRUSTED },
  // Warnings name devices, accounts and addresses: for the api and operators.
  'bridge/log': { publish: BRIDGE, read: TRUSTED },
  'bridge/request': { publish: CLIENTS, read: EVERYONE },
  'bridge/response': { publish: BRIDGE, read: EVERYONE },
  // The api's groups: only the api speaks for them; the bridge asks, the api answers.
  'gateway/groups': { publish: API, read: EVERYONE },
  'gateway/request': { publish: BRIDGE, read: TRUSTED },
  'gateway/response': { publish: API, read: TRUSTED },
  'group/set': { publish: CLIENTS, read: EVERYONE },
  'group/set/result': { publish: BRIDGE, read: EVERYONE },
  device: { publish: BRIDGE, read: EVERYONE },
  'device/ota': { publish: BRIDGE, read: EVERYONE },
  'device/state': { publish: BRIDGE, read: EVERYONE },
  'device/event': {
    publish: BRIDGE,
    read: EVERYONE,
    redact: [
      ['state', 'code'],
      ['state', 'code_sealed'],
    ],
  },
  'device/set': { publish: CLIENTS, read: EVERYONE },
  'device/set/result': { publish: BRIDGE, read: EVERYONE },
  // The Matter bridge runs under the api's account. Its pairing code lets anyone in while a
  // window is open, so only trusted roles read it; the names are what REST shows to any key.
  'matter/state': { publish: MATTER, read: TRUSTED },
  'matter/names': { publish: MATTER, read: TRUSTED },
  'matter/request': { publish: MATTER, read: TRUSTED },
  'matter/response': { publish: MATTER, read: TRUSTED },
};

/**
 * Administrative requests: they expose or change the network itself (the backup carries the
 * network key; a touchlink reset wipes a device; channel, reset, radio on/off, firmware update and
 * the bridge options change the whole network; a network map scan sends a burst of frames to every
 * router and reveals the whole topology) or speak for the api's alarm systems (the key
 * keypad PINs are sealed with, the alarm state keypads show, the answer to an arm attempt). Only
 * the api's and an admin account may send them, and only trusted roles read their requests and
 * responses. A future network key request belongs here, and so do install codes: the code is the
 * device's secret (its link key derives from it), and giving one lets that device into the network.
 * A device firmware update (`device/ota`) rewrites a device and keeps the network busy for minutes.
 */
export const ADMIN_REQUESTS: ReadonlySet<RequestName> = new Set<RequestName>([
  'backup',
  'backup/data',
  'backup/restore',
  'touchlink/reset',
  'network/channel',
  'network/reset',
  'network/connect',
  'firmware/update',
  'options',
  'alarm/keypad_key',
  'alarm/state',
  'alarm/arm_response',
  'device/install_code',
  'network/map',
  'device/ota',
]);
const ADMIN_REQUEST_ACCESS = { publish: ['api', 'admin'], read: TRUSTED } as const;
const ADMIN_RESPONSE_ACCESS = { publish: BRIDGE, read: TRUSTED } as const;

/** The access rule of one recognised topic. */
export function accessOf(topic: ParsedTopic): TopicAccess {
  if (topic.kind === 'bridge/request' && ADMIN_REQUESTS.has(topic.name)) return ADMIN_REQUEST_ACCESS;
  if (topic.kind === 'bridge/response' && ADMIN_REQUESTS.has(topic.name)) return ADMIN_RESPONSE_ACCESS;
  return TOPIC_ACCESS[topic.kind];
}

/** The payload fields a role must not see on this topic (empty when it may see everything). */
export function redactionsFor(role: MqttRole, topic: ParsedTopic): readonly string[][] {
  return TRUSTED.includes(role) ? [] : (accessOf(topic).redact ?? []);
}
