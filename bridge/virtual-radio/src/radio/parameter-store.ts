/**
 * The firmware's parameter set, kept as the little-endian bytes the host wrote, so a read returns
 * exactly what was written. Which ids exist, their lengths and blank values are `parameter-table.ts`;
 * the indexed ones live here: two endpoint slots, the network key (index 0), and link keys by IEEE
 * (the trust centre's own global key, and one per device for install codes).
 */
import { Param, Status, bytesToIeee, fromHex, ieeeToBytes, toHex } from '../protocol/index';
import { BLANK_ENDPOINTS, DEFAULT_TC_LINK_KEY, ENDPOINT_SLOTS, MAX_SLOT_CLUSTERS, PARAMETERS, blankValue } from './parameter-table';

export interface PersistedParameters {
  values: Record<string, string>;
  endpoints: Record<string, string>;
  /** Link keys written for joining devices (STK_LINK_KEY), by device IEEE. */
  linkKeys?: Record<string, string>;
}

export type ReadResult = { ok: true; value: Uint8Array } | { ok: false; status: number };

const KEY_LENGTH = 16;
const unsupported: ReadResult = { ok: false, status: Status.Unsupported };
const invalid: ReadResult = { ok: false, status: Status.InvalidValue };

export class ParameterStore {
  private readonly values = new Map<number, Uint8Array>();
  private readonly slots = new Map<number, Uint8Array>();
  /** Per-device link keys; the trust centre's global key is kept under its own address. */
  private readonly linkKeys = new Map<string, Uint8Array>();

  /** A blank ConBee II: its MAC, no network (channel 0), the factory endpoint slots. */
  static fresh(mac: string): ParameterStore {
    const store = new ParameterStore();
    const macBytes = ieeeToBytes(mac);
    for (const [id, spec] of PARAMETERS) store.values.set(id, blankValue(spec, macBytes));
    store.values.set(Param.NetworkKey, new Uint8Array(1 + KEY_LENGTH));
    for (const slot of BLANK_ENDPOINTS) store.slots.set(slot[0], slot.slice());
    return store;
  }

  /** A saved state over a blank stick's values, so ids a saved file predates read as a blank stick's. */
  static restore(saved: PersistedParameters): ParameterStore {
    const mac = saved.values[Param.MacAddress];
    const store = ParameterStore.fresh(mac ? bytesToIeee(fromHex(mac)) : '0000000000000000');
    for (const [id, hex] of Object.entries(saved.values)) store.values.set(Number(id), fromHex(hex));
    for (const [index, hex] of Object.entries(saved.endpoints)) store.slots.set(Number(index), fromHex(hex));
    for (const [ieee, hex] of Object.entries(saved.linkKeys ?? {})) store.linkKeys.set(ieee, fromHex(hex));
    // The protocol version belongs to the firmware, not to the state an older version saved.
    store.values.set(Param.ProtocolVersion, blankValue(PARAMETERS.get(Param.ProtocolVersion)!, new Uint8Array(8)));
    return store;
  }

  persist(): PersistedParameters {
    const hex = (map: Map<number | string, Uint8Array>) => Object.fromEntries([...map].map(([k, v]) => [String(k), toHex(v)]));
    return { values: hex(this.values), endpoints: hex(this.slots), linkKeys: hex(this.linkKeys) };
  }

  /** A READ_PARAMETER: the value, or the status the firmware answers (UNSUPPORTED for unknown ids and slots). */
  read(param: number, arg: Uint8Array): ReadResult {
    if (param === Param.Endpoint) {
      const slot = this.slots.get(arg[0] ?? 0);
      return slot ? { ok: true, value: slot } : unsupported;
    }
    if (param === Param.NetworkKey) return arg.length === 0 || arg[0] === 0 ? this.get(param) : unsupported;
    if (param === Param.LinkKey) {
      if (arg.length !== 8) return invalid;
      const ieee = bytesToIeee(arg);
      return { ok: true, value: Uint8Array.from([...arg, ...(this.linkKeys.get(ieee) ?? this.trustCentreKey())]) };
    }
    return this.get(param);
  }

  private get(param: number): ReadResult {
    const value = this.values.get(param);
    return value && (PARAMETERS.has(param) || param === Param.NetworkKey) ? { ok: true, value } : unsupported;
  }

  /** A WRITE_PARAMETER: SUCCESS, UNSUPPORTED (unknown or read-only id) or INVALID_VALUE (wrong length or slot). */
  write(param: number, value: Uint8Array): number {
    if (param === Param.Endpoint) return this.writeSlot(value);
    if (param === Param.NetworkKey) return this.writeExact(param, value, 1 + KEY_LENGTH, value[0] === 0);
    if (param === Param.LinkKey) {
      if (value.length !== 8 + KEY_LENGTH) return Status.InvalidValue;
      this.linkKeys.set(bytesToIeee(value.subarray(0, 8)), value.slice(8));
      return Status.Success;
    }
    const spec = PARAMETERS.get(param);
    if (!spec?.writable) return Status.Unsupported;
    return this.writeExact(param, value, spec.length, true);
  }

  private writeExact(param: number, value: Uint8Array, length: number, valid: boolean): number {
    if (value.length !== length || !valid) return Status.InvalidValue;
    this.values.set(param, value.slice());
    return Status.Success;
  }

  /** `index, endpoint, profile u16, device u16, version, in count, in u16…, out count, out u16…`. */
  private writeSlot(value: Uint8Array): number {
    if (value.length < 9 || value[0] >= ENDPOINT_SLOTS) return Status.InvalidValue;
    const inCount = value[7];
    const outAt = 8 + inCount * 2;
    const outCount = value[outAt];
    if (outCount === undefined || value.length !== outAt + 1 + outCount * 2) return Status.InvalidValue;
    if (inCount > MAX_SLOT_CLUSTERS || outCount > MAX_SLOT_CLUSTERS) return Status.InvalidValue;
    this.slots.set(value[0], value.slice());
    return Status.Success;
  }

  /** Sets a value the firmware itself decides (formation), bypassing the host's write rules. */
  set(param: number, value: Uint8Array): void {
    this.values.set(param, value.slice());
  }

  value(param: number): Uint8Array {
    return this.values.get(param) ?? new Uint8Array(0);
  }

  number(param: number): number {
    const bytes = this.value(param);
    let out = 0;
    for (let i = Math.min(bytes.length, 4) - 1; i >= 0; i -= 1) out = out * 256 + bytes[i];
    return out;
  }

  /** The link key the host gave for a device (16 lower-case hex IEEE digits), if any. */
  linkKey(ieee: string): Uint8Array | undefined {
    return this.linkKeys.get(ieee);
  }

  private trustCentreKey(): Uint8Array {
    return this.linkKeys.get(bytesToIeee(this.value(Param.ApsTrustCenterAddress))) ?? DEFAULT_TC_LINK_KEY;
  }

  macAddress(): string {
    return bytesToIeee(this.value(Param.MacAddress));
  }

  /** The running network's extended PAN id (8 wire bytes; zeros without a network). */
  extendedPanId(): Uint8Array {
    return this.value(Param.NwkExtendedPanId);
  }

  /** Simple descriptors by endpoint number (index byte stripped), as ZDO needs them; endpoint 0 is an unused slot. */
  endpoints(): Map<number, Uint8Array> {
    const out = new Map<number, Uint8Array>();
    for (const index of [...this.slots.keys()].sort((a, b) => a - b)) {
      const descriptor = this.slots.get(index)!;
      if (descriptor.length > 1 && descriptor[1] !== 0) out.set(descriptor[1], descriptor.subarray(1));
    }
    return out;
  }
}
