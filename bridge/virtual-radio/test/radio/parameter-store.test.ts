import { describe, expect, it } from 'vitest';
import { Param, Status } from '../../src/protocol/index';
import { startNetwork } from '../../src/radio/formation';
import { ParameterStore } from '../../src/radio/parameter-store';

const MAC = '00212effff001122';
const MAC_WIRE = [0x22, 0x11, 0x00, 0xff, 0xff, 0x2e, 0x21, 0x00];
const none = new Uint8Array(0);
const read = (store: ParameterStore, param: number, arg: number[] = []) => {
  const result = store.read(param, Uint8Array.from(arg));
  return result.ok ? Array.from(result.value) : { status: result.status };
};
const counter = (size: number) => Uint8Array.from({ length: size }, (_, i) => i + 1);

describe('parameter store: a blank stick', () => {
  it('should answer every parameter the public drivers read, with its real length', () => {
    const store = ParameterStore.fresh(MAC);
    expect(read(store, Param.MacAddress)).toEqual(MAC_WIRE);
    expect(read(store, Param.NwkPanId)).toEqual([0, 0]);
    expect(read(store, Param.NwkNetworkAddress)).toEqual([0xff, 0xff]);
    expect(read(store, Param.NwkExtendedPanId)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(read(store, Param.ApsDesignedCoordinator)).toEqual([1]);
    expect(read(store, Param.ApsChannelMask)).toEqual([0x00, 0xf8, 0xff, 0x07]);
    expect(read(store, Param.ApsUseExtendedPanId)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(read(store, Param.ApsTrustCenterAddress)).toEqual(MAC_WIRE);
    expect(read(store, Param.SecurityMode)).toEqual([3]);
    expect(read(store, Param.CurrentChannel)).toEqual([0]);
    expect(read(store, Param.NetworkKey, [0])).toEqual(new Array(17).fill(0));
    expect(read(store, Param.NwkUpdateId)).toEqual([0]);
    expect(read(store, Param.ProtocolVersion)).toEqual([0x0e, 0x01]);
    expect(read(store, Param.FrameCounter)).toEqual([0, 0, 0, 0]);
    expect(read(store, Param.ZdpResponseHandling)).toEqual([0, 0]);
  });

  it('should hold two endpoint slots and answer UNSUPPORTED past them', () => {
    const store = ParameterStore.fresh(MAC);
    expect(read(store, Param.Endpoint, [1])).toEqual([0x01, 0x50, 0x00, 0xde, 0x01, 0x00, 0x01, 0x00, 0x00]);
    expect((read(store, Param.Endpoint, [0]) as number[])[1]).toBe(0x01);
    expect(read(store, Param.Endpoint, [2])).toEqual({ status: Status.Unsupported });
  });

  it('should give the trust centre link key for the trust centre address and a device key once written', () => {
    const store = ParameterStore.fresh(MAC);
    expect(read(store, Param.LinkKey, MAC_WIRE)).toEqual([...MAC_WIRE, ...new TextEncoder().encode('ZigBeeAlliance09')]);
    const device = [8, 7, 6, 5, 4, 3, 2, 1];
    expect(store.write(Param.LinkKey, Uint8Array.from([...device, ...counter(16)]))).toBe(Status.Success);
    expect(read(store, Param.LinkKey, device)).toEqual([...device, ...counter(16)]);
    expect(store.linkKey('0102030405060708')).toEqual(counter(16));
    expect(read(store, Param.LinkKey)).toEqual({ status: Status.InvalidValue });
  });

  it('should refuse unknown ids, read-only ids, wrong lengths and slots the stick lacks', () => {
    const store = ParameterStore.fresh(MAC);
    expect(read(store, 0x29)).toEqual({ status: Status.Unsupported });
    expect(store.write(0x29, Uint8Array.of(0, 0, 0, 0))).toBe(Status.Unsupported);
    expect(store.write(Param.CurrentChannel, Uint8Array.of(15))).toBe(Status.Unsupported);
    expect(store.write(Param.ProtocolVersion, Uint8Array.of(0x0b, 0x01))).toBe(Status.Unsupported);
    expect(store.write(Param.NwkPanId, Uint8Array.of(0x62))).toBe(Status.InvalidValue);
    expect(store.write(Param.NetworkKey, Uint8Array.of(1, ...counter(16)))).toBe(Status.InvalidValue);
    expect(store.write(Param.Endpoint, Uint8Array.of(2, 1, 4, 1, 5, 0, 1, 0, 0))).toBe(Status.InvalidValue);
    expect(store.write(Param.Endpoint, Uint8Array.of(0, 1, 4, 1, 5, 0, 1, 1, 0))).toBe(Status.InvalidValue);
  });

  it('should return endpoint descriptors byte for byte as written and list them for ZDO', () => {
    const store = ParameterStore.fresh(MAC);
    const ep1 = Uint8Array.of(0x01, 0xf2, 0xe0, 0xa1, 0x64, 0x00, 0x01, 0x00, 0x01, 0x21, 0x00);
    expect(store.write(Param.Endpoint, ep1)).toBe(Status.Success);
    expect(read(store, Param.Endpoint, [1])).toEqual(Array.from(ep1));
    expect([...store.endpoints().keys()]).toEqual([0x01, 0xf2]);
    expect(Array.from(store.endpoints().get(0xf2)!)).toEqual(Array.from(ep1.subarray(1)));
  });
});

describe('parameter store: formation', () => {
  it('should form on the configured channel, PAN and extended PAN id, keeping the written key', () => {
    const store = ParameterStore.fresh(MAC);
    store.write(Param.ApsChannelMask, Uint8Array.of(0x00, 0x80, 0x00, 0x00)); // 1 << 15
    expect(read(store, Param.CurrentChannel)).toEqual([0]);
    store.write(Param.PredefinedPanId, Uint8Array.of(1));
    store.write(Param.NwkPanId, Uint8Array.of(0x62, 0x1a));
    store.write(Param.ApsUseExtendedPanId, Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8));
    store.write(Param.NetworkKey, Uint8Array.of(0, ...counter(16)));
    expect(startNetwork(store)).toEqual({ ok: true, channel: 15, panId: 0x1a62 });
    expect(read(store, Param.CurrentChannel)).toEqual([15]);
    expect(read(store, Param.NwkNetworkAddress)).toEqual([0, 0]);
    expect(read(store, Param.NwkExtendedPanId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(read(store, Param.NetworkKey, [0])).toEqual([0, ...counter(16)]);
  });

  it('should pick the quietest channel of a mask, its own IEEE as extended PAN id, a random PAN and key', () => {
    const store = ParameterStore.fresh(MAC);
    store.write(Param.ApsChannelMask, Uint8Array.of(0x00, 0x08, 0x10, 0x02)); // 11, 20, 25
    const outcome = startNetwork(store, (size) => new Uint8Array(size).fill(0x42));
    expect(outcome).toEqual({ ok: true, channel: 25, panId: (0x4242 % 0xfff6) + 1 });
    expect(read(store, Param.NwkExtendedPanId)).toEqual(MAC_WIRE);
    expect(read(store, Param.NetworkKey, [0])).toEqual([0, ...new Array(16).fill(0x42)]);
  });

  it('should not form as a router, and stay on its channel when restarted with a mask that still has it', () => {
    const router = ParameterStore.fresh(MAC);
    router.write(Param.ApsDesignedCoordinator, Uint8Array.of(0));
    expect(startNetwork(router).ok).toBe(false);
    const store = ParameterStore.fresh(MAC);
    store.write(Param.ApsChannelMask, Uint8Array.of(0x00, 0x80, 0x00, 0x00));
    startNetwork(store);
    store.write(Param.ApsChannelMask, Uint8Array.of(0x00, 0xf8, 0xff, 0x07));
    expect(startNetwork(store)).toMatchObject({ ok: true, channel: 15 });
  });

  it('should survive a persist/restore round trip and fill ids an older state file lacks', () => {
    const store = ParameterStore.fresh(MAC);
    store.write(Param.NwkPanId, Uint8Array.of(0x62, 0x1a));
    const saved = JSON.parse(JSON.stringify(store.persist()));
    delete saved.values[Param.SecurityMode];
    saved.values[Param.ProtocolVersion] = '0b01';
    const restored = ParameterStore.restore(saved);
    expect(read(restored, Param.NwkPanId)).toEqual([0x62, 0x1a]);
    expect(read(restored, Param.SecurityMode)).toEqual([3]);
    expect(read(restored, Param.ProtocolVersion)).toEqual([0x0e, 0x01]);
    expect(restored.macAddress()).toBe(MAC);
    expect(read(restored, Param.CurrentChannel, [])).toEqual(read(store, Param.CurrentChannel, Array.from(none)));
  });
});
