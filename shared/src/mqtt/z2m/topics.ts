/**
 * The topics of the Zigbee2MQTT-compatible API (bridge/src/features/z2m), built and parsed here
 * like the contract's own. Entities are addressed by friendly name, which may contain `/`;
 * `bridge` is reserved for the bridge's topics, as in Zigbee2MQTT.
 */
export const DEFAULT_Z2M_BASE_TOPIC = 'zigbee2mqtt';

export const z2mTopics = {
  bridgeState: (base: string) => `${base}/bridge/state`,
  bridgeInfo: (base: string) => `${base}/bridge/info`,
  bridgeDevices: (base: string) => `${base}/bridge/devices`,
  bridgeGroups: (base: string) => `${base}/bridge/groups`,
  bridgeDefinitions: (base: string) => `${base}/bridge/definitions`,
  bridgeEvent: (base: string) => `${base}/bridge/event`,
  bridgeLogging: (base: string) => `${base}/bridge/logging`,
  request: (base: string, name: string) => `${base}/bridge/request/${name}`,
  response: (base: string, name: string) => `${base}/bridge/response/${name}`,
  entity: (base: string, name: string) => `${base}/${name}`,
  availability: (base: string, name: string) => `${base}/${name}/availability`,
  set: (base: string, name: string) => `${base}/${name}/set`,
  get: (base: string, name: string) => `${base}/${name}/get`,
  /**
   * What the bridge listens to under the base topic: requests, and `/set` and `/get` (with or
   * without an attribute) of names up to four levels deep (a name and an endpoint count as two).
   * Not `<base>/#`: the bridge would receive every state it publishes itself.
   */
  inbound: (base: string) => [
    `${base}/bridge/request/#`,
    ...[1, 2, 3, 4].flatMap((depth) =>
      ['set', 'get'].flatMap((verb) => {
        const prefix = `${base}/${Array(depth).fill('+').join('/')}/${verb}`;
        return [prefix, `${prefix}/+`];
      }),
    ),
  ],
};

export type Z2mTopic =
  | { kind: 'request'; name: string }
  | { kind: 'response'; name: string }
  | { kind: 'bridge'; name: string }
  /** `path`: everything between the base and `/set` or `/get` (a name, maybe an endpoint after it). */
  | { kind: 'set' | 'get'; path: string; attribute?: string }
  | { kind: 'entity' };

/** What a topic under `base` is, or undefined when it is not under `base`. */
export function parseZ2mTopic(base: string, topic: string): Z2mTopic | undefined {
  if (!topic.startsWith(`${base}/`)) return undefined;
  const rest = topic.slice(base.length + 1);
  if (rest.startsWith('bridge/request/')) return { kind: 'request', name: rest.slice('bridge/request/'.length) };
  if (rest.startsWith('bridge/response/')) return { kind: 'response', name: rest.slice('bridge/response/'.length) };
  if (rest === 'bridge' || rest.startsWith('bridge/')) return { kind: 'bridge', name: rest.slice('bridge/'.length) };
  // The last `/set` or `/get` segment splits the entity from an attribute (`lamp/set/brightness`).
  const parts = rest.split('/');
  for (let i = parts.length - 1; i >= 1; i -= 1) {
    const verb = parts[i];
    if (verb !== 'set' && verb !== 'get') continue;
    // An attribute is one segment; `a/set/b/c` is not a command topic.
    if (parts.length - i > 2) break;
    const attribute = parts[i + 1];
    return { kind: verb, path: parts.slice(0, i).join('/'), ...(attribute === undefined || attribute === '' ? {} : { attribute }) };
  }
  return { kind: 'entity' };
}

/** A friendly name usable in topics: no wildcards, no empty segment, no reserved last segment. */
export function isValidFriendlyName(name: string): boolean {
  if (name === '' || name.length > 200 || /[#+]/.test(name) || name.startsWith('/') || name.endsWith('/') || name.includes('//')) return false;
  if (name === 'bridge' || name.startsWith('bridge/')) return false;
  const last = name.split('/').pop() ?? '';
  // `<name>/<n>` would read as an endpoint; `set`, `get`, `availability` as topics of their own.
  return !['set', 'get', 'availability'].includes(last) && !/^\d+$/.test(last);
}
