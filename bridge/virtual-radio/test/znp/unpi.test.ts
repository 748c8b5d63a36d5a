import { describe, expect, it } from 'vitest';
import { decodeFields, encodeFields, encodeUnpi, MT, MtType, Subsystem, UnpiDecoder } from '../../src/znp/index';

const hex = (s: string) => Uint8Array.from(s.split(' ').map((b) => Number.parseInt(b, 16)));
const bytes = (u: Uint8Array) => Array.from(u, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');

describe('znp unpi framing', () => {
  it('should encode the golden SRSP frames byte for byte', () => {
    const ping = encodeFields(MT.ping.response, { capabilities: 0x0659 });
    expect(bytes(encodeUnpi({ type: MtType.SRSP, subsystem: Subsystem.SYS, command: 0x01, data: ping }))).toBe('FE 02 61 01 59 06 3D');
    const version = encodeFields(MT.version.response, { transportrev: 2, product: 1, majorrel: 2, minorrel: 7, maintrel: 1, revision: 20240710 });
    expect(bytes(encodeUnpi({ type: MtType.SRSP, subsystem: Subsystem.SYS, command: 0x02, data: version }))).toBe('FE 09 61 02 02 01 02 07 01 46 D9 34 01 C7');
    const resetInd = encodeFields(MT.resetInd.request, { reason: 0, transportrev: 2, productid: 1, majorrel: 2, minorrel: 7, hwrev: 1 });
    expect(bytes(encodeUnpi({ type: MtType.AREQ, subsystem: Subsystem.SYS, command: 0x80, data: resetInd }))).toBe('FE 06 41 80 00 02 01 02 07 01 C0');
    expect(bytes(encodeUnpi({ type: MtType.AREQ, subsystem: Subsystem.ZDO, command: 0xc0, data: Uint8Array.of(9) }))).toBe('FE 01 45 C0 09 8D');
  });

  it('should decode host frames split across chunks and skip the bootloader byte before them', () => {
    const decoder = new UnpiDecoder();
    expect(decoder.push(hex('EF FE 00 21'))).toEqual([]);
    const [ping, reset] = decoder.push(hex('01 20 FE 01 41 00 01 41'));
    expect(ping).toEqual({ ok: true, frame: { type: MtType.SREQ, subsystem: Subsystem.SYS, command: 0x01, data: new Uint8Array(0) } });
    expect(reset).toEqual({ ok: true, frame: { type: MtType.AREQ, subsystem: Subsystem.SYS, command: 0x00, data: Uint8Array.of(1) } });
  });

  it('should report a frame with a wrong FCS and carry on with the next one', () => {
    const events = new UnpiDecoder().push(hex('FE 00 21 01 21 FE 00 21 01 20'));
    expect(events.map((e) => e.ok)).toEqual([false, true]);
  });

  it('should decode an AF data request and an endpoint registration with their lists', () => {
    // dstaddr 0x1a2b ep 11 ← ep 1, cluster 6, transid 7, options 0, radius 30, 3 bytes of ZCL.
    const request = decodeFields(MT.dataRequest.request, hex('2B 1A 0B 01 06 00 07 00 1E 03 01 02 01'));
    expect(request).toEqual({
      dstaddr: 0x1a2b,
      destendpoint: 11,
      srcendpoint: 1,
      clusterid: 6,
      transid: 7,
      options: 0,
      radius: 30,
      len: 3,
      data: hex('01 02 01'),
    });
    const register = decodeFields(MT.register.request, hex('0C 5E C0 05 00 00 00 01 00 10 02 00 10 06 00'));
    expect(register).toMatchObject({ endpoint: 12, appprofid: 0xc05e, numIn: 1, inClusters: [0x1000], numOut: 2, outClusters: [0x1000, 0x0006] });
  });

  it('should write IEEE addresses little endian and u32 values unsigned', () => {
    const info = encodeFields(MT.getDeviceInfo.response, {
      status: 0,
      ieeeaddr: '00124b0001020304',
      shortaddr: 0,
      devicetype: 7,
      devicestate: 9,
      numassocdevices: 0,
      assocdevices: [],
    });
    expect(bytes(info)).toBe('00 04 03 02 01 00 4B 12 00 00 00 07 09 00');
    expect(decodeFields(MT.bdbSetChannel.request, hex('01 00 80 00 80'))).toEqual({ isPrimary: 1, channel: 0x80008000 });
  });
});
