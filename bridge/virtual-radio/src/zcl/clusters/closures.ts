/** Window covering (ZCL chapter 7.4). */
import { type ClusterDef, attr, cmd } from './define';
import { UBISYS } from './ubisys';

/** ubisys J1: writable twins of standard attributes and its motor calibration (step counts). */
const ubisysAttributes = [
  attr(0x0000, 'ubisysWindowCoveringType', 'enum8', 'rw', UBISYS),
  attr(0x0007, 'ubisysConfigStatus', 'map8', 'rw', UBISYS),
  attr(0x0010, 'ubisysInstalledOpenLimitLiftCm', 'uint16', 'rw', UBISYS),
  attr(0x0011, 'ubisysInstalledClosedLimitLiftCm', 'uint16', 'rw', UBISYS),
  attr(0x0012, 'ubisysInstalledOpenLimitTiltDdegree', 'uint16', 'rw', UBISYS),
  attr(0x0013, 'ubisysInstalledClosedLimitTiltDdegree', 'uint16', 'rw', UBISYS),
  attr(0x1000, 'ubisysTurnaroundGuardTime', 'uint8', 'rw', UBISYS),
  attr(0x1001, 'ubisysLiftToTiltTransitionSteps', 'uint16', 'rw', UBISYS),
  attr(0x1002, 'ubisysTotalSteps', 'uint16', 'rw', UBISYS),
  attr(0x1003, 'ubisysLiftToTiltTransitionSteps2', 'uint16', 'rw', UBISYS),
  attr(0x1004, 'ubisysTotalSteps2', 'uint16', 'rw', UBISYS),
  attr(0x1005, 'ubisysAdditionalSteps', 'uint8', 'rw', UBISYS),
  attr(0x1006, 'ubisysInactivePowerThreshold', 'uint16', 'rw', UBISYS),
  attr(0x1007, 'ubisysStartupSteps', 'uint16', 'rw', UBISYS),
];

export const closuresWindowCovering: ClusterDef = {
  id: 0x0102,
  name: 'closuresWindowCovering',
  attributes: [
    attr(0x0000, 'windowCoveringType', 'enum8'),
    attr(0x0001, 'physicalClosedLimitLift', 'uint16'),
    attr(0x0002, 'physicalClosedLimitTilt', 'uint16'),
    attr(0x0003, 'currentPositionLift', 'uint16'),
    attr(0x0004, 'currentPositionTilt', 'uint16'),
    attr(0x0007, 'configStatus', 'map8'),
    attr(0x0008, 'currentPositionLiftPercentage', 'uint8'),
    attr(0x0009, 'currentPositionTiltPercentage', 'uint8'),
    attr(0x000a, 'operationalStatus', 'map8'),
    attr(0x0010, 'installedOpenLimitLift', 'uint16'),
    attr(0x0011, 'installedClosedLimitLift', 'uint16'),
    attr(0x0012, 'installedOpenLimitTilt', 'uint16'),
    attr(0x0013, 'installedClosedLimitTilt', 'uint16'),
    attr(0x0017, 'windowCoveringMode', 'map8', 'rw'),
    ...ubisysAttributes,
  ],
  commands: [
    cmd(0x00, 'upOpen'),
    cmd(0x01, 'downClose'),
    cmd(0x02, 'stop'),
    cmd(0x04, 'goToLiftValue', 'liftvalue:uint16'),
    cmd(0x05, 'goToLiftPercentage', 'percentageliftvalue:uint8'),
    cmd(0x07, 'goToTiltValue', 'tiltvalue:uint16'),
    cmd(0x08, 'goToTiltPercentage', 'percentagetiltvalue:uint8'),
  ],
  responses: [],
  sceneFields: [
    { attr: 'currentPositionLiftPercentage', type: 'uint8' },
    { attr: 'currentPositionTiltPercentage', type: 'uint8' },
  ],
};
