import type { ZigbeeDevice } from '../../zigbee/index';

/**
 * Reading a Zigbee2MQTT `/set` or `/get`: the payload as Zigbee2MQTT reads it (an attribute in the
 * topic takes the raw value, a bare ON/OFF/TOGGLE… is `{state}`), then each key to the endpoint
 * it names (`state_l2`, or `<name>/l2/set`), the rest to the definition's default endpoint.
 */
const BARE_STATES = ['on', 'off', 'toggle', 'open', 'close', 'stop', 'lock', 'unlock'];

export type Payload = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export function readPayload(raw: string, attribute: string | undefined): Payload {
  if (attribute !== undefined) {
    try {
      return { ok: true, value: { [attribute]: JSON.parse(raw) } };
    } catch {
      return { ok: true, value: { [attribute]: raw } };
    }
  }
  if (BARE_STATES.includes(raw.trim().toLowerCase())) return { ok: true, value: { state: raw.trim() } };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { ok: false, error: `Invalid message '${raw.slice(0, 200)}', skipping...` };
}

/** The endpoint id a name designates on a device (`default` and absent: its default endpoint). */
export function endpointOf(device: ZigbeeDevice, name?: string): number | undefined {
  const names = device.definition?.endpointNames ?? {};
  if (name !== undefined && name !== 'default') return names[name];
  return names.default ?? device.endpoints[0]?.id;
}

export interface Split {
  /** Per endpoint: the keys without suffix, and the endpoint name the state keys get back. */
  byEndpoint: Map<number, { name?: string; values: Record<string, unknown> }>;
  unknownEndpoint?: string;
}

/** Options that go along with every endpoint's keys (a transition applies to all of them). */
const SHARED_OPTIONS = new Set(['transition', 'brightness_step_onoff']);

export function splitByEndpoint(device: ZigbeeDevice, values: Record<string, unknown>, topicEndpoint?: string): Split {
  const names = Object.keys(device.definition?.endpointNames ?? {}).filter((n) => n !== 'default');
  const suffix = names.length > 0 ? new RegExp(`^(.*?)_(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`) : undefined;
  const byEndpoint: Split['byEndpoint'] = new Map();
  const shared: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(values)) {
    if (SHARED_OPTIONS.has(rawKey)) {
      shared[rawKey] = value;
      continue;
    }
    const match = suffix ? rawKey.match(suffix) : null;
    const name = match ? match[2] : topicEndpoint;
    const key = match ? match[1] : rawKey;
    const id = endpointOf(device, name);
    if (id === undefined) return { byEndpoint, unknownEndpoint: name };
    const entry = byEndpoint.get(id) ?? { name: name === 'default' ? undefined : name, values: {} };
    entry.values[key] = value;
    byEndpoint.set(id, entry);
  }
  for (const entry of byEndpoint.values()) Object.assign(entry.values, shared);
  return { byEndpoint };
}

/** State keys back in the device's vocabulary: `state` from endpoint `l2` is `state_l2`. */
export const withSuffix = (state: Record<string, unknown>, name: string | undefined) =>
  name === undefined ? state : Object.fromEntries(Object.entries(state).map(([key, value]) => [`${key}_${name}`, value]));
