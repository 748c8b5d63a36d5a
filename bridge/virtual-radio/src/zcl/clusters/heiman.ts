/**
 * Heiman's manufacturer cluster 0xFC90 (code 0x120B), as its newer alarms carry it: the heat alarm
 * HM-5HA-E keeps its sensor fault state, mute, indicator light, interconnection, temperature offset
 * and its own link counters here, and the converters read them all when they configure it.
 */
import { type ClusterDef, attr } from './define';

const HEIMAN = 0x120b;

export const heimanClusterSpecial: ClusterDef = {
  id: 0xfc90,
  name: 'heimanClusterSpecial',
  attributes: [
    // 0 normal; a bit per fault (sensor, battery…).
    attr(0x0002, 'sensorFaultState', 'uint16', 'r', HEIMAN),
    attr(0x0008, 'deviceMuteControl', 'uint8', 'rw', HEIMAN),
    attr(0x0009, 'deviceMuteState', 'map16', 'r', HEIMAN),
    attr(0x0019, 'rebootedCount', 'uint16', 'r', HEIMAN),
    attr(0x001a, 'rejoinedCount', 'uint16', 'r', HEIMAN),
    attr(0x001b, 'reportedPackages', 'uint16', 'r', HEIMAN),
    attr(0x1004, 'indicatorLightLevelControlOf1', 'uint8', 'rw', HEIMAN),
    attr(0x1007, 'interconnectable', 'uint8', 'r', HEIMAN),
    // Hundredths of a degree added to the measured temperature.
    attr(0x100d, 'temperatureOffset', 'int16', 'rw', HEIMAN),
  ],
  commands: [],
  responses: [],
};
