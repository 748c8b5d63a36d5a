/** HVAC clusters (ZCL chapter 6): thermostat, fan control, thermostat user interface. */
import { type ClusterDef, attr, cmd } from './define';

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
    attr(0x0029, 'runningState', 'map16'),
  ],
  commands: [
    cmd(0x00, 'setpointRaiseLower', 'mode:enum8 amount:int8'),
    cmd(0x03, 'clearWeeklySchedule'),
  ],
  responses: [],
  sceneFields: [
    { attr: 'occupiedCoolingSetpoint', type: 'int16' },
    { attr: 'occupiedHeatingSetpoint', type: 'int16' },
    { attr: 'systemMode', type: 'uint8' },
  ],
};

export const hvacFanCtrl: ClusterDef = {
  id: 0x0202,
  name: 'hvacFanCtrl',
  attributes: [attr(0x0000, 'fanMode', 'enum8', 'rw'), attr(0x0001, 'fanModeSequence', 'enum8', 'rw')],
  commands: [],
  responses: [],
};

export const hvacUserInterfaceCfg: ClusterDef = {
  id: 0x0204,
  name: 'hvacUserInterfaceCfg',
  attributes: [attr(0x0000, 'tempDisplayMode', 'enum8', 'rw'), attr(0x0001, 'keypadLockout', 'enum8', 'rw')],
  commands: [],
  responses: [],
};
