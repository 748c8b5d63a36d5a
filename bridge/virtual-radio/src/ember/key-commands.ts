/**
 * The security manager commands of EZSP 13+ (EZSP 14 layouts: status first, then key, context or
 * metadata): export and import of keys named by a context, the key table by index or EUI64, the
 * transient keys (install codes) and their metadata, and the current security state. A key that
 * is not there answers NOT_FOUND with a zero key, as the stack does.
 */
import type { CommandHandler, NcpContext } from './context';
import { ByteWriter, hexToKey, keyToHex, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';
import { KEY_TABLE_SIZE, ZERO_KEY } from './ncp-state';
import { appLinkContext, blankContext, findKey, KeyType, NO_METADATA, readContext, SecManFlag, writeContext, writeMetadata } from './sec-man';
import type { FoundKey, SecManContext } from './sec-man';

const BLANK_EUI64 = '0000000000000000';
/** EmberCurrentSecurityBitmask bits, from the initial security state's. */
const Current = { GlobalLinkKey: 0x0004, HaveTcLinkKey: 0x0010, HashedLinkKey: 0x0084 } as const;
const Initial = { GlobalLinkKey: 0x0004, HashedLinkKey: 0x0084, PreconfiguredKey: 0x0100, KeyFromInstallCode: 0x2000 } as const;

const lookup = (ctx: NcpContext, c: SecManContext): FoundKey | undefined => findKey(ctx.tokens, ctx.ram, c, ctx.now());

/** status, context, key, metadata: the layout of every export-by-index/EUI answer. */
function keyAnswer(found: FoundKey | undefined, asked: SecManContext): Uint8Array {
  const w = u32(new ByteWriter(), found ? SlStatus.Ok : SlStatus.NotFound);
  writeContext(w, found?.context ?? asked).bytes(hexToKey(found?.key ?? ZERO_KEY));
  return writeMetadata(w, found?.metadata ?? NO_METADATA).done();
}

/** Writes a key-table entry: at `index`, or (0xFF) over the entry for the same EUI64, else the first free one. */
function storeLinkKey(ctx: NcpContext, index: number, ieee: string, key: string): number {
  const table = ctx.tokens.keyTable;
  const slot =
    index !== 0xff
      ? index
      : (() => {
          const same = table.findIndex((e) => e?.ieee === ieee);
          if (same >= 0) return same;
          for (let i = 0; i < KEY_TABLE_SIZE; i++) if (!table[i]) return i;
          return -1;
        })();
  if (slot < 0) return SlStatus.Full;
  if (slot >= KEY_TABLE_SIZE) return SlStatus.InvalidIndex;
  while (table.length < slot) table.push(null);
  table[slot] = { ieee, key };
  ctx.changed();
  return SlStatus.Ok;
}

function importKey(ctx: NcpContext, c: SecManContext, key: string): number {
  switch (c.keyType) {
    case KeyType.Network:
      if (c.keyIndex === 0) ctx.tokens.networkKey = key;
      else ctx.tokens.alternateKey = key;
      break;
    case KeyType.TcLink:
      ctx.tokens.tcLinkKey = key;
      break;
    case KeyType.AppLink:
      return storeLinkKey(ctx, c.flags & SecManFlag.KeyIndexIsValid ? c.keyIndex : 0xff, c.eui64, key);
    case KeyType.TcLinkWithTimeout:
      ctx.ram.transientKeys.set(c.eui64, { key, addedAt: ctx.now() });
      return SlStatus.Ok;
    default:
      return SlStatus.InvalidType;
  }
  ctx.changed();
  return SlStatus.Ok;
}

export const keyHandlers: Record<number, CommandHandler> = {
  [FrameId.ExportKey]: (ctx, r) => {
    const asked = readContext(r);
    const found = lookup(ctx, asked);
    return writeContext(u32(new ByteWriter(), found ? SlStatus.Ok : SlStatus.NotFound).bytes(hexToKey(found?.key ?? ZERO_KEY)), found?.context ?? asked).done();
  },
  [FrameId.ImportKey]: (ctx, r) => {
    const c = readContext(r);
    const status = importKey(ctx, c, keyToHex(r.take(16)));
    return writeContext(u32(new ByteWriter(), status), c).done();
  },
  [FrameId.CheckKeyContext]: (ctx, r) => statusOnly(lookup(ctx, readContext(r)) ? SlStatus.Ok : SlStatus.NotFound),
  [FrameId.GetApsKeyInfo]: (ctx, r) => {
    const asked = readContext(r);
    if (asked.keyType === KeyType.Network) return writeContext(writeMetadata(u32(new ByteWriter(), SlStatus.InvalidType), NO_METADATA), asked).done();
    const found = lookup(ctx, asked);
    return writeContext(
      writeMetadata(u32(new ByteWriter(), found ? SlStatus.Ok : SlStatus.NotFound), found?.metadata ?? NO_METADATA),
      found?.context ?? asked,
    ).done();
  },
  [FrameId.ExportLinkKeyByIndex]: (ctx, r) => {
    const index = r.u8();
    return keyAnswer(lookup(ctx, { ...blankContext(KeyType.AppLink, index), flags: SecManFlag.KeyIndexIsValid }), appLinkContext(index, BLANK_EUI64));
  },
  [FrameId.ExportLinkKeyByEui]: (ctx, r) => {
    const eui64 = r.ieee();
    return keyAnswer(lookup(ctx, { ...blankContext(KeyType.AppLink, 0xff), eui64, flags: SecManFlag.EuiIsValid }), { ...appLinkContext(0xff, eui64) });
  },
  [FrameId.ExportTransientKeyByIndex]: (ctx, r) => {
    const index = r.u8();
    return keyAnswer(
      lookup(ctx, { ...blankContext(KeyType.TcLinkWithTimeout, index), flags: SecManFlag.KeyIndexIsValid }),
      blankContext(KeyType.TcLinkWithTimeout, index),
    );
  },
  [FrameId.ExportTransientKeyByEui]: (ctx, r) => {
    const eui64 = r.ieee();
    const asked = { ...blankContext(KeyType.TcLinkWithTimeout), eui64, flags: SecManFlag.EuiIsValid };
    return keyAnswer(lookup(ctx, asked), asked);
  },
  [FrameId.ImportLinkKey]: (ctx, r) => {
    const index = r.u8();
    const ieee = r.ieee();
    return statusOnly(storeLinkKey(ctx, index, ieee, keyToHex(r.take(16))));
  },
  [FrameId.GetCurrentSecurityState]: (ctx) => {
    if (!ctx.ram.networkUp) return u32(new ByteWriter(), SlStatus.NotJoined).u16(0).ieee(BLANK_EUI64).done();
    const initial = ctx.tokens.securityBitmask ?? 0;
    let bits = 0;
    if (initial & Initial.GlobalLinkKey) bits |= Current.GlobalLinkKey;
    if (initial & (Initial.PreconfiguredKey | Initial.KeyFromInstallCode)) bits |= Current.HaveTcLinkKey;
    if ((initial & Initial.HashedLinkKey) === Initial.HashedLinkKey) bits |= Current.HashedLinkKey;
    // The coordinator is its own trust centre.
    return u32(new ByteWriter(), SlStatus.Ok).u16(bits).ieee(ctx.tokens.eui64).done();
  },
};
