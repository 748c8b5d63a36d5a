import { describe, expect, it } from 'vitest';
import { hex, mt, znpBench } from '../support/znp-bench';

/**
 * ZDO requests a host sends without the MT ZDO commands: as AF frames between endpoints 0 (delivered
 * as ZDO, confirmed to the firmware's own ZDO rather than the host), and a broadcast permit join,
 * which the coordinator itself also receives and answers.
 */
function formed() {
  const bench = znpBench();
  bench.send(mt('2F 05 04'));
  bench.routed.length = 0;
  return bench;
}

describe('zstack ZDO routing', () => {
  it('should deliver an AF.DataRequestExt from endpoint 0 to endpoint 0 as ZDO, with no AF.DataConfirm', () => {
    const bench = formed();
    // mode 2 (16-bit), dst 0x1A2B, dst ep 0, PAN 0, src ep 0, cluster 0x0002 (Node_Desc_req), TSN 7, options 0, radius 30, 3 bytes.
    expect(bench.send(mt('24 02 02 2B 1A 00 00 00 00 00 00 00 00 00 00 02 00 07 00 1E 03 00 07 2B 1A'))).toEqual([mt('64 02 00')]);
    expect(bench.routed).toHaveLength(1);
    const [request] = bench.routed;
    expect(request).toMatchObject({ dst: { mode: 'nwk', nwk: 0x1a2b, endpoint: 0 }, profileId: 0, clusterId: 0x0002, srcEndpoint: 0, asdu: hex('07 2B 1A') });
    expect(bench.capture(() => bench.firmware.confirm({ requestId: request.requestId, dst: request.dst, srcEndpoint: 0, status: 0 }))).toEqual([]);
  });

  it('should still confirm an AF frame from an application endpoint', () => {
    const bench = formed();
    bench.send(mt('24 02 02 2B 1A 00 00 00 00 00 00 0B 00 00 01 06 00 09 00 1E 03 00 01 00 00'));
    const [request] = bench.routed;
    expect(request.profileId).toBe(0x0104);
    expect(bench.capture(() => bench.firmware.confirm({ requestId: request.requestId, dst: request.dst, srcEndpoint: 1, status: 0 }))).toEqual([
      mt('44 80 00 01 09'),
    ]);
  });

  it('should hand a broadcast permit join to the network and to the coordinator itself', () => {
    const bench = formed();
    // ZDO.MgmtPermitJoinReq: addr mode 0x0F, dst 0xFFFC, 60 s, TC significance 1.
    expect(bench.send(mt('25 36 0F FC FF 3C 01'))).toEqual([mt('65 36 00')]);
    expect(bench.routed.map((r) => r.dst)).toEqual([
      { mode: 'nwk', nwk: 0xfffc, endpoint: 0 },
      { mode: 'nwk', nwk: 0, endpoint: 0 },
    ]);
    expect(bench.routed.every((r) => r.clusterId === 0x0036 && r.asdu[1] === 60)).toBe(true);
  });
});
