/**
 * The firmware's parameter set (§4.5), kept as the raw little-endian bytes the host wrote, so a read
 * returns exactly what was written. Endpoint descriptors are keyed by their index byte.
 */
import { Param, bytesToIeee, fromHex, ieeeToBytes, toHex } from '../protocol/index';

export interface PersistedParameters {
  values: Record<string, string>;
  endpoints: Record<string, string>;
  /** Link keys written for joining devices (STK_LINK_KEY), by device IEEE. */
  linkKeys?: Record<string, string>;
}

const u8 = (v: number) => Uint8Array.of(v);
const u16 = (v: number) => Uint8Array.of(v & 0xff, v >> 8);
const u32 = (v: number) => Uint8Array.of(v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff);

export class ParameterStore {
  private readonly values = new Map<number, Uint8Array>();
  private readonly endpointDescriptors = new Map<number, Uint8Array>();
  /** The firmware keeps a link key per device (install codes), not one value. */
  private readonly linkKeys = new Map<string, Uint8Array>();

  /** Factory defaults of a fresh ConBee II: a stable MAC, channel 11, no network formed yet. */
  static fresh(mac: string): ParameterStore {
    const store = new ParameterStore();
    const macBytes = ieeeToBytes(mac);
    store.values.set(Param.MacAddress, macBytes);
    store.values.set(Param.ApsTrustCenterAddress, macBytes);
    store.values.set(Param.NwkPanId, u16(0));
    store.values.set(Param.NwkNetworkAddress, u16(0));
    store.values.set(Param.ApsUseExtendedPanId, macBytes);
    store.values.set(Param.NwkExtendedPanId, macBytes);
    store.values.set(Param.ApsChannelMask, u32(1 << 11));
    store.values.set(Param.CurrentChannel, u8(11));
    store.values.set(Param.NetworkKey, new Uint8Array(17));
    store.values.set(Param.NwkUpdateId, u8(0));
    store.values.set(Param.ProtocolVersion, u16(0x010b));
    store.values.set(Param.FrameCounter, u32(0));
    store.values.set(Param.PermitJoin, u8(0));
    store.values.set(Param.WatchdogTtl, u32(0));
    return store;
  }

  static restore(saved: PersistedParameters): ParameterStore {
    const store = new ParameterStore();
    for (const [id, hex] of Object.entries(saved.values)) store.values.set(Number(id), fromHex(hex));
    for (const [index, hex] of Object.entries(saved.endpoints)) store.endpointDescriptors.set(Number(index), fromHex(hex));
    for (const [ieee, hex] of Object.entries(saved.linkKeys ?? {})) store.linkKeys.set(ieee, fromHex(hex));
    return store;
  }

  persist(): PersistedParameters {
    const values: Record<string, string> = {};
    for (const [id, bytes] of this.values) values[id] = toHex(bytes);
    const endpoints: Record<string, string> = {};
    for (const [index, bytes] of this.endpointDescriptors) endpoints[index] = toHex(bytes);
    const linkKeys: Record<string, string> = {};
    for (const [ieee, key] of this.linkKeys) linkKeys[ieee] = toHex(key);
    return { values, endpoints, linkKeys };
  }

  /** The value of a read, or undefined for UNSUPPORTED. */
  read(param: number, arg: Uint8Array): Uint8Array | undefined {
    if (param === Param.Endpoint) return this.endpointDescriptors.get(arg[0] ?? 0);
    return this.values.get(param);
  }

  /** Stores a written value; returns false for a value that cannot be right (empty). */
  write(param: number, value: Uint8Array): boolean {
    if (value.length === 0) return false;
    if (param === Param.Endpoint) {
      this.endpointDescriptors.set(value[0], value.slice());
      return true;
    }
    this.values.set(param, value.slice());
    // ieee u64 (little-endian) + key[16]: one entry per device.
    if (param === Param.LinkKey && value.length === 24) this.linkKeys.set(bytesToIeee(value.subarray(0, 8)), value.slice(8));
    // The firmware moves to the lowest channel of a new mask when the network is (re)started.
    if (param === Param.ApsChannelMask) this.values.set(Param.CurrentChannel, u8(lowestChannel(value)));
    return true;
  }

  /** The link key the host gave for a device (16 lower-case hex IEEE digits), if any. */
  linkKey(ieee: string): Uint8Array | undefined {
    return this.linkKeys.get(ieee);
  }

  macAddress(): string {
    return bytesToIeee(this.values.get(Param.MacAddress) ?? new Uint8Array(8));
  }

  extendedPanId(): Uint8Array {
    return this.values.get(Param.ApsUseExtendedPanId) ?? new Uint8Array(8);
  }

  /** Simple descriptors by endpoint number (index byte stripped), as ZDO needs them. */
  endpoints(): Map<number, Uint8Array> {
    const out = new Map<number, Uint8Array>();
    for (const index of [...this.endpointDescriptors.keys()].sort((a, b) => a - b)) {
      const descriptor = this.endpointDescriptors.get(index)!;
      if (descriptor.length > 1) out.set(descriptor[1], descriptor.subarray(1));
    }
    return out;
  }
}

function lowestChannel(mask: Uint8Array): number {
  const value = (mask[0] | (mask[1] << 8) | (mask[2] << 16) | ((mask[3] ?? 0) << 24)) >>> 0;
  for (let channel = 11; channel <= 26; channel++) if (value & (1 << channel)) return channel;
  return 11;
}
