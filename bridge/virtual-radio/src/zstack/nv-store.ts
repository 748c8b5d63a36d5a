/**
 * The CC2652's non-volatile memory as herdsman sees it: legacy OSAL items (by 16-bit id) and the
 * extended tables (sysId 1, item, entry index). Values are kept as the host wrote them; a blank
 * adapter holds the items herdsman needs before it has written anything (its NWKKEY length decides
 * the struct alignment, and the tables' capacities size a restore).
 */
import { fromHex, ieeeToBytes, toHex } from '../protocol/bytes';

export const NvItem = {
  ExtAddr: 0x0001,
  StartupOption: 0x0003,
  Nib: 0x0021,
  ExtendedPanId: 0x002d,
  ActiveKeyInfo: 0x003a,
  AlternKeyInfo: 0x003b,
  ApsUseExtPanId: 0x0047,
  ApsLinkKeyTable: 0x004c,
  HasConfigured: 0x0060,
  PrecfgKey: 0x0062,
  PrecfgKeysEnable: 0x0063,
  NwkKey: 0x0082,
  PanId: 0x0083,
  ChanList: 0x0084,
} as const;

/** Extended tables (sysId 1): entry size in the aligned layout. */
const TABLES: ReadonlyMap<number, number> = new Map([
  [0x0001, 12], // address manager
  [0x0004, 20], // TC link keys
  [0x0006, 24], // APS key data
  [0x0007, 12], // network security material
]);
export const TABLE_CAPACITY = 32;
const SYS_ID = 1;

export interface PersistedNv {
  items: Record<string, string>;
  tables: Record<string, string>;
}

export class NvStore {
  private readonly items = new Map<number, Uint8Array>();
  private readonly tables = new Map<string, Uint8Array>();

  static blank(mac: string): NvStore {
    const nv = new NvStore();
    nv.items.set(NvItem.ExtAddr, ieeeToBytes(mac));
    nv.items.set(NvItem.NwkKey, new Uint8Array(24));
    const linkKeys = new Uint8Array(2 + 6 * TABLE_CAPACITY);
    for (let i = 0; i < TABLE_CAPACITY; i++) linkKeys.set([0xfe, 0xff], 2 + 6 * i);
    nv.items.set(NvItem.ApsLinkKeyTable, linkKeys);
    for (const [item, size] of TABLES) {
      for (let sub = 0; sub < TABLE_CAPACITY; sub++) nv.tables.set(key(SYS_ID, item, sub), new Uint8Array(size));
    }
    return nv;
  }

  static restore(saved: PersistedNv): NvStore {
    const nv = new NvStore();
    for (const [id, hex] of Object.entries(saved.items)) nv.items.set(Number(id), fromHex(hex));
    for (const [k, hex] of Object.entries(saved.tables)) nv.tables.set(k, fromHex(hex));
    return nv;
  }

  persist(): PersistedNv {
    const items: Record<string, string> = {};
    for (const [id, value] of this.items) items[id] = toHex(value);
    const tables: Record<string, string> = {};
    for (const [k, value] of this.tables) tables[k] = toHex(value);
    return { items, tables };
  }

  get(id: number): Uint8Array | undefined {
    return this.items.get(id);
  }

  set(id: number, value: Uint8Array): void {
    this.items.set(id, value.slice());
  }

  delete(id: number): boolean {
    return this.items.delete(id);
  }

  /** Creates an item of `length` bytes starting with `init`; false if it already existed. */
  init(id: number, length: number, init: Uint8Array): boolean {
    if (this.items.has(id)) return false;
    const value = new Uint8Array(length);
    value.set(init.subarray(0, length));
    this.items.set(id, value);
    return true;
  }

  /** Writes at `offset`, growing the item if needed; false if the item does not exist. */
  write(id: number, offset: number, value: Uint8Array): boolean {
    const current = this.items.get(id);
    if (!current) return false;
    const next = new Uint8Array(Math.max(current.length, offset + value.length));
    next.set(current);
    next.set(value, offset);
    this.items.set(id, next);
    return true;
  }

  entry(sysId: number, item: number, sub: number): Uint8Array | undefined {
    return this.tables.get(key(sysId, item, sub));
  }

  createEntry(sysId: number, item: number, sub: number, length: number): void {
    if (!this.tables.has(key(sysId, item, sub))) this.tables.set(key(sysId, item, sub), new Uint8Array(length));
  }

  writeEntry(sysId: number, item: number, sub: number, offset: number, value: Uint8Array): boolean {
    const current = this.tables.get(key(sysId, item, sub));
    if (!current) return false;
    const next = new Uint8Array(Math.max(current.length, offset + value.length));
    next.set(current);
    next.set(value, offset);
    this.tables.set(key(sysId, item, sub), next);
    return true;
  }

  deleteEntry(sysId: number, item: number, sub: number): boolean {
    return this.tables.delete(key(sysId, item, sub));
  }
}

const key = (sysId: number, item: number, sub: number) => `${sysId}:${item}:${sub}`;
