import { beforeEach, describe, expect, it } from 'vitest';
import type { SimDevice } from '../network/types';
import { FakeContext } from './fake-context';
import { createDeviceFactory } from './index';

const factory = createDeviceFactory();
const COORD = '00212effff001122';
const coordLe = [0x22, 0x11, 0x00, 0xff, 0xff, 0x2e, 0x21, 0x00];

let ctx: FakeContext;
let lamp: SimDevice;

const zcl = (clusterId: number, asdu: number[], extra: { group?: number; ep?: number } = {}) =>
  lamp.receive({
    profileId: 0x0104,
    clusterId,
    srcEndpoint: 1,
    dstEndpoint: extra.ep ?? 11,
    asdu: Uint8Array.from(asdu),
    ...(extra.group !== undefined ? { group: extra.group } : {}),
  });
const frames = () => ctx.take().map((e) => ({ to: e.to, cluster: e.clusterId, src: e.srcEndpoint, bytes: Array.from(e.asdu) }));

beforeEach(() => {
  ctx = new FakeContext(COORD);
  lamp = factory.create('LCT015', { ieee: '0017880100000001', nwk: 0x1001 }, ctx);
  lamp.start();
});

describe('device zcl handling', () => {
  it('should answer a read of modelId with a byte-exact read response', () => {
    zcl(0x0000, [0x00, 0x11, 0x00, 0x05, 0x00]);
    expect(frames()).toEqual([
      {
        to: { kind: 'coordinator', endpoint: 1 },
        cluster: 0,
        src: 11,
        bytes: [0x18, 0x11, 0x01, 0x05, 0x00, 0x00, 0x42, 0x06, ...Array.from(Buffer.from('LCT015'))],
      },
    ]);
  });

  it('should mark unknown attributes unsupported in a read response', () => {
    zcl(0x0006, [0x00, 0x12, 0x00, 0x00, 0x00, 0x34, 0x12]);
    expect(frames()[0].bytes).toEqual([0x18, 0x12, 0x01, 0x00, 0x00, 0x00, 0x10, 0x00, 0x34, 0x12, 0x86]);
  });

  it('should turn on with a default response that echoes the TSN and command', () => {
    zcl(0x0006, [0x01, 0x20, 0x01]);
    expect(frames()).toEqual([{ to: { kind: 'coordinator', endpoint: 1 }, cluster: 6, src: 11, bytes: [0x18, 0x20, 0x0b, 0x01, 0x00] }]);
    expect(lamp.inspect().endpoints['11'].genOnOff.onOff).toBe(1);
  });

  it('should stay silent on success when the default response is disabled and on groupcasts', () => {
    zcl(0x0006, [0x11, 0x21, 0x01]);
    zcl(0x0006, [0x01, 0x22, 0x00], { group: 5 });
    expect(frames()).toEqual([]);
    expect(lamp.inspect().endpoints['11'].genOnOff.onOff).toBe(0);
  });

  it('should swallow the default responses and read responses the host sends to devices', () => {
    zcl(0x0006, [0x08, 0x05, 0x0b, 0x0a, 0x00]);
    zcl(0x000a, [0x18, 0x06, 0x01, 0x00, 0x00, 0x00, 0xe2, 0, 0, 0, 0]);
    expect(frames().filter((f) => f.cluster === 6)).toEqual([]);
  });

  it('should reject writes to read-only attributes and accept an all-success write with a single 0x00', () => {
    zcl(0x0000, [0x00, 0x30, 0x02, 0x05, 0x00, 0x42, 0x01, 0x41]);
    zcl(0x0000, [0x00, 0x31, 0x02, 0x10, 0x00, 0x42, 0x02, 0x4b, 0x31]);
    expect(frames().map((f) => f.bytes)).toEqual([
      [0x18, 0x30, 0x04, 0x88, 0x05, 0x00],
      [0x18, 0x31, 0x04, 0x00],
    ]);
    expect(lamp.inspect().endpoints['11'].genBasic.locationDesc).toBe('K1');
  });

  it('should answer unknown cluster commands and unserved clusters with the right status', () => {
    zcl(0x0006, [0x01, 0x40, 0x33]);
    zcl(0x0102, [0x01, 0x41, 0x00]);
    expect(frames().map((f) => f.bytes)).toEqual([
      [0x18, 0x40, 0x0b, 0x33, 0x81],
      [0x18, 0x41, 0x0b, 0x00, 0xc3],
    ]);
  });

  it('should answer a malformed command payload with MALFORMED_COMMAND instead of throwing', () => {
    zcl(0x0008, [0x01, 0x42, 0x04, 0x80]);
    expect(frames()[0].bytes).toEqual([0x18, 0x42, 0x0b, 0x04, 0x80]);
  });

  it('should ignore a frame too short to carry a header', () => {
    zcl(0x0006, [0x01]);
    expect(frames()).toEqual([]);
  });
});

describe('device reporting', () => {
  const bindOnOff = () =>
    lamp.receive({
      profileId: 0,
      clusterId: 0x0021,
      srcEndpoint: 0,
      dstEndpoint: 0,
      asdu: Uint8Array.of(1, 1, 0, 0, 0, 0, 0x88, 0x17, 0, 11, 0x06, 0x00, 0x03, ...coordLe, 1),
    });
  // configure onOff: min 1 s, max 10 s
  const configure = () => zcl(0x0006, [0x00, 0x50, 0x06, 0x00, 0x00, 0x00, 0x10, 0x01, 0x00, 0x0a, 0x00]);

  it('should answer configure reporting with a single success byte and list the configuration', () => {
    configure();
    expect(frames()[0].bytes).toEqual([0x18, 0x50, 0x07, 0x00]);
    expect(lamp.inspect().reporting).toEqual([{ endpoint: 11, cluster: 6, attribute: 0, min: 1, max: 10, clusterName: 'genOnOff', attributeName: 'onOff' }]);
  });

  it('should send reports to the bound coordinator with frame control 0x18, honouring min and max', () => {
    bindOnOff();
    configure();
    expect(frames().map((f) => f.bytes)).toEqual([
      [1, 0],
      [0x18, 0x50, 0x07, 0x00],
    ]);
    zcl(0x0006, [0x11, 0x51, 0x01]); // on: first report goes out at once
    let out = frames();
    expect(out).toHaveLength(1);
    expect(out[0].bytes.slice(0, 1)).toEqual([0x18]);
    expect(out[0].bytes.slice(2)).toEqual([0x0a, 0x00, 0x00, 0x10, 0x01]);
    zcl(0x0006, [0x11, 0x52, 0x00]); // off 0 ms later: held back until min (1 s)
    expect(frames()).toEqual([]);
    ctx.advance(1000);
    out = frames();
    expect(out.map((f) => f.bytes.slice(2))).toEqual([[0x0a, 0x00, 0x00, 0x10, 0x00]]);
    ctx.advance(10_000); // nothing changed: periodic report at max
    expect(frames().map((f) => f.bytes.slice(2))).toEqual([[0x0a, 0x00, 0x00, 0x10, 0x00]]);
  });

  it('should not report without a binding, and stop reporting when max is 0xFFFF', () => {
    configure();
    zcl(0x0006, [0x11, 0x53, 0x01]);
    expect(frames()).toHaveLength(1); // only the configure response
    bindOnOff();
    zcl(0x0006, [0x00, 0x54, 0x06, 0x00, 0x00, 0x00, 0x10, 0x01, 0x00, 0xff, 0xff]);
    frames();
    zcl(0x0006, [0x11, 0x55, 0x00]);
    ctx.advance(60_000);
    expect(frames()).toEqual([]);
    expect(lamp.inspect().reporting).toEqual([]);
  });

  it('should report analog attributes only past the reportable change', () => {
    bindOnOff();
    lamp.receive({
      profileId: 0,
      clusterId: 0x0021,
      srcEndpoint: 0,
      dstEndpoint: 0,
      asdu: Uint8Array.of(2, 1, 0, 0, 0, 0, 0x88, 0x17, 0, 11, 0x08, 0x00, 0x03, ...coordLe, 1),
    });
    // currentLevel: min 0, max 0 (no periodic), change 10
    zcl(0x0008, [0x00, 0x60, 0x06, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x0a]);
    frames();
    zcl(0x0008, [0x11, 0x61, 0x00, 0x64, 0x00, 0x00]); // 254 → 100: reported
    zcl(0x0008, [0x11, 0x62, 0x00, 0x69, 0x00, 0x00]); // 100 → 105: below change
    zcl(0x0008, [0x11, 0x63, 0x00, 0x6e, 0x00, 0x00]); // → 110: 10 from the last report
    expect(frames().map((f) => f.bytes.at(-1))).toEqual([100, 110]);
  });
});
