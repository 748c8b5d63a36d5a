/**
 * EZSP commands about the NCP itself: version, configuration values, policies, values, endpoints,
 * the multicast table, concentrator and counters. Layouts as EZSP 14 has them.
 */
import type { CommandHandler } from './context';
import { ByteWriter, readU32, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';
import { NCP_VERSION } from './ncp-state';
import { multicastIndexValid, refuseIndex } from './table-commands';
import { effectiveEui64 } from './tokens';

/**
 * Configuration values (EzspConfigId → value) as an EmberZNet 8.0 NCP image boots with them. Ids
 * outside this table are not configuration values of this image: get and set answer EZSP_ERROR.
 */
const CONFIG_DEFAULTS: ReadonlyMap<number, number> = new Map([
  [1, 255],
  [2, 26],
  [3, 10],
  [4, 32],
  [5, 32],
  [6, 16],
  [7, 16],
  [8, 8],
  [12, 2],
  [13, 5],
  [16, 30],
  [17, 32],
  [18, 7680],
  [19, 8],
  [23, 0],
  [24, 0],
  [25, 2],
  [26, 200],
  [28, 1],
  [29, 50],
  [30, 12],
  [31, 1600],
  [32, 20],
  [34, 1],
  [36, 0],
  [41, 0],
  [42, 0],
  [43, 15],
  [44, 0],
  [45, 1],
  [46, 0],
  [47, 0],
  [48, -40 & 0xffff],
  [51, 1],
  [52, 16],
  [53, 15],
  [54, 300],
  [55, 1],
  [56, 300],
  [57, 0],
  [64, 0],
  [65, 0],
  [66, 0],
  [67, 0],
]);

const Value = { VersionInfo: 0x11, NwkFrameCounter: 0x23, ApsFrameCounter: 0x24, KeyStorageVersion: 0x44 } as const;
/** Keys live in the tokens themselves (classic key storage), not in PSA. */
const CLASSIC_KEY_STORAGE = 0;
const ENDPOINT_FLAGS = 0x00;
const ENDPOINT_ENABLED = 0x0001;
/** EmberCounterType.COUNT: readAndClearCounters answers this many u16 counters. */
const COUNTER_TYPES = 42;

const versionInfo = (): Uint8Array =>
  new ByteWriter().u16(NCP_VERSION.build).u8(NCP_VERSION.major).u8(NCP_VERSION.minor).u8(NCP_VERSION.patch).u8(NCP_VERSION.special).u8(NCP_VERSION.type).done();

const valueAnswer = (status: number, value: Uint8Array): Uint8Array => u32(new ByteWriter(), status).u8(value.length).bytes(value).done();

export const stackHandlers: Record<number, CommandHandler> = {
  [FrameId.Version]: (ctx, r) => {
    const desired = r.u8();
    // The NCP answers with its own version; the host may then ask again for that one.
    if (desired === NCP_VERSION.protocol) ctx.ram.protocol = desired;
    return new ByteWriter().u8(NCP_VERSION.protocol).u8(NCP_VERSION.stackType).u16(NCP_VERSION.stackVersion).done();
  },
  [FrameId.Nop]: () => new Uint8Array(0),
  [FrameId.GetConfigurationValue]: (ctx, r) => {
    const id = r.u8();
    const value = CONFIG_DEFAULTS.has(id) ? (ctx.ram.config.get(id) ?? CONFIG_DEFAULTS.get(id)) : undefined;
    return u32(new ByteWriter(), value === undefined ? SlStatus.EzspError : SlStatus.Ok)
      .u16(value ?? 0)
      .done();
  },
  [FrameId.SetConfigurationValue]: (ctx, r) => {
    const id = r.u8();
    const value = r.u16();
    // Configuration is sized at boot: once the network is up it can no longer change.
    if (ctx.ram.networkUp || !CONFIG_DEFAULTS.has(id)) return statusOnly(SlStatus.EzspError);
    ctx.ram.config.set(id, value);
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.SetPolicy]: (ctx, r) => {
    ctx.ram.policies.set(r.u8(), r.u8());
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.GetPolicy]: (ctx, r) => {
    const decision = ctx.ram.policies.get(r.u8());
    return u32(new ByteWriter(), decision === undefined ? SlStatus.EzspError : SlStatus.Ok)
      .u8(decision ?? 0)
      .done();
  },
  [FrameId.GetValue]: (ctx, r) => {
    const id = r.u8();
    if (id === Value.VersionInfo) return valueAnswer(SlStatus.Ok, versionInfo());
    if (id === Value.KeyStorageVersion) return valueAnswer(SlStatus.Ok, Uint8Array.of(CLASSIC_KEY_STORAGE));
    if (id === Value.NwkFrameCounter) return valueAnswer(SlStatus.Ok, u32(new ByteWriter(), ctx.tokens.nwkFrameCounter).done());
    if (id === Value.ApsFrameCounter) return valueAnswer(SlStatus.Ok, u32(new ByteWriter(), ctx.tokens.apsFrameCounter).done());
    const value = ctx.ram.values.get(id);
    return valueAnswer(value ? SlStatus.Ok : SlStatus.EzspError, value ?? new Uint8Array(0));
  },
  [FrameId.SetValue]: (ctx, r) => {
    const id = r.u8();
    const value = r.take(r.u8());
    if (id === Value.VersionInfo || id === Value.KeyStorageVersion) return statusOnly(SlStatus.EzspError);
    if (id === Value.NwkFrameCounter || id === Value.ApsFrameCounter) {
      const counter = value.length === 4 ? (value[0] | (value[1] << 8) | (value[2] << 16) | (value[3] << 24)) >>> 0 : 0;
      if (id === Value.NwkFrameCounter) ctx.tokens.nwkFrameCounter = counter;
      else ctx.tokens.apsFrameCounter = counter;
      ctx.changed();
    } else {
      ctx.ram.values.set(id, value);
    }
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.GetExtendedValue]: (ctx, r) => {
    const id = r.u8();
    const characteristics = readU32(r);
    // Endpoint flags always come as two bytes; an endpoint not added yet has none and an error status.
    if (id === ENDPOINT_FLAGS) {
      const known = ctx.ram.endpoints.has(characteristics & 0xff);
      return valueAnswer(known ? SlStatus.Ok : SlStatus.EzspError, new ByteWriter().u16(known ? ENDPOINT_ENABLED : 0).done());
    }
    return valueAnswer(SlStatus.EzspError, new Uint8Array(0));
  },
  [FrameId.AddEndpoint]: (ctx, r) => {
    const endpoint = r.u8();
    const profile = r.u16();
    const device = r.u16();
    const version = r.u8();
    const inCount = r.u8();
    const outCount = r.u8();
    const inClusters = r.take(inCount * 2);
    const outClusters = r.take(outCount * 2);
    if (ctx.ram.endpoints.has(endpoint)) return statusOnly(SlStatus.InvalidState);
    const descriptor = new ByteWriter().u8(endpoint).u16(profile).u16(device).u8(version).u8(inCount).bytes(inClusters).u8(outCount).bytes(outClusters).done();
    ctx.ram.endpoints.set(endpoint, descriptor);
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.SetMulticastTableEntry]: (ctx, r) => {
    const index = r.u8();
    if (!multicastIndexValid(index)) return refuseIndex();
    ctx.ram.multicast.set(index, { group: r.u16(), endpoint: r.u8() });
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.SetManufacturerCode]: (ctx, r) => {
    ctx.ram.manufacturerCode = r.u16();
    return new Uint8Array(0);
  },
  [FrameId.SetConcentrator]: () => statusOnly(SlStatus.Ok),
  // The next many-to-one route request goes out at once, as the stack reschedules it.
  [FrameId.SetSourceRouteDiscoveryMode]: () => u32(new ByteWriter(), 0).done(),
  [FrameId.SetRadioIeee802154CcaMode]: () => statusOnly(SlStatus.Ok),
  [FrameId.ReadAndClearCounters]: () => new Uint8Array(COUNTER_TYPES * 2),
  [FrameId.GetEui64]: (ctx) => new ByteWriter().ieee(effectiveEui64(ctx.tokens)).done(),
  [FrameId.GetNodeId]: () => new ByteWriter().u16(0x0000).done(),
};
