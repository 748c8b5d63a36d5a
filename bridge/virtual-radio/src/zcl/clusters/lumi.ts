/** Lumi (Aqara) manufacturer cluster 0xFCC0: the air-quality monitor's verdict and display unit, a wireless switch's click mode. */
import { type ClusterDef, attr } from './define';

const LUMI = 0x115f;

export const manuSpecificLumi: ClusterDef = {
  id: 0xfcc0,
  name: 'manuSpecificLumi',
  attributes: [
    attr(0x0114, 'displayUnit', 'uint8', 'rw', LUMI),
    // 1 excellent, 2 good, 3 moderate, 4 poor, 5 unhealthy (0 unknown).
    attr(0x0129, 'airQuality', 'uint8', 'r', LUMI),
    // Aqara's H1 wireless switches: 1 fast (single clicks sent at once), 2 multi (double, triple, hold too).
    attr(0x0125, 'clickMode', 'uint8', 'rw', LUMI),
  ],
  commands: [],
  responses: [],
};
