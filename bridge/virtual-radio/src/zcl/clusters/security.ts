/** Security and safety clusters (ZCL chapter 8): IAS Zone and IAS ACE. */
import { type ClusterDef, attr, cmd } from './define';

export const ssIasZone: ClusterDef = {
  id: 0x0500,
  name: 'ssIasZone',
  attributes: [
    attr(0x0000, 'zoneState', 'enum8'),
    attr(0x0001, 'zoneType', 'enum16'),
    attr(0x0002, 'zoneStatus', 'map16'),
    attr(0x0010, 'iasCieAddr', 'ieee', 'rw'),
    attr(0x0011, 'zoneId', 'uint8'),
    attr(0x0013, 'currentZoneSensitivityLevel', 'uint8', 'rw'),
    // Xiaomi's smoke detector: its status, the sensitivity in the second byte (0x01LL…, LL 1 low,
    // 2 medium, 3 high), and the attribute that takes commands: 0x03010000 starts the self-test,
    // 0x04LL0000 sets the sensitivity.
    attr(0xfff0, 'lumiStatus', 'uint64', 'r', 0x115f),
    attr(0xfff1, 'lumiSelfTest', 'uint32', 'rw', 0x115f),
  ],
  commands: [
    cmd(0x00, 'enrollRsp', 'enrollrspcode:enum8 zoneid:uint8'),
    cmd(0x01, 'initNormalOpMode'),
    cmd(0x02, 'initTestMode', 'testmodeduration:uint8 currentZoneSensitivityLevel:uint8'),
  ],
  responses: [
    cmd(0x00, 'statusChangeNotification', 'zonestatus:map16 extendedstatus:map8 zoneID:uint8 delay:uint16'),
    cmd(0x01, 'enrollReq', 'zonetype:enum16 manucode:uint16'),
  ],
};

export const ssIasAce: ClusterDef = {
  id: 0x0501,
  name: 'ssIasAce',
  attributes: [],
  commands: [
    cmd(0x00, 'arm', 'armmode:enum8 code:charStr zoneid:uint8'),
    cmd(0x02, 'emergency'),
    cmd(0x03, 'fire'),
    cmd(0x04, 'panic'),
    cmd(0x07, 'getPanelStatus'),
  ],
  responses: [
    cmd(0x00, 'armRsp', 'armnotification:enum8'),
    cmd(0x03, 'zoneStatusChanged', 'zoneid:uint8 zonestatus:enum16 audiblenotif:enum8 zonelabel:charStr'),
    cmd(0x04, 'panelStatusChanged', 'panelstatus:enum8 secondsremain:uint8 audiblenotif:enum8 alarmstatus:enum8'),
    cmd(0x05, 'getPanelStatusRsp', 'panelstatus:enum8 secondsremain:uint8 audiblenotif:enum8 alarmstatus:enum8'),
  ],
};
