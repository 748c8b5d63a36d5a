/** Lumi (Aqara) manufacturer cluster 0xFCC0: the air-quality monitor's verdict and display unit, a wireless switch's click mode, the FP1's presence, the roller shade's battery. */
import { type ClusterDef, attr } from './define';

const LUMI = 0x115f;

export const manuSpecificLumi: ClusterDef = {
  id: 0xfcc0,
  name: 'manuSpecificLumi',
  attributes: [
    attr(0x0114, 'displayUnit', 'uint8', 'rw', LUMI),
    // 1 excellent, 2 good, 3 moderate, 4 poor, 5 unhealthy (0 unknown).
    attr(0x0129, 'airQuality', 'uint8', 'r', LUMI),
    // Aqara's H1 wireless switches: operation mode 0 command (bound groups get On/Off), 1 event
    // (clicks reported to the host, as a gateway sets it at configure); click mode 1 fast (single
    // clicks sent at once), 2 multi (double, triple, hold too).
    attr(0x0009, 'mode', 'uint8', 'rw', LUMI),
    attr(0x0125, 'clickMode', 'uint8', 'rw', LUMI),
    // The presence sensor FP1: sensitivity 1-3, presence 0/1, the last event (0 enter … 7 away),
    // monitoring mode, approach distance (0 far, 1 medium, 2 near), and a write-only reset.
    attr(0x010c, 'motionSensitivity', 'uint8', 'rw', LUMI),
    attr(0x0142, 'presence', 'uint8', 'r', LUMI),
    attr(0x0143, 'presenceEvent', 'uint8', 'r', LUMI),
    attr(0x0144, 'monitoringMode', 'uint8', 'rw', LUMI),
    attr(0x0146, 'approachDistance', 'uint8', 'rw', LUMI),
    attr(0x0157, 'resetNoPresence', 'uint8', 'rw', LUMI),
    // The roller shade driver E1: charging (1) or not (0), and its battery in percent.
    attr(0x0409, 'chargingStatus', 'uint8', 'r', LUMI),
    attr(0x040a, 'battery', 'uint8', 'r', LUMI),
  ],
  commands: [],
  responses: [],
};
