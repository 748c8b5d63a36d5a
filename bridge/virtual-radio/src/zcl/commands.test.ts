import { describe, expect, it } from 'vitest';
import { ZclDecodeError } from './buffer';
import { clusterByName, commandByName } from './clusters/index';
import { decodeCommand, encodeCommand } from './commands';

const command = (cluster: string, dir: 'toServer' | 'toClient', name: string) => {
  const c = clusterByName(cluster);
  const def = c && commandByName(c, dir, name);
  if (!def) throw new Error(`no ${cluster}.${name}`);
  return def;
};

describe('zcl cluster commands', () => {
  it('should decode moveToLevelWithOnOff with and without the options fields', () => {
    const def = command('genLevelCtrl', 'toServer', 'moveToLevelWithOnOff');
    expect(decodeCommand(def, Uint8Array.of(0x80, 0x0a, 0x00))).toEqual({ level: 128, transtime: 10 });
    expect(decodeCommand(def, Uint8Array.of(0x80, 0x0a, 0x00, 0x01, 0x01))).toEqual({ level: 128, transtime: 10, optionsMask: 1, optionsOverride: 1 });
  });

  it('should encode an IAS zone status change notification', () => {
    const def = command('ssIasZone', 'toClient', 'statusChangeNotification');
    const out = encodeCommand(def, { zonestatus: 0x0001, extendedstatus: 0, zoneID: 23, delay: 0 });
    expect(Array.from(out)).toEqual([0x01, 0x00, 0x00, 0x17, 0x00, 0x00]);
  });

  it('should decode a weekly schedule by its mode and encode the answer byte for byte', () => {
    // Monday and Friday (bits 1, 5), heat only: 06:30 21.00 °C, 22:00 17.00 °C.
    const frame = [0x02, 0x22, 0x01, 0x86, 0x01, 0x34, 0x08, 0x28, 0x05, 0xa4, 0x06];
    const decoded = decodeCommand(command('hvacThermostat', 'toServer', 'setWeeklySchedule'), Uint8Array.from(frame));
    expect(decoded).toEqual({
      numoftrans: 2,
      dayofweek: 0x22,
      mode: 1,
      transitions: [
        { transitionTime: 390, heatSetpoint: 2100 },
        { transitionTime: 1320, heatSetpoint: 1700 },
      ],
    });
    expect(Array.from(encodeCommand(command('hvacThermostat', 'toClient', 'getWeeklyScheduleRsp'), decoded))).toEqual(frame);
  });

  it('should encode an IAS ACE arm command with its PIN', () => {
    const def = command('ssIasAce', 'toServer', 'arm');
    expect(Array.from(encodeCommand(def, { armmode: 3, code: '1234', zoneid: 0 }))).toEqual([0x03, 0x04, 0x31, 0x32, 0x33, 0x34, 0x00]);
  });

  it('should decode a scenes add with extension field sets', () => {
    const def = command('genScenes', 'toServer', 'add');
    // group 0x0005, scene 1, transtime 2, name "", onOff ext {1}, level ext {0xfe}
    const payload = Uint8Array.of(0x05, 0x00, 0x01, 0x02, 0x00, 0x00, 0x06, 0x00, 0x01, 0x01, 0x08, 0x00, 0x01, 0xfe);
    expect(decodeCommand(def, payload)).toEqual({
      groupid: 5,
      sceneid: 1,
      transtime: 2,
      scenename: '',
      extensionfieldsets: [
        { clusterId: 6, data: [1] },
        { clusterId: 8, data: [0xfe] },
      ],
    });
  });

  it('should encode a group membership response list', () => {
    const def = command('genGroups', 'toClient', 'getMembershipRsp');
    expect(Array.from(encodeCommand(def, { capacity: 0xfe, grouplist: [1, 0x1234] }))).toEqual([0xfe, 0x02, 0x01, 0x00, 0x34, 0x12]);
  });

  it('should stop encoding at the first missing optional field', () => {
    const def = command('genScenes', 'toClient', 'viewRsp');
    expect(Array.from(encodeCommand(def, { status: 0x8b, groupid: 1, sceneid: 2 }))).toEqual([0x8b, 0x01, 0x00, 0x02]);
  });

  it('should report a missing required field and a short payload', () => {
    expect(() => encodeCommand(command('genOnOff', 'toServer', 'onWithTimedOff'), { ctrlbits: 0 })).toThrow(ZclDecodeError);
    expect(() => decodeCommand(command('genLevelCtrl', 'toServer', 'step'), Uint8Array.of(0x00))).toThrow(ZclDecodeError);
  });
});
