/**
 * A tiny field codec for MT payloads: a command is a list of named, typed fields. `list16` takes its
 * element count from the field before it, `counted` its byte count (for data followed by more
 * fields); `rest` takes every remaining byte. Little endian; IEEE
 * addresses as 16 lower-case hex digits (wire order is reversed).
 */
import { ByteReader, ByteWriter } from '../protocol/bytes';

export type FieldType = 'u8' | 'i8' | 'u16' | 'u32' | 'ieee' | 'list16' | 'counted' | 'rest';
export type Field = readonly [name: string, type: FieldType];
export type FieldValue = number | string | number[] | Uint8Array;
export type Fields = Record<string, FieldValue>;

export function decodeFields(fields: readonly Field[], data: Uint8Array): Fields {
  const r = new ByteReader(data);
  const out: Fields = {};
  let previous = 0;
  for (const [name, type] of fields) {
    let value: FieldValue;
    switch (type) {
      case 'u8':
        value = r.u8();
        break;
      case 'i8': {
        const b = r.u8();
        value = b > 127 ? b - 256 : b;
        break;
      }
      case 'u16':
        value = r.u16();
        break;
      case 'u32':
        value = (r.u16() | (r.u16() << 16)) >>> 0;
        break;
      case 'ieee':
        value = r.ieee();
        break;
      case 'list16':
        value = Array.from({ length: previous }, () => r.u16());
        break;
      case 'counted':
        value = r.take(previous);
        break;
      case 'rest':
        value = r.rest();
        break;
    }
    if (typeof value === 'number') previous = value;
    out[name] = value;
  }
  return out;
}

export function encodeFields(fields: readonly Field[], values: Fields): Uint8Array {
  const w = new ByteWriter();
  for (const [name, type] of fields) {
    const value = values[name];
    if (value === undefined) throw new RangeError(`missing MT field ${name}`);
    switch (type) {
      case 'u8':
        w.u8(value as number);
        break;
      case 'i8':
        w.i8(value as number);
        break;
      case 'u16':
        w.u16(value as number);
        break;
      case 'u32':
        w.u16((value as number) & 0xffff).u16((value as number) >>> 16);
        break;
      case 'ieee':
        w.ieee(value as string);
        break;
      case 'list16':
        for (const n of value as number[]) w.u16(n);
        break;
      case 'counted':
      case 'rest':
        w.bytes(value as Uint8Array);
        break;
    }
  }
  return w.done();
}
