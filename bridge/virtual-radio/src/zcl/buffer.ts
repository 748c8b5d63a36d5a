/** Little-endian byte reader/writer for the ZCL and ZDO codecs (no Node Buffer, so it stays portable). */

export class ZclDecodeError extends Error {
  override name = 'ZclDecodeError';
}

export class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  private need(n: number): number {
    if (this.pos + n > this.bytes.length) {
      throw new ZclDecodeError(`frame too short: need ${n} byte(s) at offset ${this.pos}, have ${this.remaining}`);
    }
    const at = this.pos;
    this.pos += n;
    return at;
  }

  /** Unsigned little-endian integer of `size` bytes (up to 6, so it stays a safe integer). */
  uint(size: number): number {
    const at = this.need(size);
    let v = 0;
    for (let i = size - 1; i >= 0; i--) v = v * 256 + this.bytes[at + i];
    return v;
  }

  int(size: number): number {
    const u = this.uint(size);
    const limit = 2 ** (size * 8 - 1);
    return u >= limit ? u - limit * 2 : u;
  }

  u8(): number {
    return this.uint(1);
  }

  u16(): number {
    return this.uint(2);
  }

  float(size: 4 | 8): number {
    const at = this.need(size);
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + at, size);
    return size === 4 ? view.getFloat32(0, true) : view.getFloat64(0, true);
  }

  take(n: number): Uint8Array {
    const at = this.need(n);
    return this.bytes.slice(at, at + n);
  }

  rest(): Uint8Array {
    return this.take(this.remaining);
  }
}

export class Writer {
  private readonly out: number[] = [];

  uint(value: number, size: number): this {
    let v = Math.trunc(value);
    if (v < 0) v += 2 ** (size * 8);
    for (let i = 0; i < size; i++) {
      this.out.push(v % 256);
      v = Math.floor(v / 256);
    }
    return this;
  }

  int(value: number, size: number): this {
    return this.uint(value, size);
  }

  u8(value: number): this {
    return this.uint(value, 1);
  }

  u16(value: number): this {
    return this.uint(value, 2);
  }

  float(value: number, size: 4 | 8): this {
    const view = new DataView(new ArrayBuffer(size));
    if (size === 4) view.setFloat32(0, value, true);
    else view.setFloat64(0, value, true);
    for (let i = 0; i < size; i++) this.out.push(view.getUint8(i));
    return this;
  }

  bytes(data: ArrayLike<number>): this {
    for (let i = 0; i < data.length; i++) this.out.push(data[i] & 0xff);
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** IEEE addresses travel as u64 LE; we keep them as 16 lower-case hex digits (see network/types.ts). */
export function readIeee(r: Reader): string {
  const b = r.take(8);
  let s = '';
  for (let i = 7; i >= 0; i--) s += b[i].toString(16).padStart(2, '0');
  return s;
}

export function writeIeee(w: Writer, ieee: string): Writer {
  const hex = ieee.replace(/^0x/i, '').padStart(16, '0');
  for (let i = 7; i >= 0; i--) w.u8(parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  return w;
}
