import type { ConverterState, DefinitionInfo, ExposeJson } from '../../zigbee/index';

/**
 * Zigbee2MQTT's state cache: per device, the converter keys it publishes, merged over time. Keys
 * the bridge adds for deCONZ items (exposes Zigbee2MQTT's definition does not have, unless its
 * converters report them all the same) are left out, and momentary keys (`action`…) are published once but not kept, as Zigbee2MQTT does.
 */
const NOT_CACHED = [
  /^action$/,
  /^action_.*/,
  /^button$/,
  /^button_left$/,
  /^button_right$/,
  /^forgotten$/,
  /^keyerror$/,
  /^step_size$/,
  /^transition_time$/,
  /^group_list$/,
  /^group_capacity$/,
  /^no_occupancy_since$/,
  /^step_mode$/,
  /^elapsed$/,
  /^from_side$/,
  /^to_side$/,
  /^illuminance_lux$/,
];

function properties(exposes: ExposeJson[], into = new Set<string>()): Set<string> {
  for (const expose of exposes) {
    if (typeof expose.property === 'string') into.add(expose.property);
    if (Array.isArray(expose.features)) properties(expose.features as ExposeJson[], into);
  }
  return into;
}

const computed = new WeakMap<DefinitionInfo, Set<string>>();
const NONE = new Set<string>();

/** The state keys only the bridge's own exposes name (computed once per definition). */
export function bridgeOnlyKeys(definition: DefinitionInfo | undefined): Set<string> {
  if (!definition?.z2m) return NONE;
  let keys = computed.get(definition);
  if (!keys) {
    const own = properties(definition.z2m.exposes, new Set(definition.z2m.reported ?? []));
    keys = new Set([...properties(definition.exposes)].filter((key) => !own.has(key)));
    computed.set(definition, keys);
  }
  return keys;
}

export interface StateCache {
  /** Merge converter state; returns the message to publish (cache plus the momentary keys). */
  update(ieee: string, definition: DefinitionInfo | undefined, state: ConverterState): ConverterState;
  get(ieee: string): ConverterState;
  delete(ieee: string): void;
}

export function createStateCache(): StateCache {
  const states = new Map<string, ConverterState>();
  return {
    update(ieee, definition, state) {
      const skip = bridgeOnlyKeys(definition);
      const kept = Object.fromEntries(Object.entries(state).filter(([key]) => !skip.has(key)));
      const message = { ...(states.get(ieee) ?? {}), ...kept };
      states.set(ieee, Object.fromEntries(Object.entries(message).filter(([key]) => !NOT_CACHED.some((re) => re.test(key)))));
      return message;
    },
    get: (ieee) => states.get(ieee) ?? {},
    delete: (ieee) => void states.delete(ieee),
  };
}
