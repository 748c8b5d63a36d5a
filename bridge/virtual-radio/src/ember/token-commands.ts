/**
 * Token commands (EZSP 14): the NVM3 token list, reading and writing one token by key and index,
 * the token factory reset, and resetNode. Written tokens take effect in the tokens at once; the
 * host resets the NCP after a restore, as herdsman's tokens manager expects.
 */
import type { CommandHandler } from './context';
import { ByteWriter, readU32, statusOnly, u32 } from './ezsp-codec';
import { FrameId, SlStatus } from './ezsp-frame';
import { blankTokens } from './ncp-state';
import { TOKENS, tokenByKey } from './tokens';

const tokenId = (nvm3Key: number, index: number) => `${nvm3Key.toString(16)}:${index}`;

export const tokenHandlers: Record<number, CommandHandler> = {
  // EZSP 14 still answers the count as one byte (u32 from EZSP 18 on).
  [FrameId.GetTokenCount]: () => Uint8Array.of(TOKENS.length),
  [FrameId.GetTokenInfo]: (_ctx, r) => {
    const def = TOKENS[r.u8()];
    const w = u32(new ByteWriter(), def ? SlStatus.Ok : SlStatus.InvalidIndex);
    return u32(w, def?.nvm3Key ?? 0)
      .u8(def?.isCounter ? 1 : 0)
      .u8(def && def.arraySize > 1 ? 1 : 0)
      .u8(def?.size ?? 0)
      .u8(def?.arraySize ?? 0)
      .done();
  },
  [FrameId.GetTokenData]: (ctx, r) => {
    const nvm3Key = readU32(r);
    const index = readU32(r);
    const def = tokenByKey(nvm3Key);
    if (!def || index >= def.arraySize) return u32(u32(new ByteWriter(), def ? SlStatus.InvalidIndex : SlStatus.NotFound), 0).done();
    const raw = ctx.tokens.rawTokens?.[tokenId(nvm3Key, index)];
    const data = raw ? Uint8Array.from(Buffer.from(raw, 'hex')) : def.read(ctx.tokens, index);
    return u32(u32(new ByteWriter(), SlStatus.Ok), data.length).bytes(data).done();
  },
  [FrameId.SetTokenData]: (ctx, r) => {
    const nvm3Key = readU32(r);
    const index = readU32(r);
    const data = r.take(readU32(r));
    const def = tokenByKey(nvm3Key);
    if (!def) return statusOnly(SlStatus.NotFound);
    if (index >= def.arraySize) return statusOnly(SlStatus.InvalidIndex);
    if (data.length !== def.size) return statusOnly(SlStatus.InvalidParameter);
    if (def.write) def.write(ctx.tokens, data, index);
    else ctx.tokens.rawTokens = { ...ctx.tokens.rawTokens, [tokenId(nvm3Key, index)]: Buffer.from(data).toString('hex') };
    ctx.changed();
    return statusOnly(SlStatus.Ok);
  },
  [FrameId.TokenFactoryReset]: (ctx, r) => {
    const keepOutgoingFc = r.u8() !== 0;
    const keepBootCounter = r.u8() !== 0;
    const { nwkFrameCounter, apsFrameCounter, bootCounter, eui64 } = ctx.tokens;
    // Every stack token back to its default; the running network lives on in RAM until the next boot.
    for (const key of Object.keys(ctx.tokens)) delete (ctx.tokens as unknown as Record<string, unknown>)[key];
    Object.assign(ctx.tokens, blankTokens(eui64), keepOutgoingFc ? { nwkFrameCounter, apsFrameCounter } : {}, keepBootCounter ? { bootCounter } : {});
    ctx.changed();
    return new Uint8Array(0);
  },
  [FrameId.ResetNode]: (ctx) => {
    ctx.reboot();
    return new Uint8Array(0);
  },
};
