/**
 * The CC2652's non-volatile memory: legacy OSAL items (by 16-bit id) and the extended tables (sysId
 * 1, item, entry index). Values are kept as the host wrote them; a blank adapter holds the items
 * Z-Stack creates at its first boot (`nv-defaults.ts`), the APS link-key table and the extended
 * tables (herdsman reads the struct alignment from NWKKEY's length, and a restore sizes itself from
 * the tables' capacities). The chip's own IEEE is kept beside them: a reset re-creates EXTADDR from it.
 */
import { bytesToIeee, fromHex, ieeeToBytes, toHex } from '../protocol/bytes';
import { DEFAULT_ITEMS, NvItem } from './nv-defaults';

export { NvItem } from './nv-defaults';

/** The network security material table: frame counter and extended PAN id per network. */
export const SECURITY_MATERIAL_TABLE = 0x0007;
/** Extended tables (sysId 1): entry size in the aligned layout. */
const TABLES: ReadonlyMap<number, number> = new Map([
  [0x0001, 12], // address manager
  [0x0004, 20], // TC link keys
  [0x0006, 24], // APS key data
  [SECURITY_MATERIAL_TABLE, 12],
]);
export const TABLE_CAPACITY = 32;
const SYS_ID = 1;

export interface PersistedNv {
  items: Record<string, string>;
  tables: Record<string, string>;
  /** The chip's factory IEEE (state files from before it was kept fall back to EXTADDR). */
  chip?: string;
}

export class NvStore {
  private readonly items = new Map<number, Uint8Array>();
  private readonly tables = new Map<string, Uint8Array>();

  private constructor(readonly chipIeee: string) {}

  static blank(mac: string): NvStore {
    const nv = new NvStore(mac);
    nv.createMissing();
    const linkKeys = new Uint8Array(2 + 6 * TABLE_CAPACITY);
    for (let i = 0; i < TABLE_CAPACITY; i++) linkKeys.set([0xfe, 0xff], 2 + 6 * i);
    nv.items.set(NvItem.ApsLinkKeyTable, linkKeys);
    for (const [item, size] of TABLES) {
      for (let sub = 0; sub < TABLE_CAPACITY; sub++) nv.tables.set(key(SYS_ID, item, sub), new Uint8Array(size));
    }
    return nv;
  }

  static restore(saved: PersistedNv, mac: string): NvStore {
    const extAddr = saved.items[NvItem.ExtAddr];
    const nv = new NvStore(saved.chip ?? (extAddr ? bytesToIeee(fromHex(extAddr)) : mac));
    for (const [id, hex] of Object.entries(saved.items)) nv.items.set(Number(id), fromHex(hex));
    for (const [k, hex] of Object.entries(saved.tables)) nv.tables.set(k, fromHex(hex));
    return nv;
  }

  persist(): PersistedNv {
    const items: Record<string, string> = {};
    for (const [id, value] of this.items) items[id] = toHex(value);
    const tables: Record<string, string> = {};
    for (const [k, value] of this.tables) tables[k] = toHex(value);
    return { items, tables, chip: this.chipIeee };
  }

  /** Creates the standard items a reset finds missing: EXTADDR from the chip, the rest with defaults. */
  createMissing(): void {
    if (!this.items.has(NvItem.ExtAddr)) this.items.set(NvItem.ExtAddr, ieeeToBytes(this.chipIeee));
    for (const { id, value } of DEFAULT_ITEMS) if (!this.items.has(id)) this.items.set(id, Uint8Array.from(value));
  }

  /** A reset with "default config state": the configuration items take their defaults again. */
  defaultConfig(): void {
    for (const { id, value, config } of DEFAULT_ITEMS) if (config) this.items.set(id, Uint8Array.from(value));
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
