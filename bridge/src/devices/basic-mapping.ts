import type { ItemValue, Subdevice, SubdeviceType } from '@herdgate/shared/mqtt';
import type { ExposeJson, ZigbeeDevice } from '../zigbee/index';
import { TO_CONVERTER, TO_ITEMS } from './basic-convert';
import { EXPOSE_TYPES, LIGHT_BY_FEATURE, TYPE_ROWS } from './basic-types';
import type { DeconzMapping, EndpointItems } from './mapping';
import { macOf } from './timestamps';

/**
 * The bridge's own implementation of the mapping seam, driven by the tables in basic-types.ts and
 * basic-convert.ts. Interim: to be replaced by the shared tables in @herdgate/shared/deconz.
 */
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

function typeOf(expose: ExposeJson): SubdeviceType | undefined {
  if (expose.type === 'light') {
    const names = ((expose.features as ExposeJson[] | undefined) ?? []).map((f) => String(f.name));
    return LIGHT_BY_FEATURE.find(([needs]) => needs.every((n) => names.includes(n)))?.[1];
  }
  return EXPOSE_TYPES[expose.type] ?? EXPOSE_TYPES[String(expose.property ?? expose.name)];
}

function endpointFor(device: ZigbeeDevice, expose: ExposeJson, cluster: number, resource: string): number {
  const named = typeof expose.endpoint === 'string' ? device.definition?.endpointNames[expose.endpoint] : undefined;
  if (named !== undefined) return named;
  const clusters = (ep: ZigbeeDevice['endpoints'][number]) => (resource === 'sensors' && cluster === 0x0006 ? ep.outputClusters : ep.inputClusters);
  return device.endpoints.find((ep) => clusters(ep).includes(cluster))?.id ?? device.endpoints[0]?.id ?? 1;
}

export const basicMapping: DeconzMapping = {
  subdevices(device) {
    const out: Subdevice[] = [];
    for (const expose of device.definition?.exposes ?? []) {
      const type = typeOf(expose);
      const row = type && TYPE_ROWS[type];
      if (!type || !row) continue;
      const endpoint = endpointFor(device, expose, row.cluster, row.resource);
      const uniqueid = `${macOf(device.ieee)}-${hex(endpoint, 2)}${row.resource === 'sensors' ? `-${hex(row.cluster, 4)}` : ''}`;
      if (out.some((s) => s.uniqueid === uniqueid && s.type === type)) continue;
      const battery = device.powerSource === 'Battery' ? row.config : row.config.filter((c) => c !== 'battery');
      out.push({ type, resource: row.resource, uniqueid, endpoint, state: row.state, config: battery });
    }
    return out;
  },

  items(subdevices, endpoint, state) {
    const byEndpoint = new Map<number, EndpointItems>();
    for (const [key, value] of Object.entries(state)) {
      for (const [path, item] of TO_ITEMS[key]?.(value) ?? []) {
        const [section, name] = path.includes('.') ? path.split('.') : ['state', path];
        const list = (s: Subdevice) => (section === 'config' ? s.config : s.state);
        const owner = subdevices.find((s) => s.endpoint === endpoint && list(s).includes(name)) ?? subdevices.find((s) => list(s).includes(name));
        if (!owner) continue;
        const entry = byEndpoint.get(owner.endpoint) ?? { endpoint: owner.endpoint, state: {}, config: {}, event: {} };
        (entry[section as 'state' | 'config' | 'event'] as Record<string, ItemValue>)[name] = item;
        if (section === 'event') entry.state[name] = item;
        byEndpoint.set(owner.endpoint, entry);
      }
    }
    return [...byEndpoint.values()];
  },

  command(subdevices, command) {
    const values: Record<string, unknown> = {};
    for (const [item, value] of Object.entries(command)) {
      if (value === undefined) continue;
      const accepted = subdevices.some((s) => TYPE_ROWS[s.type]?.accepts.includes(item));
      if (!accepted) return { ok: false, message: `${item}: not supported by ${subdevices.map((s) => s.type).join(', ')}`, field: item };
      const converted = TO_CONVERTER[item](value);
      // hue and sat both land in `color`; merge instead of overwrite.
      for (const [key, v] of Object.entries(converted)) {
        values[key] = key === 'color' && typeof values.color === 'object' ? { ...(values.color as object), ...(v as object) } : v;
      }
    }
    return { ok: true, values };
  },
};
