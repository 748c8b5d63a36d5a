import { describe, expect, it } from 'vitest';
import { Param } from '../../src/protocol/index';
import { ParameterStore } from '../../src/radio/parameter-store';

describe('parameter store', () => {
  it('should start fresh with the MAC as trust centre and a readable network key', () => {
    const store = ParameterStore.fresh('00212effff001122');
    expect(Array.from(store.read(Param.MacAddress, new Uint8Array())!)).toEqual([0x22, 0x11, 0x00, 0xff, 0xff, 0x2e, 0x21, 0x00]);
    expect(store.read(Param.ApsTrustCenterAddress, new Uint8Array())).toEqual(store.read(Param.MacAddress, new Uint8Array()));
    expect(store.read(Param.NetworkKey, Uint8Array.of(0))!.length).toBe(17);
    expect(store.macAddress()).toBe('00212effff001122');
  });

  it('should answer unsupported (undefined) for an endpoint never written', () => {
    expect(ParameterStore.fresh('00212effff001122').read(Param.Endpoint, Uint8Array.of(0))).toBeUndefined();
  });

  it('should return endpoint descriptors byte for byte as written, keyed by index', () => {
    const store = ParameterStore.fresh('00212effff001122');
    const ep1 = Uint8Array.of(0x01, 0xf2, 0xe0, 0xa1, 0x64, 0x00, 0x01, 0x00, 0x01, 0x21, 0x00);
    expect(store.write(Param.Endpoint, ep1)).toBe(true);
    expect(store.read(Param.Endpoint, Uint8Array.of(1))).toEqual(ep1);
    expect(Array.from(store.endpoints().get(0xf2)!)).toEqual(Array.from(ep1.subarray(1)));
  });

  it('should move the current channel to the lowest channel of a written mask', () => {
    const store = ParameterStore.fresh('00212effff001122');
    store.write(Param.ApsChannelMask, Uint8Array.of(0x00, 0x80, 0x00, 0x00)); // 1 << 15
    expect(Array.from(store.read(Param.CurrentChannel, new Uint8Array())!)).toEqual([15]);
  });

  it('should refuse an empty value and survive a persist/restore round trip', () => {
    const store = ParameterStore.fresh('00212effff001122');
    expect(store.write(Param.NwkPanId, new Uint8Array())).toBe(false);
    store.write(Param.NwkPanId, Uint8Array.of(0x62, 0x1a));
    const restored = ParameterStore.restore(JSON.parse(JSON.stringify(store.persist())));
    expect(Array.from(restored.read(Param.NwkPanId, new Uint8Array())!)).toEqual([0x62, 0x1a]);
    expect(restored.macAddress()).toBe('00212effff001122');
  });
});
