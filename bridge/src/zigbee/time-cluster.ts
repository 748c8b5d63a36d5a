import type { Definition } from 'zigbee-herdsman-converters';
import type { Models } from 'zigbee-herdsman';
import type { ExposeJson } from './types';

/**
 * A device's own clock (genTime server, e.g. a radiator valve that runs its weekly programme by
 * it). The converters leave it out, deCONZ shows it as a ZHATime sensor: the bridge adds the
 * converter keys as exposes of its own and converts the cluster's reads and reports to them.
 */
type FzConverter = Definition['fromZigbee'][number];

/** ZCL time: seconds since 2000-01-01 00:00 UTC; 0xFFFFFFFF means "not set". */
const EPOCH_2000 = Date.UTC(2000, 0, 1);
const INVALID = 0xffffffff;
const iso = (seconds: number) => new Date(EPOCH_2000 + seconds * 1000).toISOString().slice(0, 19);

const KEYS: Readonly<Record<string, { key: string; zone: 'Z' | '' }>> = {
  time: { key: 'time_utc', zone: 'Z' },
  localTime: { key: 'time_local', zone: '' },
  lastSetTime: { key: 'time_last_set', zone: 'Z' },
};

export const timeFromZigbee: FzConverter = {
  cluster: 'genTime',
  type: ['attributeReport', 'readResponse'],
  convert: (_model, msg) => {
    const out: Record<string, string> = {};
    for (const [attribute, { key, zone }] of Object.entries(KEYS)) {
      const value = (msg.data as Record<string, unknown>)[attribute];
      if (typeof value === 'number' && value !== INVALID) out[key] = `${iso(value)}${zone}`;
    }
    return out;
  },
};

/** The keys above as exposes (read-only text), for a device that serves genTime. */
export function timeExposes(device: Models.Device): ExposeJson[] {
  const serves = device.endpoints.some((endpoint) => endpoint.getInputClusters().some((cluster) => cluster.name === 'genTime'));
  return serves ? Object.values(KEYS).map(({ key }) => ({ type: 'text', name: key, property: key, access: 5 })) : [];
}
