/** Lumi (Aqara) manufacturer cluster 0xFCC0: here, the air-quality monitor's verdict and display unit. */
import { type ClusterDef, attr } from './define';

const LUMI = 0x115f;

export const manuSpecificLumi: ClusterDef = {
  id: 0xfcc0,
  name: 'manuSpecificLumi',
  attributes: [
    attr(0x0114, 'displayUnit', 'uint8', 'rw', LUMI),
    // 1 excellent, 2 good, 3 moderate, 4 poor, 5 unhealthy (0 unknown).
    attr(0x0129, 'airQuality', 'uint8', 'r', LUMI),
  ],
  commands: [],
  responses: [],
};
