import { Zcl } from 'zigbee-herdsman';
import { describe, expect, it } from 'vitest';
import { testDevice } from './test-device';

/**
 * ubisys' device setup cluster on the S2 and J1: Write Attributes Structured (0x0f) and reads of the
 * array attributes, byte-exact against what zigbee-herdsman 11.1.1 encodes and parses (the request
 * bytes below are its `Zcl.Frame.create('writeStructured', …)` output).
 */
const SETUP = 0xfc00;
const MGMT = 232;
const MOMENTARY = [0x41, 0x02, 0x00, 0x06, 0x00, 0x0d, 0x03, 0x06, 0x00, 0x02, 0x06, 0x01, 0x0d, 0x04, 0x06, 0x00, 0x02];
const ROCKER_S2 = [
  [0, 13, 3, 6, 0, 2],
  [1, 13, 4, 6, 0, 2],
  [0, 3, 3, 6, 0, 2],
  [1, 3, 4, 6, 0, 2],
];

const S2_ROCKER_HERDSMAN = [
  [0, 13, 3, 6, 0, 2],
  [0, 3, 3, 6, 0, 2],
  [1, 13, 4, 6, 0, 2],
  [1, 3, 4, 6, 0, 2],
];

const octets = (entries: number[][]) => [0x41, entries.length, 0x00, ...entries.flatMap((e) => [e.length, ...e])];
const actionsOf = (dev: ReturnType<typeof testDevice>) => (dev.attrs('manuSpecificUbisysDeviceSetup', MGMT).inputActions as { elements: number[][] }).elements;

describe('write attributes structured', () => {
  it('should read the input actions as an array of octet strings', () => {
    const s2 = testDevice('S2-5502');
    s2.global(SETUP, 0x00, [0x01, 0x00], MGMT);
    const [frame] = s2.frames();
    expect(frame?.bytes.slice(2)).toEqual([0x01, 0x01, 0x00, 0x00, 0x48, ...MOMENTARY]);
  });

  it('should store a whole array and answer one SUCCESS byte', () => {
    const s2 = testDevice('S2-5502');
    s2.global(SETUP, 0x0f, [0x01, 0x00, 0x00, 0x48, ...octets(ROCKER_S2)], MGMT);
    expect(s2.frames()[0]?.bytes.slice(2)).toEqual([0x10, 0x00]);
    expect(actionsOf(s2)).toEqual(ROCKER_S2);
  });

  it('should resize with index 0 and fill elements by index, as the converters write templates', () => {
    const s2 = testDevice('S2-5502');
    // index 0 = element count (uint16 3), then element 3 alone (octet string).
    s2.global(SETUP, 0x0f, [0x01, 0x00, 0x01, 0x00, 0x00, 0x21, 0x03, 0x00, 0x01, 0x00, 0x01, 0x03, 0x00, 0x41, 0x06, 0, 3, 3, 6, 0, 2], MGMT);
    expect(s2.frames()[0]?.bytes.slice(2)).toEqual([0x10, 0x00]);
    expect(actionsOf(s2)).toEqual([
      [0, 13, 3, 6, 0, 2],
      [1, 13, 4, 6, 0, 2],
      [0, 3, 3, 6, 0, 2],
    ]);
  });

  it('should refuse each bad record with its own status and keep the attribute', () => {
    const s2 = testDevice('S2-5502');
    const before = actionsOf(s2);
    s2.global(
      SETUP,
      0x0f,
      [
        // an input the S2 does not have (input 5) → INVALID_VALUE
        0x01,
        0x00,
        0x00,
        0x48,
        ...octets([[5, 13, 3, 6, 0, 2]]),
        // an attribute it does not have → UNSUPPORTED_ATTRIBUTE
        0x99,
        0x00,
        0x00,
        0x20,
        0x01,
        // the whole array written as a uint8 → INVALID_DATA_TYPE
        0x00,
        0x00,
        0x00,
        0x20,
        0x01,
        // element 9 of a two-element array → INVALID_SELECTOR
        0x01,
        0x00,
        0x01,
        0x09,
        0x00,
        0x41,
        0x06,
        0,
        13,
        3,
        6,
        0,
        2,
      ],
      MGMT,
    );
    expect(s2.frames()[0]?.bytes.slice(2)).toEqual([
      0x10, 0x87, 0x01, 0x00, 0x00, 0x86, 0x99, 0x00, 0x00, 0x8d, 0x00, 0x00, 0x00, 0x8e, 0x01, 0x00, 0x01, 0x09, 0x00,
    ]);
    expect(actionsOf(s2)).toEqual(before);
  });

  it('should refuse an input action from an endpoint the device does not have', () => {
    const j1 = testDevice('J1-5502');
    j1.global(SETUP, 0x0f, [0x01, 0x00, 0x00, 0x48, ...octets([[0, 13, 9, 2, 1, 0]])], MGMT);
    expect(j1.frames()[0]?.bytes.slice(2)).toEqual([0x10, 0x87, 0x01, 0x00, 0x00]);
  });

  it('should take input actions by a plain write of the array too (deCONZ writes them so)', () => {
    const s2 = testDevice('S2-5502');
    s2.global(SETUP, 0x02, [0x01, 0x00, 0x48, ...octets(ROCKER_S2)], MGMT);
    expect(s2.frames()[0]?.bytes.slice(2)).toEqual([0x04, 0x00]);
    expect(actionsOf(s2)).toEqual(ROCKER_S2);
  });
});

describe('structured writes against zigbee-herdsman 11.1.1 (test-only import)', () => {
  const herdsmanFrame = (tsn: number, command: string, payload: unknown) =>
    Array.from(Zcl.Frame.create(Zcl.FrameType.GLOBAL, Zcl.Direction.CLIENT_TO_SERVER, true, undefined, tsn, command, SETUP, payload as never, {}).toBuffer());
  const parsed = (bytes: number[]) => {
    const buffer = Buffer.from(bytes);
    return Zcl.Frame.fromBuffer(SETUP, Zcl.Header.fromBuffer(buffer), buffer, {}).payload as unknown;
  };
  const deliver = (dev: ReturnType<typeof testDevice>, asdu: number[]) =>
    dev.device.receive({ profileId: 0x0104, clusterId: SETUP, srcEndpoint: 1, dstEndpoint: MGMT, asdu: Uint8Array.from(asdu) });

  it('should take what herdsman encodes and answer what herdsman parses', () => {
    const s2 = testDevice('S2-5502');
    const array = (elements: number[][]) => ({ elementType: Zcl.DataType.OCTET_STR, elements });
    deliver(
      s2,
      herdsmanFrame(1, 'writeStructured', [
        { attrId: 1, selector: {}, dataType: Zcl.DataType.ARRAY, elementData: array(S2_ROCKER_HERDSMAN) },
        {
          attrId: 1,
          selector: { indicatorType: Zcl.StructuredIndicatorType.Whole, indexes: [5] },
          dataType: Zcl.DataType.OCTET_STR,
          elementData: [0, 13, 3, 6, 0, 2],
        },
      ]),
    );
    expect(parsed(s2.frames()[0]!.bytes)).toEqual([{ status: Zcl.Status.INVALID_SELECTOR, attrId: 1, selector: { indexes: [5] } }]);
    expect(actionsOf(s2)).toEqual(S2_ROCKER_HERDSMAN);
    deliver(s2, herdsmanFrame(2, 'read', [{ attrId: 1 }]));
    const [record] = parsed(s2.frames()[0]!.bytes) as Array<{ attrData: Buffer[] }>;
    expect(record!.attrData.map((entry) => Array.from(entry))).toEqual(S2_ROCKER_HERDSMAN);
  });
});

describe('J1 window covering calibration', () => {
  const W = 0x0102;
  const mfr = (tsn: number, command: number, payload: number[]) => [0x04, 0xf2, 0x10, tsn, command, ...payload];

  it('should write its covering type through the ubisys attribute and count steps of full travels in calibration mode', () => {
    const j1 = testDevice('J1-5502');
    j1.device.receive({ profileId: 0x0104, clusterId: W, srcEndpoint: 1, dstEndpoint: 1, asdu: Uint8Array.from(mfr(1, 0x02, [0x00, 0x00, 0x30, 0x04])) });
    expect(j1.attrs('closuresWindowCovering', 1)).toMatchObject({ windowCoveringType: 4, ubisysWindowCoveringType: 4 });
    j1.global(W, 0x02, [0x17, 0x00, 0x18, 0x02], 1);
    j1.command(W, 0x01, [], 1);
    expect(j1.attrs('closuresWindowCovering', 1).operationalStatus).toBe(2);
    j1.ctx.advance(3000);
    j1.command(W, 0x00, [], 1);
    j1.ctx.advance(3000);
    const attrs = j1.attrs('closuresWindowCovering', 1);
    // 50 %/s: two seconds each way, 50 steps a second.
    expect(attrs).toMatchObject({ operationalStatus: 0, currentPositionLiftPercentage: 0, ubisysTotalSteps: 100, ubisysTotalSteps2: 100 });
  });
});
