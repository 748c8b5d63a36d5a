/**
 * EZSP security commands herdsman's start-up, permit join and backup use: the initial security
 * state for forming, network key info and key switches, clearing and erasing the key table,
 * transient link keys (install codes, the well-known key while joining is open). Key export and
 * import by security manager context are in `key-commands.ts`.
 */
import type { CommandHandler } from './context';
import { ByteWriter, keyToHex, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';
import { KEY_TABLE_SIZE } from './ncp-state';

const NO_FRAME_COUNTER_RESET = 0x1000;

export const securityHandlers: Record<number, CommandHandler> = {
  [FrameId.SetInitialSecurityState]: (ctx, r) => {
    const bitmask = r.u16();
    const tcLinkKey = keyToHex(r.take(16));
    const networkKey = keyToHex(r.take(16));
    const networkKeySequence = r.u8();
    r.ieee(); // preconfigured trust centre EUI64
    if (ctx.ram.networkUp) return statusOnly(SlStatus.InvalidState);
    ctx.ram.staged = { networkKey, networkKeySequence, tcLinkKey, keepFrameCounter: (bitmask & NO_FRAME_COUNTER_RESET) !== 0, bitmask };
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.GetNetworkKeyInfo]: (ctx) => {
    const set = ctx.tokens.network !== undefined;
    const alternate = ctx.ram.nextNetworkKey ?? ctx.tokens.alternateKey;
    const w = u32(new ByteWriter(), SlStatus.Ok)
      .u8(set ? 1 : 0)
      .u8(alternate ? 1 : 0)
      .u8(ctx.tokens.networkKeySequence)
      .u8(alternate ? (ctx.tokens.networkKeySequence + 1) & 0xff : 0);
    return u32(w, ctx.tokens.nwkFrameCounter).done();
  },
  [FrameId.ClearKeyTable]: (ctx) => {
    ctx.tokens.keyTable = [];
    ctx.changed();
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.EraseKeyTableEntry]: (ctx, r) => {
    const index = r.u8();
    if (index >= KEY_TABLE_SIZE) return statusOnly(SlStatus.InvalidIndex);
    // Erasing an empty slot is no error: a restore erases every index its backup does not fill.
    if (ctx.tokens.keyTable[index]) {
      ctx.tokens.keyTable[index] = null;
      ctx.changed();
    }
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.ImportTransientKey]: (ctx, r) => {
    const ieee = r.ieee();
    ctx.ram.transientKeys.set(ieee, { key: keyToHex(r.take(16)), addedAt: ctx.now() });
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
