/**
 * ubisys' device setup cluster (0xfc00 on the device-management endpoint 232 of the S1/S2/J1/D1
 * family): one DATA8 per physical input (its configuration) and the input actions, an array of octet
 * strings `input, transition, source endpoint, cluster (u16), command template…` that say what the
 * device sends when an input changes. Neither carries a manufacturer code on the wire. 0xfc00 is also
 * Signify's button cluster; a Hue device simply has none of these attributes.
 */
import { type ClusterDef, attr } from './define';

export const manuSpecificUbisysDeviceSetup: ClusterDef = {
  id: 0xfc00,
  name: 'manuSpecificUbisysDeviceSetup',
  attributes: [attr(0x0000, 'inputConfigurations', 'array', 'rw'), attr(0x0001, 'inputActions', 'array', 'rw')],
  commands: [],
  responses: [],
};

/** ubisys' manufacturer code, carried by the J1's own window covering attributes. */
export const UBISYS = 0x10f2;
