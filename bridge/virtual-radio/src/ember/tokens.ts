/**
 * The NCP's stack tokens as NVM3 objects (key, size, array size), rendered from and parsed back
 * into the persisted state: what getTokenInfo/getTokenData/setTokenData (herdsman's tokens backup,
 * `EmberTokensManager`) read and write. Layouts as EmberZNet's token-stack definitions have them;
 * keys are kept in the tokens themselves (classic key storage, KEY_STORAGE_VERSION 0). Tokens this
 * image has but the emulator does not model (GP, ZLL, binding and child tables) are not offered.
 */
import { ByteReader, ByteWriter, hexToKey, keyToHex, readU32, u32 } from './ezsp-codec';
import { KEY_TABLE_SIZE, ZERO_KEY } from './ncp-state';
import type { PersistedEmber } from './ncp-state';

export interface TokenDef {
  nvm3Key: number;
  isCounter: boolean;
  size: number;
  arraySize: number;
  read(t: PersistedEmber, index: number): Uint8Array;
  /** Applies written data; tokens the NCP does not interpret keep the raw bytes. */
  write?(t: PersistedEmber, data: Uint8Array, index: number): void;
}

const ZIGBEE = 0x10000;
const STACK_TOKEN_VERSION = 0x03fc;
const STACK_PROFILE_PRO = 2;
const NODE_COORDINATOR = 1;
const BLANK_EUI64 = '0000000000000000';
const ERASED_EUI64 = 'ffffffffffffffff';
const MIN_RSSI = -100;
/** Key table entry info byte: an entry in use, authorised. */
const KEY_ENTRY_IN_USE = 0x01;

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const keys = (key: string, seq: number) => new ByteWriter().bytes(hexToKey(key)).u8(seq).done();

function nodeData(t: PersistedEmber): Uint8Array {
  const n = t.network;
  const w = new ByteWriter()
    .u16(n?.panId ?? 0xffff)
    .i8(n ? (n.txPower << 24) >> 24 : -1)
    .u8(n?.channel ?? 0);
  return w
    .u8(n ? STACK_PROFILE_PRO : 0)
    .u8(n ? NODE_COORDINATOR : 0)
    .u16(n ? 0x0000 : 0xfffe)
    .bytes(hexToKey(n?.extendedPanId ?? BLANK_EUI64))
    .done();
}

function writeNodeData(t: PersistedEmber, data: Uint8Array): void {
  const r = new ByteReader(data);
  const panId = r.u16();
  const txPower = r.u8();
  const channel = r.u8();
  r.u8(); // stack profile
  const nodeType = r.u8();
  r.u16(); // node id: a coordinator is 0x0000
  const extendedPanId = hexOf(r.take(8));
  if (nodeType !== NODE_COORDINATOR || panId === 0xffff) {
    t.network = undefined;
    return;
  }
  t.network = { panId, extendedPanId, channel, txPower, nwkManagerId: t.network?.nwkManagerId ?? 0, nwkUpdateId: t.network?.nwkUpdateId ?? 0 };
}

const counter = (nvm3Key: number, get: (t: PersistedEmber) => number, set: (t: PersistedEmber, v: number) => void, size = 4): TokenDef => ({
  nvm3Key,
  isCounter: true,
  size,
  arraySize: 1,
  read: (t) => (size === 4 ? u32(new ByteWriter(), get(t)) : new ByteWriter().u16(get(t))).done(),
  write: (t, d) => set(t, size === 4 ? readU32(new ByteReader(d)) : new ByteReader(d).u16()),
});

export const TOKENS: readonly TokenDef[] = [
  { nvm3Key: ZIGBEE | 0xff01, isCounter: false, size: 2, arraySize: 1, read: () => new ByteWriter().u16(STACK_TOKEN_VERSION).done() },
  counter(
    ZIGBEE | 0xe263,
    (t) => t.bootCounter ?? 0,
    (t, v) => {
      t.bootCounter = v;
    },
    2,
  ),
  counter(
    ZIGBEE | 0xe563,
    (t) => t.nwkFrameCounter,
    (t, v) => {
      t.nwkFrameCounter = v;
    },
  ),
  {
    nvm3Key: ZIGBEE | 0xeb79,
    isCounter: false,
    size: 17,
    arraySize: 1,
    read: (t) => keys(t.networkKey, t.networkKeySequence),
    write: (t, d) => Object.assign(t, { networkKey: keyToHex(d.subarray(0, 16)), networkKeySequence: d[16] }),
  },
  { nvm3Key: ZIGBEE | 0xee64, isCounter: false, size: 16, arraySize: 1, read: nodeData, write: writeNodeData },
  {
    nvm3Key: ZIGBEE | 0xe475,
    isCounter: false,
    size: 17,
    arraySize: 1,
    read: (t) => keys(t.alternateKey ?? ZERO_KEY, 0),
    write: (t, d) => {
      t.alternateKey = keyToHex(d.subarray(0, 16)) === ZERO_KEY ? undefined : keyToHex(d.subarray(0, 16));
    },
  },
  counter(
    ZIGBEE | 0xe123,
    (t) => t.apsFrameCounter,
    (t, v) => {
      t.apsFrameCounter = v;
    },
  ),
  {
    // Trust centre: mode (the security bitmask), the trust centre's EUI64 (itself), the TC link key.
    nvm3Key: ZIGBEE | 0xe124,
    isCounter: false,
    size: 26,
    arraySize: 1,
    read: (t) =>
      new ByteWriter()
        .u16(t.network ? (t.securityBitmask ?? 0) : 0)
        .ieee(t.network ? effectiveEui64(t) : BLANK_EUI64)
        .bytes(hexToKey(t.tcLinkKey))
        .done(),
    write: (t, d) => Object.assign(t, { securityBitmask: d[0] | (d[1] << 8), tcLinkKey: keyToHex(d.subarray(10, 26)) }),
  },
  {
    // Network management: channel mask, network manager, update id.
    nvm3Key: ZIGBEE | 0xe125,
    isCounter: false,
    size: 7,
    arraySize: 1,
    read: (t) =>
      u32(new ByteWriter(), t.network ? 0x07fff800 : 0)
        .u16(t.network?.nwkManagerId ?? 0xffff)
        .u8(t.network?.nwkUpdateId ?? 0)
        .done(),
    write: (t, d) => {
      if (t.network) Object.assign(t.network, { nwkManagerId: d[4] | (d[5] << 8), nwkUpdateId: d[6] });
    },
  },
  // A coordinator has no parent.
  { nvm3Key: ZIGBEE | 0xe126, isCounter: false, size: 10, arraySize: 1, read: () => new ByteWriter().ieee(BLANK_EUI64).u16(0xffff).done() },
  { nvm3Key: ZIGBEE | 0xe129, isCounter: false, size: 1, arraySize: 1, read: () => new ByteWriter().i8(MIN_RSSI).done() },
  {
    // An EUI64 restored from another stick replaces the chip's own; blank is erased flash (all FF).
    nvm3Key: ZIGBEE | 0xe12a,
    isCounter: false,
    size: 8,
    arraySize: 1,
    read: (t) => new ByteWriter().ieee(t.restoredEui64 ?? ERASED_EUI64).done(),
    write: (t, d) => {
      const ieee = new ByteReader(d).ieee();
      t.restoredEui64 = ieee === ERASED_EUI64 || ieee === BLANK_EUI64 ? undefined : ieee;
    },
  },
  {
    // Key table: partner EUI64, link key, info byte.
    nvm3Key: ZIGBEE | 0x0600,
    isCounter: false,
    size: 25,
    arraySize: KEY_TABLE_SIZE,
    read: (t, i) => {
      const e = t.keyTable[i];
      return new ByteWriter()
        .ieee(e?.ieee ?? BLANK_EUI64)
        .bytes(hexToKey(e?.key ?? ZERO_KEY))
        .u8(e ? KEY_ENTRY_IN_USE : 0)
        .done();
    },
    write: (t, d, i) => {
      const ieee = new ByteReader(d).ieee();
      while (t.keyTable.length <= i) t.keyTable.push(null);
      t.keyTable[i] = d[24] & KEY_ENTRY_IN_USE ? { ieee, key: keyToHex(d.subarray(8, 24)) } : null;
    },
  },
];

/** The EUI64 the NCP uses: one restored from a backup, else the chip's own. */
export const effectiveEui64 = (t: PersistedEmber): string => t.restoredEui64 ?? t.eui64;

export const tokenByKey = (nvm3Key: number): TokenDef | undefined => TOKENS.find((d) => d.nvm3Key === nvm3Key);
