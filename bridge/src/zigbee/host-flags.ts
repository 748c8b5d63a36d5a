import type { Definition } from 'zigbee-herdsman-converters';
import { Zcl, type Models } from 'zigbee-herdsman';
import type { ExposeJson } from './types';

/**
 * A thermostat's vendor host flags (Eurotronic's Spirit keeps mode, display mirroring and key lock
 * in one bitmap). The converters read the bits into mode, lock and mirror but drop the value itself,
 * which deCONZ shows read-only as `hostflags`: the bridge adds it as a key of its own, beside the
 * definition's converters, on devices whose thermostat cluster definition names the attribute.
 */
type FzConverter = Definition['fromZigbee'][number];

const ATTRIBUTE = 'hostFlags';
const KEY = 'host_flags';

export const hostFlagsFromZigbee: FzConverter = {
  cluster: 'hvacThermostat',
  type: ['attributeReport', 'readResponse'],
  convert: (_model, msg) => {
    const value = (msg.data as Record<string, unknown>)[ATTRIBUTE];
    return typeof value === 'number' ? { [KEY]: value } : undefined;
  },
};

/** The key as a read-only numeric expose, where the device's own thermostat cluster has the attribute. */
export function hostFlagsExposes(device: Models.Device): ExposeJson[] {
  try {
    const cluster = Zcl.Utils.getCluster('hvacThermostat', undefined, device.customClusters);
    return Zcl.Utils.getClusterAttribute(cluster, ATTRIBUTE, undefined) ? [{ type: 'numeric', name: KEY, property: KEY, access: 5 }] : [];
  } catch {
    return [];
  }
}
