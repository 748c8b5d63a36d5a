import {
  MOMENTARY_ITEMS,
  changedDeconzItems,
  describeSubdevices,
  eventOnlyItems,
  toConverterCommand,
  toDeconzItems,
  type ExposeJson,
} from '@herdgate/shared/deconz';
import type { ZigbeeDevice } from '../zigbee/index';
import type { DeconzMapping, EndpointItems } from './mapping';

/**
 * The mapping seam answered by the shared tables (@herdgate/shared/deconz). This file only adapts
 * shapes: a radio snapshot to `describeSubdevices` input, per-sub-device items to per-endpoint
 * items, and picks which sub-device of an endpoint carries a command.
 */
const GREEN_POWER_ENDPOINT = 242;

/** Cluster id -> first endpoint that has it as input, else as output (remotes send on/off). */
function clusterEndpoints(
  device: ZigbeeDevice,
  sides: ReadonlyArray<'inputClusters' | 'outputClusters'> = ['inputClusters', 'outputClusters'],
): Record<number, number> {
  const out: Record<number, number> = {};
  for (const side of sides) {
    for (const ep of device.endpoints) {
      if (ep.id === GREEN_POWER_ENDPOINT) continue;
      for (const cluster of ep[side]) out[cluster] ??= ep.id;
    }
  }
  return out;
}

const entryOf = (map: Map<number, EndpointItems>, endpoint: number): EndpointItems => {
  let entry = map.get(endpoint);
  if (!entry) {
    entry = { endpoint, state: {}, config: {}, event: {} };
    map.set(endpoint, entry);
  }
  return entry;
};

const nonEmpty = (entry: EndpointItems) => Object.keys(entry.state).length + Object.keys(entry.config).length + Object.keys(entry.event).length > 0;

export const deconzMapping: DeconzMapping = {
  subdevices(device) {
    const defaultEndpoint = device.endpoints.find((ep) => ep.id !== GREEN_POWER_ENDPOINT)?.id ?? 1;
    return describeSubdevices({
      ieee: device.ieee,
      exposes: (device.definition?.exposes ?? []) as unknown as ExposeJson[],
      defaultEndpoint,
      endpointNames: device.definition?.endpointNames,
      clusterEndpoints: clusterEndpoints(device),
      clientClusterEndpoints: clusterEndpoints(device, ['outputClusters']),
      model: device.definition?.model,
    });
  },

  defaults(subdevices) {
    const byEndpoint = new Map<number, EndpointItems>();
    for (const subdevice of subdevices) {
      const items = toDeconzItems(subdevice, {});
      const entry = entryOf(byEndpoint, subdevice.endpoint);
      Object.assign(entry.state, items.state);
      Object.assign(entry.config, items.config);
    }
    return [...byEndpoint.values()];
  },

  items(subdevices, _endpoint, state) {
    // Converter keys name their endpoint by suffix (multi-endpoint devices) or belong to the whole
    // device; either way the tables pick what each sub-device reads, and only from keys present.
    const byEndpoint = new Map<number, EndpointItems>();
    for (const subdevice of subdevices) {
      const items = changedDeconzItems(subdevice, state);
      const entry = entryOf(byEndpoint, subdevice.endpoint);
      for (const section of ['state', 'config'] as const) {
        for (const [item, value] of Object.entries(items[section])) {
          entry[section][item] = value;
          if (section === 'state' && MOMENTARY_ITEMS.has(item)) entry.event[item] = value;
        }
      }
      if (Object.keys(entry.event).length > 0) Object.assign(entry.event, eventOnlyItems(subdevice, state));
    }
    return [...byEndpoint.values()].filter(nonEmpty);
  },

  command(subdevices, command, state) {
    // The sub-device that can carry the most of the command answers it (a keypad endpoint may
    // also present a temperature sensor that carries nothing).
    const attempts = subdevices.map((s) => ({ type: s.type, result: toConverterCommand(s.type, command, s.bindings, state) }));
    attempts.sort((a, b) => a.result.unsupported.length - b.result.unsupported.length);
    const best = attempts[0];
    if (!best) return { ok: false, message: 'nothing on this endpoint accepts commands' };
    const [invalid] = best.result.invalid ?? [];
    if (invalid !== undefined) return { ok: false, code: 'invalid_payload', message: `${invalid.item}: ${invalid.reason}`, field: invalid.item };
    const [unsupported] = best.result.unsupported;
    if (unsupported !== undefined) return { ok: false, message: `${unsupported}: not supported by ${best.type}`, field: unsupported };
    return { ok: true, payloads: best.result.payloads, sent: best.result.sent };
  },
};
