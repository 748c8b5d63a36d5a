import { describe, expect, it } from 'vitest';
import { type BindRequest, type ZdoDevice, respondZdo } from './responder';

const dev: ZdoDevice = {
  nwk: 0x1a2b,
  logicalType: 'router',
  macCapabilities: 0x8e,
  manufacturerCode: 0x100b,
  endpoints: [
    { id: 11, profileId: 0x0104, deviceId: 0x010d, version: 1, inClusters: [0x0000, 0x0006], outClusters: [0x0019] },
    { id: 242, profileId: 0xa1e0, deviceId: 0x0061, version: 1, inClusters: [], outClusters: [0x0021] },
  ],
};

function recorder() {
  const calls: Array<['bind' | 'unbind', BindRequest]> = [];
  return { calls, bindings: { bind: (r: BindRequest) => (calls.push(['bind', r]), 0), unbind: (r: BindRequest) => (calls.push(['unbind', r]), 0x88) } };
}

const bytes = (r: ReturnType<typeof respondZdo>) => (r ? [r.clusterId, ...Array.from(r.asdu)] : undefined);

describe('device zdo responder', () => {
  it('should answer Node_Desc_req with logical type, manufacturer code and stack revision 22', () => {
    const rsp = respondZdo(dev, recorder().bindings, 0x0002, Uint8Array.of(0x07, 0x2b, 0x1a));
    expect(bytes(rsp)).toEqual([0x8002, 0x07, 0x00, 0x2b, 0x1a, 0x01, 0x40, 0x8e, 0x0b, 0x10, 0x52, 0x52, 0x00, 0x00, 0x2c, 0x52, 0x00, 0x00]);
  });

  it('should answer Active_EP_req and Simple_Desc_req from the catalogue endpoints', () => {
    expect(bytes(respondZdo(dev, recorder().bindings, 0x0005, Uint8Array.of(1, 0x2b, 0x1a)))).toEqual([0x8005, 1, 0, 0x2b, 0x1a, 2, 11, 242]);
    // The second endpoint too: the requested id is read once, not per candidate.
    const gp = respondZdo(dev, recorder().bindings, 0x0004, Uint8Array.of(9, 0x2b, 0x1a, 242));
    expect(bytes(gp)).toEqual([0x8004, 9, 0, 0x2b, 0x1a, 10, 242, 0xe0, 0xa1, 0x61, 0x00, 1, 0, 1, 0x21, 0x00]);
    const simple = respondZdo(dev, recorder().bindings, 0x0004, Uint8Array.of(2, 0x2b, 0x1a, 11));
    expect(bytes(simple)).toEqual([0x8004, 2, 0, 0x2b, 0x1a, 14, 11, 0x04, 0x01, 0x0d, 0x01, 1, 2, 0x00, 0x00, 0x06, 0x00, 1, 0x19, 0x00]);
  });

  it('should answer a Simple_Desc_req for a missing endpoint with 0x82', () => {
    expect(bytes(respondZdo(dev, recorder().bindings, 0x0004, Uint8Array.of(3, 0x2b, 0x1a, 5)))).toEqual([0x8004, 3, 0x82, 0x2b, 0x1a, 0]);
  });

  it('should decode Bind_req to the coordinator and Unbind_req from a group', () => {
    const rec = recorder();
    const src = [8, 7, 6, 5, 4, 3, 2, 1];
    const coord = [0x22, 0x11, 0x00, 0xff, 0xff, 0x2e, 0x21, 0x00];
    expect(bytes(respondZdo(dev, rec.bindings, 0x0021, Uint8Array.of(4, ...src, 11, 0x06, 0x00, 0x03, ...coord, 1)))).toEqual([0x8021, 4, 0]);
    expect(bytes(respondZdo(dev, rec.bindings, 0x0022, Uint8Array.of(5, ...src, 11, 0x06, 0x00, 0x01, 0x34, 0x12)))).toEqual([0x8022, 5, 0x88]);
    expect(rec.calls).toEqual([
      ['bind', { srcIeee: '0102030405060708', srcEndpoint: 11, cluster: 6, to: { kind: 'ieee', ieee: '00212effff001122', endpoint: 1 } }],
      ['unbind', { srcIeee: '0102030405060708', srcEndpoint: 11, cluster: 6, to: { kind: 'group', group: 0x1234 } }],
    ]);
  });

  it('should refuse a bind for an endpoint the device does not have', () => {
    const rsp = respondZdo(dev, recorder().bindings, 0x0021, Uint8Array.of(6, 8, 7, 6, 5, 4, 3, 2, 1, 3, 0x06, 0x00, 0x01, 0x01, 0x00));
    expect(bytes(rsp)).toEqual([0x8021, 6, 0x82]);
  });

  it('should answer unknown requests with NOT_SUPPORTED and ignore responses', () => {
    expect(bytes(respondZdo(dev, recorder().bindings, 0x0006, Uint8Array.of(9, 0, 0)))).toEqual([0x8006, 9, 0x84]);
    expect(respondZdo(dev, recorder().bindings, 0x8021, Uint8Array.of(9, 0))).toBeUndefined();
  });
});
