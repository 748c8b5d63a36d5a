/** General clusters (ZCL chapter 3): basic, power, identify, groups, scenes, on/off, level, poll control. */
import { type ClusterDef, OPTIONS, attr, cmd } from './define';

export const genBasic: ClusterDef = {
  id: 0x0000,
  name: 'genBasic',
  attributes: [
    attr(0x0000, 'zclVersion', 'uint8'),
    attr(0x0001, 'appVersion', 'uint8'),
    attr(0x0002, 'stackVersion', 'uint8'),
    attr(0x0003, 'hwVersion', 'uint8'),
    attr(0x0004, 'manufacturerName', 'charStr'),
    attr(0x0005, 'modelId', 'charStr'),
    attr(0x0006, 'dateCode', 'charStr'),
    attr(0x0007, 'powerSource', 'enum8'),
    attr(0x0010, 'locationDesc', 'charStr', 'rw'),
    attr(0x0011, 'physicalEnv', 'enum8', 'rw'),
    attr(0x0012, 'deviceEnabled', 'bool', 'rw'),
    attr(0x4000, 'swBuildId', 'charStr'),
    // Hue sensors blink their LED on motion when this Signify-specific attribute is set.
    attr(0x0033, 'ledIndication', 'bool', 'rw', 0x100b),
    // Lumi's vibration sensor: 1 (most sensitive) to 21.
    attr(0xff0d, 'lumiSensitivity', 'uint8', 'rw', 0x115f),
    // Lumi's status report (a struct of tagged values in a character string, see heartbeat-action.ts).
    attr(0xff01, 'lumiHeartbeat', 'charStr', 'r', 0x115f),
    // The Hue wall switch module's device mode (0 single rocker … 3 dual push button), Signify-specific.
    attr(0x0034, 'deviceMode', 'enum8', 'rw', 0x100b),
  ],
  commands: [cmd(0x00, 'resetFactDefault')],
  responses: [],
};

export const genPowerCfg: ClusterDef = {
  id: 0x0001,
  name: 'genPowerCfg',
  attributes: [
    attr(0x0000, 'mainsVoltage', 'uint16'),
    attr(0x0020, 'batteryVoltage', 'uint8'),
    attr(0x0021, 'batteryPercentageRemaining', 'uint8'),
    attr(0x0031, 'batterySize', 'enum8', 'rw'),
    attr(0x0033, 'batteryQuantity', 'uint8', 'rw'),
    attr(0x0035, 'batteryAlarmMask', 'map8', 'rw'),
    attr(0x0036, 'batteryVoltageMinThres', 'uint8', 'rw'),
    attr(0x003e, 'batteryAlarmState', 'map32'),
  ],
  commands: [],
  responses: [],
};

export const genIdentify: ClusterDef = {
  id: 0x0003,
  name: 'genIdentify',
  attributes: [attr(0x0000, 'identifyTime', 'uint16', 'rw')],
  commands: [cmd(0x00, 'identify', 'identifytime:uint16'), cmd(0x01, 'identifyQuery'), cmd(0x40, 'triggerEffect', 'effectid:enum8 effectvariant:enum8')],
  responses: [cmd(0x00, 'identifyQueryRsp', 'timeout:uint16')],
};

export const genGroups: ClusterDef = {
  id: 0x0004,
  name: 'genGroups',
  attributes: [attr(0x0000, 'nameSupport', 'map8')],
  commands: [
    cmd(0x00, 'add', 'groupid:uint16 groupname:charStr?'),
    cmd(0x01, 'view', 'groupid:uint16'),
    cmd(0x02, 'getMembership', 'grouplist:uint16List'),
    cmd(0x03, 'remove', 'groupid:uint16'),
    cmd(0x04, 'removeAll'),
    cmd(0x05, 'addIfIdentifying', 'groupid:uint16 groupname:charStr?'),
  ],
  responses: [
    cmd(0x00, 'addRsp', 'status:enum8 groupid:uint16'),
    cmd(0x01, 'viewRsp', 'status:enum8 groupid:uint16 groupname:charStr?'),
    cmd(0x02, 'getMembershipRsp', 'capacity:uint8 grouplist:uint16List'),
    cmd(0x03, 'removeRsp', 'status:enum8 groupid:uint16'),
  ],
};

export const genScenes: ClusterDef = {
  id: 0x0005,
  name: 'genScenes',
  attributes: [
    attr(0x0000, 'count', 'uint8'),
    attr(0x0001, 'currentScene', 'uint8'),
    attr(0x0002, 'currentGroup', 'uint16'),
    attr(0x0003, 'sceneValid', 'bool'),
    attr(0x0004, 'nameSupport', 'map8'),
  ],
  commands: [
    cmd(0x00, 'add', 'groupid:uint16 sceneid:uint8 transtime:uint16 scenename:charStr extensionfieldsets:sceneExtensions'),
    cmd(0x01, 'view', 'groupid:uint16 sceneid:uint8'),
    cmd(0x02, 'remove', 'groupid:uint16 sceneid:uint8'),
    cmd(0x03, 'removeAll', 'groupid:uint16'),
    cmd(0x04, 'store', 'groupid:uint16 sceneid:uint8'),
    cmd(0x05, 'recall', 'groupid:uint16 sceneid:uint8 transtime:uint16?'),
    cmd(0x06, 'getSceneMembership', 'groupid:uint16'),
  ],
  responses: [
    cmd(0x00, 'addRsp', 'status:enum8 groupId:uint16 sceneId:uint8'),
    cmd(0x01, 'viewRsp', 'status:enum8 groupid:uint16 sceneid:uint8 transtime:uint16? scenename:charStr? extensionfieldsets:sceneExtensions?'),
    cmd(0x02, 'removeRsp', 'status:enum8 groupid:uint16 sceneid:uint8'),
    cmd(0x03, 'removeAllRsp', 'status:enum8 groupid:uint16'),
    cmd(0x04, 'storeRsp', 'status:enum8 groupid:uint16 sceneid:uint8'),
    cmd(0x06, 'getSceneMembershipRsp', 'status:enum8 capacity:uint8 groupid:uint16 scenelist:uint8List?'),
  ],
};

export const genOnOff: ClusterDef = {
  id: 0x0006,
  name: 'genOnOff',
  attributes: [
    attr(0x0000, 'onOff', 'bool'),
    attr(0x4000, 'globalSceneCtrl', 'bool'),
    attr(0x4001, 'onTime', 'uint16', 'rw'),
    attr(0x4002, 'offWaitTime', 'uint16', 'rw'),
    attr(0x4003, 'startUpOnOff', 'enum8', 'rw'),
  ],
  commands: [
    cmd(0x00, 'off'),
    cmd(0x01, 'on'),
    cmd(0x02, 'toggle'),
    cmd(0x40, 'offWithEffect', 'effectid:uint8 effectvariant:uint8'),
    cmd(0x41, 'onWithRecallGlobalScene'),
    cmd(0x42, 'onWithTimedOff', 'ctrlbits:uint8 ontime:uint16 offwaittime:uint16'),
  ],
  responses: [],
  sceneFields: [{ attr: 'onOff', type: 'uint8' }],
};

export const genLevelCtrl: ClusterDef = {
  id: 0x0008,
  name: 'genLevelCtrl',
  attributes: [
    attr(0x0000, 'currentLevel', 'uint8'),
    attr(0x0001, 'remainingTime', 'uint16'),
    attr(0x0002, 'minLevel', 'uint8'),
    attr(0x0003, 'maxLevel', 'uint8'),
    attr(0x000f, 'options', 'map8', 'rw'),
    attr(0x0010, 'onOffTransitionTime', 'uint16', 'rw'),
    attr(0x0011, 'onLevel', 'uint8', 'rw'),
    attr(0x4000, 'startUpCurrentLevel', 'uint8', 'rw'),
  ],
  commands: [
    cmd(0x00, 'moveToLevel', `level:uint8 transtime:uint16 ${OPTIONS}`),
    cmd(0x01, 'move', `movemode:enum8 rate:uint8 ${OPTIONS}`),
    cmd(0x02, 'step', `stepmode:enum8 stepsize:uint8 transtime:uint16 ${OPTIONS}`),
    cmd(0x03, 'stop', OPTIONS),
    cmd(0x04, 'moveToLevelWithOnOff', `level:uint8 transtime:uint16 ${OPTIONS}`),
    cmd(0x05, 'moveWithOnOff', `movemode:enum8 rate:uint8 ${OPTIONS}`),
    cmd(0x06, 'stepWithOnOff', `stepmode:enum8 stepsize:uint8 transtime:uint16 ${OPTIONS}`),
    cmd(0x07, 'stopWithOnOff', OPTIONS),
  ],
  responses: [],
  sceneFields: [{ attr: 'currentLevel', type: 'uint8' }],
};

export const genPollCtrl: ClusterDef = {
  id: 0x0020,
  name: 'genPollCtrl',
  attributes: [
    attr(0x0000, 'checkinInterval', 'uint32', 'rw'),
    attr(0x0001, 'longPollInterval', 'uint32'),
    attr(0x0002, 'shortPollInterval', 'uint16'),
    attr(0x0003, 'fastPollTimeout', 'uint16', 'rw'),
  ],
  commands: [
    cmd(0x00, 'checkinRsp', 'startFastPolling:bool fastPollTimeout:uint16'),
    cmd(0x01, 'fastPollStop'),
    cmd(0x02, 'setLongPollInterval', 'newLongPollInterval:uint32'),
    cmd(0x03, 'setShortPollInterval', 'newShortPollInterval:uint16'),
  ],
  responses: [cmd(0x00, 'checkin')],
};

export const haDiagnostic: ClusterDef = {
  id: 0x0b05,
  name: 'haDiagnostic',
  attributes: [
    attr(0x011c, 'lastMessageLqi', 'uint8'),
    attr(0x011d, 'lastMessageRssi', 'int8'),
    // Danfoss A/S: the Ally's fault bits (0 = none).
    attr(0x4000, 'danfossSystemStatusCode', 'map16', 'r', 0x1246),
  ],
  commands: [],
  responses: [],
};

/** Analog input (ZCL 3.14.2): Aqara's cube reports its rotation angle here, in degrees. */
export const genAnalogInput: ClusterDef = {
  id: 0x000c,
  name: 'genAnalogInput',
  attributes: [attr(0x0051, 'outOfService', 'bool'), attr(0x0055, 'presentValue', 'single'), attr(0x006f, 'statusFlags', 'map8')],
  commands: [],
  responses: [],
};

/** Analog output (ZCL 3.14.3): Aqara's roller shade driver E1 keeps its position here, 0-100 %. */
export const genAnalogOutput: ClusterDef = {
  id: 0x000d,
  name: 'genAnalogOutput',
  attributes: [attr(0x0051, 'outOfService', 'bool'), attr(0x0055, 'presentValue', 'single', 'rw'), attr(0x006f, 'statusFlags', 'map8')],
  commands: [],
  responses: [],
};

/** Multistate output (ZCL 3.14.6): Aqara's roller shade driver E1 reports its motor here (0 closing, 1 opening, 2 stopped, 3 blocked); a write of 2 stops it. */
export const genMultistateOutput: ClusterDef = {
  id: 0x0013,
  name: 'genMultistateOutput',
  attributes: [
    attr(0x004a, 'numberOfStates', 'uint16'),
    attr(0x0051, 'outOfService', 'bool'),
    attr(0x0055, 'presentValue', 'uint16', 'rw'),
    attr(0x006f, 'statusFlags', 'map8'),
  ],
  commands: [],
  responses: [],
};

/** Multistate input (ZCL 3.14.5): Aqara's cube reports its gestures here, encoded in presentValue. */
export const genMultistateInput: ClusterDef = {
  id: 0x0012,
  name: 'genMultistateInput',
  attributes: [
    attr(0x004a, 'numberOfStates', 'uint16'),
    attr(0x0051, 'outOfService', 'bool'),
    attr(0x0055, 'presentValue', 'uint16'),
    attr(0x006f, 'statusFlags', 'map8'),
  ],
  commands: [],
  responses: [],
};
