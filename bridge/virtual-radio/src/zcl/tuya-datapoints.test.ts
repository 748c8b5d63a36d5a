import { describe, expect, it } from 'vitest';
import { ZclDecodeError } from './buffer';
import { clusterByName, commandByName } from './clusters/index';
import { decodeCommand, encodeCommand } from './commands';
import { decodeDpValue, encodeDpValue } from './tuya-datapoints';

const tuya = clusterByName('manuSpecificTuya')!;

describe('tuya data points', () => {
  it('should decode a dataRequest for a bool and a value as zigbee-herdsman writes it', () => {
    // seq 5 (u16 LE), dp 20 bool 1; dp 2 value 215 (BE length, BE value).
    const frame = [0x05, 0x00, 0x14, 0x01, 0x00, 0x01, 0x01, 0x02, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00, 0xd7];
    expect(decodeCommand(commandByName(tuya, 'toServer', 'dataRequest')!, Uint8Array.from(frame))).toEqual({
      seq: 5,
      dpValues: [
        { dp: 20, type: 1, data: [1] },
        { dp: 2, type: 2, data: [0, 0, 0, 0xd7] },
      ],
    });
  });

  it('should encode a dataReport byte for byte', () => {
    const out = encodeCommand(commandByName(tuya, 'toClient', 'dataReport')!, { seq: 0x0102, dpValues: [{ dp: 104, type: 0, data: [1, 5, 10] }] });
    expect(Array.from(out)).toEqual([0x02, 0x01, 0x68, 0x00, 0x00, 0x03, 0x01, 0x05, 0x0a]);
  });

  it("should take the host's time answer as the bytes that follow its size", () => {
    const frame = [0x08, 0x00, 0x65, 0x00, 0x00, 0x00, 0x65, 0x00, 0x0e, 0x10];
    expect(decodeCommand(commandByName(tuya, 'toServer', 'mcuSyncTime')!, Uint8Array.from(frame))).toEqual({
      payloadSize: 8,
      payload: [0x65, 0x00, 0x00, 0x00, 0x65, 0x00, 0x0e, 0x10],
    });
  });

  it('should refuse a data point cut short', () => {
    const def = commandByName(tuya, 'toServer', 'dataRequest')!;
    expect(() => decodeCommand(def, Uint8Array.of(0x01, 0x00, 0x14, 0x01))).toThrow(ZclDecodeError);
    expect(() => decodeCommand(def, Uint8Array.of(0x01, 0x00, 0x14, 0x01, 0x00, 0x02, 0x01))).toThrow(ZclDecodeError);
  });

  it('should keep values big-endian and signed, and reject bytes of the wrong length', () => {
    expect(encodeDpValue('value', -15)).toEqual([0xff, 0xff, 0xff, 0xf1]);
    expect(decodeDpValue('value', [0xff, 0xff, 0xff, 0xf1])).toBe(-15);
    expect(encodeDpValue('bitmap', 0x0102, 2)).toEqual([0x01, 0x02]);
    expect(decodeDpValue('bool', [0])).toBe(false);
    expect(decodeDpValue('bool', [0, 1])).toBeUndefined();
    expect(decodeDpValue('value', [1])).toBeUndefined();
    expect(decodeDpValue('enum', [3])).toBe(3);
    expect(decodeDpValue('string', encodeDpValue('string', 'Moes'))).toBe('Moes');
  });
});
