/**
 * EZSP security commands herdsman's start-up, permit join and backup use: the initial security
 * state for forming, key export (network key, TC link key) and network key info, the key table,
 * transient link keys (install codes, the well-known key while joining is open).
 */
import type { CommandHandler } from './context';
import { ByteWriter, hexToKey, keyToHex, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';

const NO_FRAME_COUNTER_RESET = 0x1000;
const KeyType = { Network: 1, TcLink: 2 } as const;
const KEY_TABLE_SIZE = 12;

export const securityHandlers: Record<number, CommandHandler> = {
  [FrameId.SetInitialSecurityState]: (ctx, r) => {
    const bitmask = r.u16();
    const tcLinkKey = keyToHex(r.take(16));
    const networkKey = keyToHex(r.take(16));
    const networkKeySequence = r.u8();
    r.ieee(); // preconfigured trust centre EUI64
    if (ctx.ram.networkUp) return statusOnly(SlStatus.InvalidState);
    ctx.ram.staged = { networkKey, networkKeySequence, tcLinkKey, keepFrameCounter: (bitmask & NO_FRAME_COUNTER_RESET) !== 0 };
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.ExportKey]: (ctx, r) => {
    const context = r.take(r.remaining);
    const type = context[0];
    const key = type === KeyType.Network ? ctx.tokens.networkKey : type === KeyType.TcLink ? ctx.tokens.tcLinkKey : undefined;
    // The answer echoes the security manager context it was asked with.
    return u32(new ByteWriter(), key ? SlStatus.Ok : SlStatus.NotFound).bytes(hexToKey(key ?? '0'.repeat(32))).bytes(context).done();
  },
  [FrameId.GetNetworkKeyInfo]: (ctx) => {
    const set = ctx.tokens.network !== undefined;
    const w = u32(new ByteWriter(), SlStatus.Ok).u8(set ? 1 : 0).u8(0).u8(ctx.tokens.networkKeySequence).u8(0);
    return u32(w, ctx.tokens.nwkFrameCounter).done();
  },
  [FrameId.ClearKeyTable]: (ctx) => {
    ctx.tokens.keyTable = [];
    ctx.changed();
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.ImportLinkKey]: (ctx, r) => {
    const index = r.u8();
    const ieee = r.ieee();
    const key = keyToHex(r.take(16));
    const table = ctx.tokens.keyTable.filter((entry) => entry.ieee !== ieee);
    if (index >= KEY_TABLE_SIZE && index !== 0xff) return statusOnly(SlStatus.InvalidParameter);
    table.push({ ieee, key });
    ctx.tokens.keyTable = table;
    ctx.changed();
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.EraseKeyTableEntry]: (ctx, r) => {
    const index = r.u8();
    if (index >= ctx.tokens.keyTable.length) return statusOnly(SlStatus.NotFound);
    ctx.tokens.keyTable.splice(index, 1);
    ctx.changed();
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.ImportTransientKey]: (ctx, r) => {
    const ieee = r.ieee();
    ctx.ram.transientKeys.set(ieee, keyToHex(r.take(16)));
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.ClearTransientLinkKeys]: (ctx) => {
    ctx.ram.transientKeys.clear();
    return new Uint8Array(0);
  },
  [FrameId.BroadcastNextNetworkKey]: (ctx, r) => {
    if (!ctx.ram.networkUp) return statusOnly(SlStatus.InvalidState);
    ctx.ram.nextNetworkKey = keyToHex(r.take(16));
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.BroadcastNetworkKeySwitch]: (ctx) => {
    const next = ctx.ram.nextNetworkKey;
    if (!ctx.ram.networkUp || !next) return statusOnly(SlStatus.InvalidState);
    Object.assign(ctx.tokens, { networkKey: next, networkKeySequence: (ctx.tokens.networkKeySequence + 1) & 0xff, nwkFrameCounter: 0 });
    ctx.ram.nextNetworkKey = undefined;
    ctx.changed();
    return statusOnly(SlStatus.Ok);
  },
};

