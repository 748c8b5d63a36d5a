/**
 * Door lock (ZCL 7.3). Lumi's vibration sensor borrows the cluster for its own reports: the event
 * (1 vibration, 2 tilt, 3 drop), the tilt angle, the strength and the raw accelerometer axes.
 */
import { type ClusterDef, attr } from './define';

export const closuresDoorLock: ClusterDef = {
  id: 0x0101,
  name: 'closuresDoorLock',
  attributes: [
    attr(0x0000, 'lockState', 'enum8'),
    attr(0x0001, 'lockType', 'enum8'),
    attr(0x0002, 'actuatorEnabled', 'bool'),
    attr(0x0055, 'lumiVibrationEvent', 'uint16'),
    attr(0x0503, 'lumiTiltAngle', 'uint16'),
    attr(0x0505, 'lumiVibrationStrength', 'uint32'),
    attr(0x0508, 'lumiOrientation', 'uint48'),
  ],
  commands: [],
  responses: [],
};
