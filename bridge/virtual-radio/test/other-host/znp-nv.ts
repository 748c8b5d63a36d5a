/**
 * NV memory through MT, as a host driver walks it: OSAL items (length first, then reads in chunks,
 * a write that re-creates an item whose length differs only when asked to) and the extended tables
 * of Z-Stack 3.30 (system 1, item, entry), read until an entry's length is 0.
 */
import type { ZnpClient } from './znp-client';

export const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
export const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const ZSTACK_SYSTEM = 0x01;
const Status = { Success: 0x00, ItemCreated: 0x09 } as const;

function expectStatus(status: number, wanted: number, what: string): void {
  if (status !== wanted) throw new Error(`${what}: status 0x${status.toString(16)}`);
}

export class ZnpNv {
  constructor(private readonly z: ZnpClient) {}

  async length(id: number): Promise<number> {
    return (await this.z.sreq(0x21, 0x13, le16(id))).data.readUInt16LE(0);
  }

  /** The whole item, or undefined when it does not exist. */
  async read(id: number): Promise<Buffer | undefined> {
    const length = await this.length(id);
    if (length === 0) return undefined;
    let value = Buffer.alloc(0);
    while (value.length < length) {
      const { data } = await this.z.sreq(0x21, 0x1c, [...le16(id), ...le16(value.length)]);
      expectStatus(data[0], Status.Success, `read item 0x${id.toString(16)}`);
      value = Buffer.concat([value, data.subarray(2, 2 + data[1])]);
    }
    return value;
  }

  /** Writes a whole item; without `create` the item must exist with this length already. */
  async write(id: number, value: Iterable<number>, create = false): Promise<void> {
    const bytes = Buffer.from([...value]);
    const length = await this.length(id);
    if (length !== bytes.length) {
      if (!create) throw new Error(`item 0x${id.toString(16)} is ${length} bytes, not ${bytes.length}`);
      if (length !== 0) expectStatus((await this.z.sreq(0x21, 0x12, [...le16(id), ...le16(length)])).data[0], Status.Success, 'delete');
      const init = await this.z.sreq(0x21, 0x07, [...le16(id), ...le16(bytes.length), bytes.length, ...bytes]);
      expectStatus(init.data[0], Status.ItemCreated, `create item 0x${id.toString(16)}`);
    }
    const written = await this.z.sreq(0x21, 0x1d, [...le16(id), ...le16(0), ...le16(bytes.length), ...bytes]);
    expectStatus(written.data[0], Status.Success, `write item 0x${id.toString(16)}`);
  }

  async delete(id: number): Promise<boolean> {
    const length = await this.length(id);
    if (length === 0) return false;
    return (await this.z.sreq(0x21, 0x12, [...le16(id), ...le16(length)])).data[0] === Status.Success;
  }

  /** An extended table entry's length, which Z-Stack 3 answers as four bytes. */
  async entryLength(item: number, sub: number): Promise<number> {
    const { data } = await this.z.sreq(0x21, 0x32, [ZSTACK_SYSTEM, ...le16(item), ...le16(sub)]);
    if (data.length !== 4) throw new Error(`NV length answered in ${data.length} bytes`);
    return data.readUInt32LE(0);
  }

  async entry(item: number, sub: number): Promise<Buffer | undefined> {
    const length = await this.entryLength(item, sub);
    if (length === 0) return undefined;
    const { data } = await this.z.sreq(0x21, 0x33, [ZSTACK_SYSTEM, ...le16(item), ...le16(sub), ...le16(0), length]);
    expectStatus(data[0], Status.Success, `read entry ${item}/${sub}`);
    return data.subarray(2, 2 + data[1]);
  }

  async entries(item: number): Promise<Buffer[]> {
    const out: Buffer[] = [];
    for (let sub = 0; ; sub++) {
      const value = await this.entry(item, sub);
      if (!value) return out;
      out.push(value);
    }
  }

  /** Rewrites a table: `values` first, `fill` for every further existing entry. */
  async writeTable(item: number, values: Buffer[], fill: Buffer): Promise<void> {
    for (let sub = 0; ; sub++) {
      const value = values[sub] ?? fill;
      const length = await this.entryLength(item, sub);
      if (length === 0) return;
      if (length !== value.length) throw new Error(`entry ${item}/${sub} is ${length} bytes, not ${value.length}`);
      const { data } = await this.z.sreq(0x21, 0x34, [ZSTACK_SYSTEM, ...le16(item), ...le16(sub), ...le16(0), value.length, ...value]);
      expectStatus(data[0], Status.Success, `write entry ${item}/${sub}`);
    }
  }
}
