/** Little-endian helpers shared by the payload codecs. IEEE addresses are 16 lower-case hex digits. */

export class ByteReader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  u8(): number {
    if (this.pos >= this.bytes.length) throw new RangeError('read past end of payload');
    return this.bytes[this.pos++];
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  ieee(): string {
    const part = this.take(8);
    return Array.from(part)
      .reverse()
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
  }

  take(count: number): Uint8Array {
    if (this.pos + count > this.bytes.length) throw new RangeError('read past end of payload');
    const part = this.bytes.slice(this.pos, this.pos + count);
    this.pos += count;
    return part;
  }

  rest(): Uint8Array {
    return this.take(this.remaining);
  }
}

export class ByteWriter {
  private readonly out: number[] = [];

  u8(value: number): this {
    this.out.push(value & 0xff);
    return this;
  }

  u16(value: number): this {
    return this.u8(value).u8(value >> 8);
  }

  i8(value: number): this {
    return this.u8(value < 0 ? value + 256 : value);
  }

  ieee(value: string): this {
    for (const byte of ieeeToBytes(value)) this.out.push(byte);
    return this;
  }

  bytes(values: Uint8Array | number[]): this {
    for (const byte of values) this.out.push(byte);
    return this;
  }

  get length(): number {
    return this.out.length;
  }

  done(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** IEEE string → 8 bytes little endian (wire order). */
export function ieeeToBytes(ieee: string): Uint8Array {
  const hex = ieee.replace(/^0x/, '').padStart(16, '0');
  const out = new Uint8Array(8);
  for (let i = 0; i < 8; i++) out[7 - i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToIeee(bytes: Uint8Array): string {
  return Array.from(bytes.slice(0, 8))
    .reverse()
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
