import { describe, expect, it } from 'vitest';
import { CatalogueError, parseCatalogueEntry } from '../catalogue';
import { createDeviceFactory } from '../index';
import { FakeContext } from '../fake-context';
import { testDevice } from '../test-device';

const MODEL = 'TS0601-_TZE200_ckud7u2l';
const TUYA = 0xef00;
/** seq (u16 LE) + one data point: id, type, length (BE), data. */
const dp = (seq: number, id: number, type: number, data: number[]) => [seq & 0xff, seq >> 8, id, type, data.length >> 8, data.length & 0xff, ...data];
/** The data points the device shows through the control interface. */
const points = (t: ReturnType<typeof testDevice>) => t.device.inspect().datapoints!;
/** A frame the device sent: [frame control, tsn, command, ...payload] without the tsn. */
const sent = (t: ReturnType<typeof testDevice>) =>
  t.frames().map((f) => ({ cluster: f.cluster, control: f.bytes[0], command: f.bytes[2], payload: f.bytes.slice(3) }));

describe('tuya MCU (manuSpecificTuya)', () => {
  it('should take a dataRequest, keep the value and confirm it with a dataResponse carrying the request seq', () => {
    const t = testDevice(MODEL);
    t.command(TUYA, 0x00, dp(5, 20, 1, [1]));
    expect(points(t)['20']).toEqual({ name: 'valveDetection', type: 'bool', value: true });
    expect(sent(t)).toEqual([{ cluster: TUYA, control: 0x09, command: 0x01, payload: dp(5, 20, 1, [1]) }]);
    t.command(TUYA, 0x00, dp(6, 2, 2, [0, 0, 0, 0xd7]));
    expect(points(t)['2']!.value).toBe(215);
    expect(sent(t)).toEqual([{ cluster: TUYA, control: 0x09, command: 0x01, payload: dp(6, 2, 2, [0, 0, 0, 0xd7]) }]);
  });

  it('should drop, unanswered, what the MCU cannot take: wrong type, read-only, out of range, unknown', () => {
    const t = testDevice(MODEL);
    t.command(TUYA, 0x00, dp(1, 20, 2, [0, 0, 0, 1]));
    t.command(TUYA, 0x00, dp(2, 3, 2, [0, 0, 0, 100]));
    t.command(TUYA, 0x00, dp(3, 2, 2, [0, 0, 0x01, 0x90]));
    t.command(TUYA, 0x00, dp(4, 99, 1, [1]));
    expect(sent(t)).toEqual([]);
    expect([points(t)['20']!.value, points(t)['3']!.value, points(t)['2']!.value]).toEqual([false, 195, 210]);
  });

  it('should answer a malformed data point list with MALFORMED_COMMAND when a default response is wanted', () => {
    const t = testDevice(MODEL);
    t.device.receive({ profileId: 0x0104, clusterId: TUYA, srcEndpoint: 1, dstEndpoint: 1, asdu: Uint8Array.of(0x01, 0x42, 0x00, 0x01, 0x00, 0x14, 0x01) });
    expect(sent(t)).toEqual([{ cluster: TUYA, control: 0x18, command: 0x0b, payload: [0x00, 0x80] }]);
  });

  it('should set what follows a point by itself and report it: a valve forced shut reports its position 0', () => {
    const t = testDevice(MODEL);
    t.command(TUYA, 0x00, dp(9, 106, 4, [2]));
    expect(points(t)['109']!.value).toBe(0);
    expect(sent(t).map((f) => [f.command, f.payload[2]])).toEqual([
      [0x01, 106],
      [0x02, 109],
    ]);
    // Shut again: nothing changes, so only the confirmation.
    t.command(TUYA, 0x00, dp(10, 106, 4, [2]));
    expect(sent(t).map((f) => [f.command, f.payload[2]])).toEqual([[0x01, 106]]);
    t.command(TUYA, 0x00, dp(11, 106, 4, [1]));
    expect(points(t)['109']!.value).toBe(100);
  });

  it('should set the leading bytes of a raw point from a shorter write and report the whole point', () => {
    const t = testDevice(MODEL);
    t.command(TUYA, 0x00, dp(7, 104, 0, [0]));
    expect(points(t)['104']!.value).toEqual([0, 5, 10]);
    expect(sent(t)[0]!.payload).toEqual(dp(7, 104, 0, [0, 5, 10]));
  });

  it('should report every data point, one frame each, on a dataQuery', () => {
    const t = testDevice(MODEL);
    t.command(TUYA, 0x03);
    const frames = sent(t);
    expect(frames).toHaveLength(Object.keys(points(t)).length);
    expect(frames.every((f) => f.command === 0x02)).toBe(true);
    expect(frames.map((f) => f.payload[2])).toEqual(Object.keys(points(t)).map(Number));
  });

  it('should ask for the time after start until the host answers, then run the clock it was given', () => {
    const t = testDevice(MODEL);
    t.ctx.advance(1000);
    expect(sent(t)).toEqual([{ cluster: TUYA, control: 0x09, command: 0x24, payload: [1, 0] }]);
    t.ctx.advance(10_000);
    expect(sent(t).map((f) => f.command)).toEqual([0x24]);
    // UTC 0x65000000, local one hour later, as zigbee-herdsman-converters sends them (big-endian).
    t.command(TUYA, 0x24, [0x08, 0x00, 0x65, 0x00, 0x00, 0x00, 0x65, 0x00, 0x0e, 0x10]);
    t.ctx.advance(10_000);
    expect(t.device.inspect().mcuClock).toEqual({ utc: 0x65000000 + 10, local: 0x65000e10 + 10 });
    // Its first answer: the MCU knows a gateway is there and reports its whole state, once.
    expect(sent(t).map((f) => f.payload[2])).toEqual(Object.keys(points(t)).map(Number));
    t.command(TUYA, 0x24, [0x08, 0x00, 0x65, 0x00, 0x00, 0x10, 0x65, 0x00, 0x0e, 0x20]);
    t.ctx.advance(600_000);
    expect(sent(t)).toEqual([]);
    t.ctx.advance(3_600_000);
    expect(sent(t).map((f) => f.command)).toEqual([0x24]);
  });

  it('should tell its MCU version', () => {
    const t = testDevice(MODEL);
    t.command(TUYA, 0x10, [0x02, 0x00]);
    expect(sent(t)).toEqual([{ cluster: TUYA, control: 0x19, command: 0x11, payload: [0x02, 0x00, 64] }]);
  });

  it('should report a point the MCU changes by itself, and refuse a value of the wrong kind', () => {
    const t = testDevice(MODEL);
    expect(t.device.act('datapoint', { dp: 'localTemp', value: 224 })).toEqual({ ok: true, detail: { dp: 3, value: 224 } });
    expect(sent(t)).toEqual([{ cluster: TUYA, control: 0x09, command: 0x02, payload: dp(1, 3, 2, [0, 0, 0, 224]) }]);
    expect(t.device.act('datapoint', { dp: 20, value: 1 })).toEqual({ ok: false, error: 'data point 20 (valveDetection): expected true or false' });
    expect(t.device.act('datapoint', { dp: 'nope', value: 1 })).toMatchObject({ ok: false });
    expect(sent(t)).toEqual([]);
  });

  it('should keep its data points and clock across a restart from the state file', () => {
    const t = testDevice(MODEL);
    t.command(TUYA, 0x00, dp(1, 7, 1, [1]));
    t.command(TUYA, 0x24, [0x08, 0x00, 0, 0, 0, 100, 0, 0, 0, 100]);
    t.frames();
    const factory = createDeviceFactory();
    const again = factory.restore(MODEL, { ieee: '00124b0000000001', nwk: 0x2001 }, t.device.snapshot(), new FakeContext());
    expect(again.inspect().datapoints!['7']!.value).toBe(true);
    expect(again.inspect().mcuClock).toMatchObject({ utc: 100, local: 100 });
  });

  it('should refuse a catalogue entry whose data points or follow rules do not fit', () => {
    const entry = structuredClone(createDeviceFactory().entry(MODEL)) as unknown as {
      tuya: { datapoints: Record<string, { value: unknown }>; follows: unknown[] };
    };
    entry.tuya.datapoints['20']!.value = 1;
    entry.tuya.follows.push({ when: { dp: '106', value: 2 }, set: { dp: '250', value: 0 } });
    expect(() => parseCatalogueEntry('bad.json', entry)).toThrow(CatalogueError);
    expect(() => parseCatalogueEntry('bad.json', entry)).toThrow(
      /tuya\.datapoints\.20\.value: expected true or false; tuya\.follows\.2\.set: no such data point/,
    );
  });
});
