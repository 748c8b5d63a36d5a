/**
 * ubisys' device setup server (cluster 0xfc00, endpoint 232): the inputs' configurations and input
 * actions are plain stored attributes (seeded by the catalogue), but the device refuses input actions
 * it could not carry out: an entry shorter than input + transition + endpoint + cluster + command,
 * for an input the device does not have, or from an endpoint it does not have (INVALID_VALUE).
 * Empty entries are slots a resize (structured write of index 0) opened and later records fill.
 */
import { isZclArray, type ZclValue } from '../../zcl/index';
import type { Behaviour, BehaviourHost } from '../behaviour';

const C = 'manuSpecificUbisysDeviceSetup';
const INVALID_VALUE = 0x87;
const ENTRY_BYTES = 6;

function inputCount(host: BehaviourHost, endpoint: number): number {
  const configurations = host.get(endpoint, C, 'inputConfigurations');
  return isZclArray(configurations) ? configurations.elements.length : 0;
}

function entryFits(host: BehaviourHost, inputs: number, entry: ZclValue): boolean {
  if (!Array.isArray(entry)) return false;
  if (entry.length === 0) return true;
  const [inputAndOptions, , sourceEndpoint] = entry;
  return entry.length >= ENTRY_BYTES && (inputAndOptions & 0x0f) < inputs && host.inClusters(sourceEndpoint).length > 0;
}

export const deviceSetup: Behaviour = {
  accepts(host, endpoint, attr, value) {
    if (attr !== 'inputActions') return 0;
    if (!isZclArray(value) || value.elementType !== 'octetStr') return INVALID_VALUE;
    const inputs = inputCount(host, endpoint);
    return value.elements.every((entry) => entryFits(host, inputs, entry)) ? 0 : INVALID_VALUE;
  },
};
