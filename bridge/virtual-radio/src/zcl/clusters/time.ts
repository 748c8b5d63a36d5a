/** genTime (ZCL 3.12): a device's own clock, seconds since 2000-01-01 00:00 UTC. */
import { type ClusterDef, attr } from './define';

export const genTime: ClusterDef = {
  id: 0x000a,
  name: 'genTime',
  attributes: [
    attr(0x0000, 'time', 'utc', 'rw'),
    attr(0x0001, 'timeStatus', 'map8', 'rw'),
    attr(0x0002, 'timeZone', 'int32', 'rw'),
    attr(0x0003, 'dstStart', 'uint32', 'rw'),
    attr(0x0004, 'dstEnd', 'uint32', 'rw'),
    attr(0x0005, 'dstShift', 'int32', 'rw'),
    attr(0x0006, 'standardTime', 'uint32'),
    attr(0x0007, 'localTime', 'uint32'),
    attr(0x0008, 'lastSetTime', 'utc'),
    attr(0x0009, 'validUntilTime', 'utc', 'rw'),
  ],
  commands: [],
  responses: [],
};
