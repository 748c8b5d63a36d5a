import type { DeviceDescription, EndpointEvent, EndpointState, ItemValue, RemovalReason, RemovedDevice } from '@herdgate/shared/mqtt';
import { itemRanges, type SubdevicePlan } from '@herdgate/shared/deconz';
import type { ConverterState, ZigbeeDevice } from '../zigbee/index';
import { memoryForgottenDevices, type ForgottenDevices } from './forgotten';
import type { DeconzMapping } from './mapping';
import type { NameStore } from './names';
import { buttonEvents } from './button-events';
import { lightCapabilities } from './light-capabilities';
import { lastSeen, lastUpdated, macOf } from './timestamps';

/**
 * The bridge's in-memory model of every device as the spec's Device object, plus the deCONZ items
 * of each endpoint. Everything published comes from here, so MQTT never waits on the radio.
 */
export interface StateChange {
  endpoint: number;
  state?: EndpointState;
  event?: EndpointEvent;
}

export interface DeviceRegistry {
  /** Rebuild a device's description from a radio snapshot; returns it. */
  upsert(device: ZigbeeDevice): DeviceDescription;
  get(ieee: string): DeviceDescription | undefined;
  all(): DeviceDescription[];
  endpointState(ieee: string, endpoint: number): EndpointState | undefined;
  /** The sub-devices of a device with what the mapping needs to read them (converter key suffix). */
  plans(ieee: string): SubdevicePlan[];
  /** Apply converter state from the radio; returns what changed, per endpoint. */
  apply(ieee: string, endpoint: number, state: ConverterState): StateChange[];
  /** Mark reachability; returns the changed endpoint states (empty when nothing changed). */
  setAvailability(ieee: string, online: boolean): StateChange[];
  seen(ieee: string, at: number): void;
  announced(ieee: string, at: number): void;
  /**
   * The device is gone from this network; resolves once that is on disk (`forgotten.ts`), so a
   * removal acknowledged to a client survives a restart. False when the device was not known.
   */
  remove(ieee: string, reason: RemovalReason): Promise<boolean>;
  /**
   * The device was this bridge's and left (a leave, a removal, a new network), also before a
   * restart, and has not joined again: a command to it is answered `not_found`, not left to
   * another bridge on the broker.
   */
  forgot(ieee: string): boolean;
  /** The devices it no longer has, oldest removal first (the retained `…/removed` topic). */
  removed(): RemovedDevice[];
}

interface Entry {
  description: DeviceDescription;
  plans: SubdevicePlan[];
  endpoints: Map<number, EndpointState>;
}

/** Endpoints (the DDF fingerprint) and the bindings with their reporting (the DDF bindings). */
function interviewFacts(device: ZigbeeDevice): Pick<DeviceDescription, 'endpoints' | 'bindings'> {
  return {
    endpoints: device.endpoints.map((ep) => ({ id: ep.id, profile: ep.profileId, device: ep.deviceId, in: ep.inputClusters, out: ep.outputClusters })),
    bindings: device.endpoints.flatMap((ep) => (ep.bindings ?? []).map((b) => ({ endpoint: ep.id, ...b }))),
  };
}

const POWER: Record<string, DeviceDescription['powersource']> = {
  'Mains (single phase)': 'mains',
  'Mains (3 phase)': 'mains',
  'DC Source': 'mains',
  Battery: 'battery',
};

export function createDeviceRegistry(deps: { mapping: DeconzMapping; names: NameStore; forgotten?: ForgottenDevices; now?: () => number }): DeviceRegistry {
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const forgotten = deps.forgotten ?? memoryForgottenDevices();
  let lastStampMs = 0;

  const setReachable = (entry: Entry, endpoint: number, online: boolean): EndpointState => {
    const current = entry.endpoints.get(endpoint) ?? { state: { lastupdated: 'none' }, config: {} };
    const resources = entry.description.subdevices.filter((s) => s.endpoint === endpoint);
    const next: EndpointState = { state: { ...current.state }, config: { ...current.config } };
    if (resources.some((s) => s.resource === 'lights')) next.state.reachable = online;
    if (resources.some((s) => s.resource === 'sensors')) next.config.reachable = online;
    entry.endpoints.set(endpoint, next);
    return next;
  };

  return {
    upsert(device) {
      // Back in the network: off the list (written in the background; a restart before it lands
      // finds the device in herdsman's database and takes it off again).
      if (forgotten.has(device.ieee)) void forgotten.delete(device.ieee).catch(() => {});
      const previous = entries.get(device.ieee);
      const plans = device.interview === 'successful' && device.definition ? deps.mapping.subdevices(device) : [];
      // The converter key suffix, a switch's role and button map are the bridge's business; the published description has none.
      const exposes = (device.definition?.exposes ?? []) as Array<Record<string, unknown>>;
      const subdevices = plans.map(({ suffix, role, buttonmap, ...plan }) => {
        // The items' ranges as the device's exposes bound them (the api's introspection shows them).
        const ranges = itemRanges(plan.bindings);
        const subdevice = ranges ? { ...plan, ranges } : plan;
        const capabilities = subdevice.resource === 'lights' ? lightCapabilities(exposes, suffix) : undefined;
        if (capabilities) return { ...subdevice, capabilities };
        const events = subdevice.state.includes('buttonevent') ? buttonEvents(exposes, role, buttonmap) : [];
        return events.length > 0 ? { ...subdevice, buttonevents: events } : subdevice;
      });
      const description: DeviceDescription = {
        ieee: device.ieee,
        uniqueid: macOf(device.ieee),
        name: (deps.names.get(device.ieee) ?? device.definition?.description ?? device.modelId ?? device.ieee).slice(0, 32),
        manufacturername: device.manufacturerName ?? '',
        modelid: device.modelId ?? '',
        productid: device.definition?.model,
        swversion: device.swBuildId ?? device.dateCode ?? '',
        powersource: POWER[device.powerSource ?? ''] ?? 'unknown',
        lastannounced: previous?.description.lastannounced ?? null,
        lastseen: device.lastSeen ? lastSeen(device.lastSeen) : (previous?.description.lastseen ?? null),
        ...((device.lastSeen ?? previous?.description.lastseen_at) ? { lastseen_at: device.lastSeen ?? previous?.description.lastseen_at } : {}),
        interview: device.interview,
        supported: device.definition !== undefined,
        availability: previous?.description.availability ?? 'online',
        subdevices,
        ...(device.interview === 'successful' ? interviewFacts(device) : {}),
      };
      const entry: Entry = { description, plans, endpoints: previous?.endpoints ?? new Map() };
      entries.set(device.ieee, entry);
      for (const items of deps.mapping.defaults(plans)) {
        const current = entry.endpoints.get(items.endpoint) ?? { state: { lastupdated: 'none' }, config: {} };
        entry.endpoints.set(items.endpoint, { state: { ...items.state, ...current.state }, config: { ...items.config, ...current.config } });
      }
      for (const endpoint of new Set(subdevices.map((s) => s.endpoint))) setReachable(entry, endpoint, description.availability === 'online');
      return description;
    },
    get: (ieee) => entries.get(ieee)?.description,
    all: () => [...entries.values()].map((e) => e.description),
    endpointState: (ieee, endpoint) => entries.get(ieee)?.endpoints.get(endpoint),
    plans: (ieee) => entries.get(ieee)?.plans ?? [],

    apply(ieee, endpoint, state) {
      const entry = entries.get(ieee);
      if (!entry) return [];
      // Strictly increasing across the bridge: two presses handled within one millisecond still get
      // different stamps, which is how the api tells a new press from a repeat of the last one.
      lastStampMs = Math.max(now(), lastStampMs + 1);
      const stamp = lastUpdated(lastStampMs);
      const changes: StateChange[] = [];
      for (const items of deps.mapping.items(entry.plans, endpoint, state)) {
        const change: StateChange = { endpoint: items.endpoint };
        if (Object.keys(items.state).length > 0 || Object.keys(items.config).length > 0) {
          const current = entry.endpoints.get(items.endpoint) ?? { state: { lastupdated: 'none' }, config: {} };
          const next: EndpointState = {
            state: { ...current.state, ...items.state, lastupdated: Object.keys(items.state).length > 0 ? stamp : current.state.lastupdated },
            config: { ...current.config, ...items.config },
          };
          entry.endpoints.set(items.endpoint, next);
          change.state = next;
        }
        if (Object.keys(items.event).length > 0) change.event = { state: { ...(items.event as Record<string, ItemValue>), lastupdated: stamp } };
        if (change.state || change.event) changes.push(change);
      }
      return changes;
    },

    setAvailability(ieee, online) {
      const entry = entries.get(ieee);
      const availability = online ? 'online' : 'offline';
      if (!entry || entry.description.availability === availability) return [];
      entry.description = { ...entry.description, availability };
      return [...new Set(entry.description.subdevices.map((s) => s.endpoint))].map((endpoint) => ({ endpoint, state: setReachable(entry, endpoint, online) }));
    },
    seen(ieee, at) {
      const entry = entries.get(ieee);
      if (entry) entry.description = { ...entry.description, lastseen: lastSeen(at), lastseen_at: at };
    },
    announced(ieee, at) {
      const entry = entries.get(ieee);
      if (entry) entry.description = { ...entry.description, lastannounced: `${new Date(at).toISOString().slice(0, 19)}Z` };
    },
    async remove(ieee, reason) {
      if (!entries.delete(ieee)) return false;
      await forgotten.add(ieee, reason, now());
      return true;
    },
    forgot: (ieee) => forgotten.has(ieee),
    removed: () => forgotten.list().filter((device) => !entries.has(device.ieee)),
  };
}
