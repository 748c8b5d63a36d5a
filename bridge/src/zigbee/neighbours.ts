/**
 * Neighbour tables (ZDO Mgmt_Lqi_req, paged by start index) through herdsman's `Device.lqi()`, as
 * zigbee2mqtt's network map reads them from the coordinator and each router.
 */
import type { Controller } from 'zigbee-herdsman';
import { RadioError } from './radio-error';
import { wrapRadioError } from './errors';
import type { Neighbour } from './types';

/** Mgmt_Lqi_rsp device type (bits 0–1) and relationship (bits 4–6) in words. */
const DEVICE_TYPES = ['Coordinator', 'Router', 'EndDevice'] as const;
const RELATIONSHIPS = ['parent', 'child', 'sibling', 'none', 'previous_child'] as const;
/** herdsman's eui64 for an entry whose IEEE address the neighbour does not know. */
const UNKNOWN_IEEE = '0xffffffffffffffff';

export function createNeighbourReader(current: () => Controller): (ieee: string) => Promise<Neighbour[]> {
  return async (ieee) => {
    const device = current().getDeviceByIeeeAddr(ieee);
    if (!device) throw new RadioError(`neighbour table of ${ieee}: not on this network`, 'unsupported');
    const entries = await device.lqi().catch((err: unknown) => {
      throw wrapRadioError(`neighbour table of ${ieee}`, err);
    });
    return entries
      .filter((e) => String(e.eui64).toLowerCase() !== UNKNOWN_IEEE)
      .map((e) => ({
        ieee: String(e.eui64).toLowerCase(),
        nwk: e.nwkAddress,
        type: DEVICE_TYPES[e.deviceType] ?? 'Unknown',
        relationship: RELATIONSHIPS[e.relationship] ?? 'none',
        depth: e.depth,
        lqi: e.lqi,
      }));
  };
}
