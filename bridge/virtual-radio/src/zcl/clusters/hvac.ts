/** HVAC clusters (ZCL chapter 6): thermostat, fan control, thermostat user interface. */
import { type ClusterDef, attr, cmd } from './define';

/** Danfoss A/S: the Ally radiator valve's manufacturer-specific attributes and setpoint command. */
const DANFOSS = 0x1246;
const danfoss = (id: number, name: string, type: Parameters<typeof attr>[2], access: 'r' | 'rw' = 'rw') => attr(id, name, type, access, DANFOSS);
/** NXP's code, which Eurotronic's Spirit valve uses for its own attributes (host flags, valve position). */
const EUROTRONIC = 0x1037;
const eurotronic = (id: number, name: string, type: Parameters<typeof attr>[2], access: 'r' | 'rw' = 'rw') => attr(id, name, type, access, EUROTRONIC);
/** Atlantic Group: its AC interface's louvre, swing, boost and activity settings. */
const ATLANTIC = 0x125b;
const atlantic = (id: number, name: string, type: Parameters<typeof attr>[2]) => attr(id, name, type, 'rw', ATLANTIC);

/** A weekly schedule's fields: the days (bit 0 Sunday … bit 6 Saturday, bit 7 away) and their transitions. */
const SCHEDULE = 'numoftrans:uint8 dayofweek:map8 mode:map8 transitions:thermostatTransitions';

export const hvacThermostat: ClusterDef = {
  id: 0x0201,
  name: 'hvacThermostat',
  attributes: [
    attr(0x0000, 'localTemp', 'int16'),
    attr(0x0001, 'outdoorTemp', 'int16'),
    attr(0x0002, 'occupancy', 'map8'),
    attr(0x0003, 'absMinHeatSetpointLimit', 'int16'),
    attr(0x0004, 'absMaxHeatSetpointLimit', 'int16'),
    attr(0x0005, 'absMinCoolSetpointLimit', 'int16'),
    attr(0x0006, 'absMaxCoolSetpointLimit', 'int16'),
    attr(0x0008, 'pIHeatingDemand', 'uint8'),
    attr(0x0010, 'localTemperatureCalibration', 'int8', 'rw'),
    attr(0x0011, 'occupiedCoolingSetpoint', 'int16', 'rw'),
    attr(0x0012, 'occupiedHeatingSetpoint', 'int16', 'rw'),
    attr(0x0013, 'unoccupiedCoolingSetpoint', 'int16', 'rw'),
    attr(0x0014, 'unoccupiedHeatingSetpoint', 'int16', 'rw'),
    attr(0x0015, 'minHeatSetpointLimit', 'int16', 'rw'),
    attr(0x0016, 'maxHeatSetpointLimit', 'int16', 'rw'),
    attr(0x0017, 'minCoolSetpointLimit', 'int16', 'rw'),
    attr(0x0018, 'maxCoolSetpointLimit', 'int16', 'rw'),
    attr(0x001a, 'remoteSensing', 'map8', 'rw'),
    attr(0x001b, 'ctrlSeqeOfOper', 'enum8', 'rw'),
    attr(0x001c, 'systemMode', 'enum8', 'rw'),
    attr(0x001e, 'runningMode', 'enum8'),
    attr(0x0023, 'tempSetpointHold', 'enum8', 'rw'),
    attr(0x0025, 'programingOperMode', 'map8', 'rw'),
    attr(0x0029, 'runningState', 'map16'),
    attr(0x0030, 'setpointChangeSource', 'enum8'),
    attr(0x0045, 'acLouverPosition', 'enum8', 'rw'),
    // ELKO's floor-heating thermostats: vendor attributes sent without a manufacturer code.
    attr(0x0401, 'elkoLoad', 'uint16', 'rw'),
    attr(0x0402, 'elkoDisplayText', 'charStr', 'rw'),
    attr(0x0403, 'elkoSensor', 'enum8', 'rw'),
    attr(0x0404, 'elkoRegulatorTime', 'uint8', 'rw'),
    attr(0x0405, 'elkoRegulatorMode', 'bool', 'rw'),
    attr(0x0406, 'elkoPowerStatus', 'bool', 'rw'),
    attr(0x0408, 'elkoMeanPower', 'uint16'),
    attr(0x0409, 'elkoExternalTemp', 'int16'),
    attr(0x0411, 'elkoNightSwitching', 'bool', 'rw'),
    attr(0x0412, 'elkoFrostGuard', 'bool', 'rw'),
    attr(0x0413, 'elkoChildLock', 'bool', 'rw'),
    attr(0x0414, 'elkoMaxFloorTemp', 'uint8', 'rw'),
    attr(0x0415, 'elkoRelayState', 'bool'),
    attr(0x0417, 'elkoCalibration', 'int8', 'rw'),
    danfoss(0x4000, 'danfossWindowOpenInternal', 'enum8', 'r'),
    danfoss(0x4003, 'danfossWindowOpenExternal', 'bool'),
    danfoss(0x4010, 'danfossDayOfWeek', 'enum8'),
    danfoss(0x4011, 'danfossTriggerTime', 'uint16'),
    danfoss(0x4012, 'danfossMountedModeActive', 'bool'),
    danfoss(0x4013, 'danfossMountedModeControl', 'bool'),
    danfoss(0x4014, 'danfossThermostatOrientation', 'bool'),
    danfoss(0x4015, 'danfossExternalMeasuredRoomSensor', 'int16'),
    danfoss(0x4016, 'danfossRadiatorCovered', 'bool'),
    danfoss(0x4020, 'danfossAlgorithmScaleFactor', 'uint8'),
    danfoss(0x4030, 'danfossHeatAvailable', 'bool'),
    danfoss(0x4031, 'danfossHeatRequired', 'bool', 'r'),
    danfoss(0x4032, 'danfossLoadBalancingEnable', 'bool'),
    danfoss(0x4040, 'danfossLoadRoomMean', 'int16'),
    danfoss(0x404a, 'danfossLoadEstimate', 'int16', 'r'),
    danfoss(0x404b, 'danfossRegulationSetpointOffset', 'int8'),
    danfoss(0x404c, 'danfossAdaptionRunControl', 'enum8'),
    danfoss(0x404d, 'danfossAdaptionRunStatus', 'map8', 'r'),
    danfoss(0x404e, 'danfossAdaptionRunSettings', 'map8'),
    danfoss(0x404f, 'danfossPreheatStatus', 'bool', 'r'),
    danfoss(0x4050, 'danfossPreheatTime', 'uint32', 'r'),
    danfoss(0x4051, 'danfossWindowOpenFeatureEnable', 'bool'),
    eurotronic(0x4000, 'eurotronicTrvMode', 'enum8'),
    eurotronic(0x4001, 'eurotronicValvePosition', 'uint8'),
    eurotronic(0x4002, 'eurotronicErrorStatus', 'uint8', 'r'),
    eurotronic(0x4003, 'eurotronicCurrentHeatingSetpoint', 'int16'),
    eurotronic(0x4008, 'eurotronicHostFlags', 'uint24'),
    atlantic(0x4270, 'atlanticBoost', 'bool'),
    atlantic(0x4273, 'atlanticLouverPosition', 'enum8'),
    atlantic(0x4274, 'atlanticSwing', 'bool'),
    atlantic(0x4275, 'atlanticActivity', 'enum8'),
  ],
  commands: [
    cmd(0x00, 'setpointRaiseLower', 'mode:enum8 amount:int8'),
    cmd(0x01, 'setWeeklySchedule', SCHEDULE),
    cmd(0x02, 'getWeeklySchedule', 'daystoreturn:map8 modetoreturn:map8'),
    cmd(0x03, 'clearWeeklySchedule'),
    // Manufacturer-specific (Danfoss): type 0 scheduled, 1 "aggressive" (a person turned the dial).
    cmd(0x40, 'danfossSetpointCommand', 'setpointType:enum8 setpoint:int16'),
  ],
  responses: [cmd(0x00, 'getWeeklyScheduleRsp', SCHEDULE)],
  sceneFields: [
    { attr: 'occupiedCoolingSetpoint', type: 'int16' },
    { attr: 'occupiedHeatingSetpoint', type: 'int16' },
    { attr: 'systemMode', type: 'uint8' },
  ],
};

export const hvacFanCtrl: ClusterDef = {
  id: 0x0202,
  name: 'hvacFanCtrl',
  attributes: [attr(0x0000, 'fanMode', 'enum8', 'rw'), attr(0x0001, 'fanModeSequence', 'enum8', 'rw'), atlantic(0x1000, 'atlanticQuietFan', 'bool')],
  commands: [],
  responses: [],
};

export const hvacUserInterfaceCfg: ClusterDef = {
  id: 0x0204,
  name: 'hvacUserInterfaceCfg',
  attributes: [
    attr(0x0000, 'tempDisplayMode', 'enum8', 'rw'),
    attr(0x0001, 'keypadLockout', 'enum8', 'rw'),
    danfoss(0x4000, 'danfossViewingDirection', 'enum8'),
  ],
  commands: [],
  responses: [],
};
