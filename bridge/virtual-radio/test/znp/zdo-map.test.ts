import { describe, expect, it } from 'vitest';
import { callbackCommand, formedNib, withFacts, decodeZdoRequest, NIB_LENGTH, readNib, zdoCallbackData } from '../../src/znp/index';

const hex = (s: string) => Uint8Array.from(s.split(' ').map((b) => Number.parseInt(b, 16)));

describe('znp zdo mapping', () => {
  it('should strip the destination prefix herdsman puts in front of a standard request', () => {
    // activeEpReq: dst 0x1a2b, nwkAddrOfInterest 0x1a2b.
    expect(decodeZdoRequest(0x05, hex('2B 1A 2B 1A'))).toEqual({ clusterId: 0x0005, dst: 0x1a2b, broadcast: false, body: hex('2B 1A') });
    // permit join broadcast: mode 0x0F, dst 0xFFFC, 254 s, TC significance 1.
    expect(decodeZdoRequest(0x36, hex('0F FC FF FE 01'))).toEqual({ clusterId: 0x0036, dst: 0xfffc, broadcast: true, body: hex('FE 01') });
    // channel change: dst 0xFFFD, mode 0x0F, mask 1<<20, duration 0xFE, update id 1, manager 0.
    expect(decodeZdoRequest(0x37, hex('FD FF 0F 00 00 10 00 FE 01 00 00'))).toMatchObject({
      clusterId: 0x0038,
      broadcast: true,
      body: hex('00 00 10 00 FE 01 00 00'),
    });
  });

  it('should trim a group bind to its standard length and keep a unicast bind whole', () => {
    const ieee = '08 07 06 05 04 03 02 01';
    const group = decodeZdoRequest(0x21, hex(`2B 1A ${ieee} 0B 06 00 01 05 00 00 00 00 00 00 00 00`))!;
    expect(group.body).toEqual(hex(`${ieee} 0B 06 00 01 05 00`));
    const unicast = decodeZdoRequest(0x21, hex(`2B 1A ${ieee} 0B 06 00 03 ${ieee} 01`))!;
    expect(unicast.body.length).toBe(21);
  });

  it('should name NWK_addr_req targets by IEEE and leave IEEE_addr_req as it is', () => {
    expect(decodeZdoRequest(0x00, hex('08 07 06 05 04 03 02 01 00 00'))).toMatchObject({ clusterId: 0, dstIeee: '0102030405060708' });
    expect(decodeZdoRequest(0x01, hex('2B 1A 00 00'))).toMatchObject({ clusterId: 1, dst: 0x1a2b });
    expect(decodeZdoRequest(0x99, hex('00'))).toBeUndefined();
  });

  it('should turn standard responses into MT callbacks (srcaddr first, TI order for addresses)', () => {
    expect(callbackCommand(0x8005)).toBe(0x85);
    expect(callbackCommand(0x8036)).toBe(0xb6);
    expect(callbackCommand(0x8038)).toBe(0xb8);
    expect(callbackCommand(0x0013)).toBe(0xc1);
    expect(callbackCommand(0x8099)).toBeUndefined();
    // Active_EP_rsp tsn 5: status 0, nwk 0x1a2b, 1 endpoint (11) from 0x1a2b.
    expect(zdoCallbackData(0x1a2b, 0x8005, hex('05 00 2B 1A 01 0B'))).toEqual(hex('2B 1A 00 2B 1A 01 0B'));
    // NWK_addr_rsp without an association list: padded, numAssoc/startIndex swapped into TI order.
    expect(zdoCallbackData(0x1a2b, 0x8000, hex('05 00 08 07 06 05 04 03 02 01 2B 1A 02 00'))).toEqual(hex('00 08 07 06 05 04 03 02 01 2B 1A 00 02'));
    expect(zdoCallbackData(0x1a2b, 0x8000, hex('05 00 08 07 06 05 04 03 02 01 2B 1A')).length).toBe(13);
  });

  it('should lay out the aligned NIB where the hosts read it, up and keyed after formation', () => {
    const nib = formedNib({ panId: 0x1a62, channel: 15, channelList: 1 << 15, extendedPanId: hex('DD DD DD DD DD DD DD DD'), updateId: 0 });
    expect(nib.length).toBe(NIB_LENGTH);
    expect([nib[24], nib[36], nib[37], nib[40], nib[41], nib[57], nib[114]]).toEqual([15, 0x62, 0x1a, 0x00, 0x80, 0xdd, 0]);
    // SecurityLevel 5 @12, nwkState NWK_ROUTER (8) @38, nwkKeyLoaded @65, nwkDevAddress 0x0000 @22.
    expect([nib[12], nib[38], nib[65], nib[22], nib[23]]).toEqual([5, 8, 1, 0, 0]);
    expect(readNib(nib)).toMatchObject({ nwkState: 8, keyLoaded: true });
    const moved = withFacts(nib, { ...readNib(nib), channel: 20, updateId: 1 });
    expect(readNib(moved)).toMatchObject({ panId: 0x1a62, channel: 20, channelList: 1 << 15, updateId: 1 });
  });
});
