/**
 * The security manager's vocabulary (EmberZNet 7.x/8.x, EZSP 13+): the context that names a key
 * (`sl_zb_sec_man_context_t`: core key type, index, derived type, EUI64, network index, flags, PSA
 * algorithm permission) and the APS key metadata (bitmask, frame counters, time to live).
 */
import { readU32, u32 } from './ezsp-codec';
import type { ByteReader, ByteWriter } from './ezsp-codec';
import type { KeyEntry, NcpRam, PersistedEmber } from './ncp-state';

export const KeyType = {
  Network: 1,
  TcLink: 2,
  TcLinkWithTimeout: 3,
  AppLink: 4,
  ZllEncryption: 5,
  ZllPreconfigured: 6,
  GpProxy: 7,
  GpSink: 8,
  Internal: 9,
} as const;
export const SecManFlag = { KeyIndexIsValid: 0x01, EuiIsValid: 0x02, UnconfirmedTransientKey: 0x04 } as const;
/** EmberKeyStructBitmask bits the metadata reports. */
const KeyBits = { OutgoingFc: 0x0002, IncomingFc: 0x0004, PartnerEui64: 0x0008, IsAuthorized: 0x0010, UnconfirmedTransient: 0x0040 } as const;
const BLANK_EUI64 = '0000000000000000';
/** PSA algorithm permission the stack puts in contexts it fills (AES-CCM with a 4-byte tag). */
const ZB_PSA_ALG = 0x05440100;

export interface SecManContext {
  keyType: number;
  keyIndex: number;
  derivedType: number;
  eui64: string;
  networkIndex: number;
  flags: number;
  psaPermission: number;
}

export function readContext(r: ByteReader): SecManContext {
  return { keyType: r.u8(), keyIndex: r.u8(), derivedType: r.u16(), eui64: r.ieee(), networkIndex: r.u8(), flags: r.u8(), psaPermission: readU32(r) };
}

export function writeContext(w: ByteWriter, c: SecManContext): ByteWriter {
  return u32(w.u8(c.keyType).u8(c.keyIndex).u16(c.derivedType).ieee(c.eui64).u8(c.networkIndex).u8(c.flags), c.psaPermission);
}

export const appLinkContext = (index: number, eui64: string): SecManContext => ({
  keyType: KeyType.AppLink,
  keyIndex: index,
  derivedType: 0,
  eui64,
  networkIndex: 0,
  flags: SecManFlag.KeyIndexIsValid | SecManFlag.EuiIsValid,
  psaPermission: ZB_PSA_ALG,
});

export interface KeyMetadata {
  bitmask: number;
  outgoing: number;
  incoming: number;
  ttlSeconds: number;
}

export function writeMetadata(w: ByteWriter, m: KeyMetadata): ByteWriter {
  return u32(u32(w.u16(m.bitmask), m.outgoing), m.incoming).u16(m.ttlSeconds);
}

export const NO_METADATA: KeyMetadata = { bitmask: 0, outgoing: 0, incoming: 0, ttlSeconds: 0 };

export const linkKeyMetadata = (entry: KeyEntry): KeyMetadata => ({
  bitmask: KeyBits.OutgoingFc | KeyBits.IncomingFc | KeyBits.PartnerEui64 | KeyBits.IsAuthorized,
  outgoing: entry.outgoing ?? 0,
  incoming: entry.incoming ?? 0,
  ttlSeconds: 0,
});

/** A transient key times out TRANSIENT_KEY_TIMEOUT_S after it was added (herdsman sets 300 s). */
export function transientMetadata(ram: NcpRam, ieee: string, now: number): KeyMetadata {
  const added = ram.transientKeys.get(ieee)?.addedAt ?? now;
  const timeout = ram.config.get(ConfigTransientTimeout) ?? 300;
  return {
    bitmask: KeyBits.PartnerEui64 | KeyBits.UnconfirmedTransient,
    outgoing: 0,
    incoming: 0,
    ttlSeconds: Math.max(0, timeout - Math.floor((now - added) / 1000)),
  };
}

/** EzspConfigId.TRANSIENT_KEY_TIMEOUT_S. */
export const ConfigTransientTimeout = 54;

/** Drops the transient keys whose time ran out, as the stack times them out. */
export function expireTransientKeys(ram: NcpRam, now: number): void {
  const timeoutMs = (ram.config.get(ConfigTransientTimeout) ?? 300) * 1000;
  for (const [ieee, entry] of ram.transientKeys) if (now - entry.addedAt >= timeoutMs) ram.transientKeys.delete(ieee);
}

/** The key a context names, with the context as the NCP completes it (the EUI64 of an indexed entry). */
export interface FoundKey {
  key: string;
  context: SecManContext;
  metadata: KeyMetadata;
}

export function findKey(tokens: PersistedEmber, ram: NcpRam, c: SecManContext, now: number): FoundKey | undefined {
  switch (c.keyType) {
    case KeyType.Network: {
      const key = c.keyIndex === 0 ? (tokens.network ? tokens.networkKey : undefined) : (ram.nextNetworkKey ?? tokens.alternateKey);
      return key === undefined ? undefined : { key, context: c, metadata: { ...NO_METADATA, outgoing: tokens.nwkFrameCounter } };
    }
    case KeyType.TcLink:
      if (c.flags & SecManFlag.EuiIsValid && c.eui64 !== tokens.eui64) return undefined;
      return tokens.network ? { key: tokens.tcLinkKey, context: c, metadata: { ...NO_METADATA, outgoing: tokens.apsFrameCounter } } : undefined;
    case KeyType.AppLink: {
      const index = c.flags & SecManFlag.KeyIndexIsValid ? c.keyIndex : tokens.keyTable.findIndex((e) => e?.ieee === c.eui64);
      const entry = index >= 0 ? tokens.keyTable[index] : undefined;
      return entry ? { key: entry.key, context: appLinkContext(index, entry.ieee), metadata: linkKeyMetadata(entry) } : undefined;
    }
    case KeyType.TcLinkWithTimeout: {
      expireTransientKeys(ram, now);
      const ieees = [...ram.transientKeys.keys()];
      const ieee = c.flags & SecManFlag.KeyIndexIsValid ? ieees[c.keyIndex] : c.eui64;
      const entry = ieee === undefined ? undefined : ram.transientKeys.get(ieee);
      if (!entry || ieee === undefined) return undefined;
      const context = { ...c, keyIndex: ieees.indexOf(ieee), eui64: ieee, flags: c.flags | SecManFlag.KeyIndexIsValid | SecManFlag.EuiIsValid };
      return { key: entry.key, context, metadata: transientMetadata(ram, ieee, now) };
    }
    default:
      // ZLL and Green Power keys: this image has no touchlink commissioning key set and no GP tables.
      return undefined;
  }
}

export const blankContext = (keyType: number, index = 0): SecManContext => ({
  keyType,
  keyIndex: index,
  derivedType: 0,
  eui64: BLANK_EUI64,
  networkIndex: 0,
  flags: 0,
  psaPermission: ZB_PSA_ALG,
});
