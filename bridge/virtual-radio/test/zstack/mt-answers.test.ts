import { describe, expect, it } from 'vitest';
import { DeviceState } from '../../src/zstack/firmware-state';
import { hex, mt, znpBench } from '../support/znp-bench';

/**
 * Byte-exact answers of the Z-Stack front, from the MT interface's documented layouts: SYS.Ping's
 * capabilities, RPC errors for what the image lacks, the commands host drivers use at start-up
 * (UTIL.AssocFindDevice, ZDO.MsgCallbackRegister, ZDO.ExtRouteChk, SYS.OSALNVRead, SYS.NVLength),
 * and the whole AF.IncomingMsg and ZDO.MsgCbIncoming callbacks.
 */
describe('zstack MT answers', () => {
  it('should report the capabilities of a CC2652 image: SYS, AF, ZDO, UTIL, GP and APP_CNF (0x0659)', () => {
    expect(znpBench().send(mt('21 01'))).toEqual([mt('61 01 59 06')]);
  });

  it('should answer an SREQ the image does not have with an RPC error at once, naming the request', () => {
    const { send } = znpBench();
    expect(send(mt('21 7F'))).toEqual([mt('60 00 02 21 7F')]); // SYS: invalid command id
    expect(send(mt('22 00 01'))).toEqual([mt('60 00 01 22 00')]); // MAC is not in this image: invalid subsystem
    expect(send(mt('21 13 03'))).toEqual([mt('60 00 04 21 13')]); // osalNvLength without its second id byte: invalid length
    expect(send(mt('41 7F'))).toEqual([]); // an AREQ gets no answer of any kind
  });

  it('should answer UTIL.AssocFindDevice with the 36-byte aligned device struct (none: INVALID_NODE_ADDR)', () => {
    expect(znpBench().send(mt('27 49 00'))).toEqual([mt(`67 49 FE FF ${'00 '.repeat(34)}`)]);
  });

  it('should accept ZDO.MsgCallbackRegister and ZDO.ExtRouteChk with a status byte', () => {
    const { send } = znpBench();
    expect(send(mt('25 3E FF FF'))).toEqual([mt('65 3E 00')]);
    expect(send(mt('25 46 2B 1A 01 03'))).toEqual([mt('65 46 00')]);
  });

  it('should read an OSAL item whole with SYS.OSALNVRead, and refuse a missing one with INVALID_PARAMETER', () => {
    const { send } = znpBench();
    expect(send(mt('21 08 03 00 00'))).toEqual([mt('61 08 00 01 00')]); // STARTUP_OPTION: 1 byte, 0
    expect(send(mt('21 08 00 0F 00'))).toEqual([mt('61 08 02 00')]);
  });

  it('should answer SYS.NVLength with four bytes, 0 past the last entry of a table', () => {
    const { send } = znpBench();
    expect(send(mt('21 32 01 07 00 00 00'))).toEqual([mt('61 32 0C 00 00 00')]); // security material entry 0: 12 bytes
    expect(send(mt('21 32 01 07 00 20 00'))).toEqual([mt('61 32 00 00 00 00')]);
  });

  it('should end AF.IncomingMsg with the MAC source address and the remaining radius', () => {
    const { firmware, capture } = znpBench();
    firmware.ram.deviceState = DeviceState.Coordinator;
    const frames = capture(() =>
      firmware.indicate({
        dst: { mode: 'nwk', nwk: 0 },
        dstEndpoint: 1,
        srcNwk: 0x1a2b,
        srcEndpoint: 11,
        profileId: 0x0104,
        clusterId: 6,
        asdu: hex('18 01 0A 00 00 10 01'),
        lqi: 200,
        rssi: -50,
      }),
    );
    // groupid, cluster, src, src ep, dst ep, broadcast, LQI, security, timestamp, APS seq, len, data, MAC src, radius.
    expect(frames).toEqual([mt('44 81 00 00 06 00 2B 1A 0B 01 00 C8 00 00 00 00 00 00 07 18 01 0A 00 00 10 01 2B 1A 1D')]);
  });

  it('should copy a ZDO response into ZDO.MsgCbIncoming once the host registered for it, after its own callback', () => {
    const { firmware, send, capture } = znpBench();
    firmware.ram.deviceState = DeviceState.Coordinator;
    const nodeDesc = (tsn: string) => hex(`${tsn} 00 2B 1A 01 40 8E 5F 11 52 52 00 00 2C 52 00 00`);
    const indicate = (tsn: string) =>
      firmware.indicate({
        dst: { mode: 'nwk', nwk: 0 },
        dstEndpoint: 0,
        srcNwk: 0x1a2b,
        srcEndpoint: 0,
        profileId: 0,
        clusterId: 0x8002,
        asdu: nodeDesc(tsn),
        lqi: 200,
        rssi: -50,
      });
    const body = '00 2B 1A 01 40 8E 5F 11 52 52 00 00 2C 52 00 00';
    expect(capture(() => indicate('05'))).toEqual([mt(`45 82 2B 1A ${body}`)]);
    send(mt('25 3E 02 80'));
    expect(capture(() => indicate('06'))).toEqual([mt(`45 82 2B 1A ${body}`), mt(`45 FF 2B 1A 00 02 80 00 06 00 00 ${body}`)]);
  });
});
