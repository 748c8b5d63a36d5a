/**
 * ZCL data types (ZCL spec table 2-10) as data: id, whether the type is "analog" (configure-reporting
 * carries a reportable change for it), and how its value is read and written.
 * Values: integers/enums/bitmaps/bool as numbers, strings as strings, octet strings as byte arrays,
 * IEEE addresses as 16 hex digits.
 */
import { type Reader, type Writer, ZclDecodeError, readIeee, writeIeee } from './buffer';

/** An array attribute (ZCL 2.6.2.11): the element type travels once, before the element count. */
export interface ZclArray {
  /** A DataTypeName (kept as a string: the type table is built from values of this type). */
  elementType: string;
  elements: ZclValue[];
}

export type ZclValue = number | string | number[] | ZclArray;

interface TypeCodec {
  id: number;
  analog: boolean;
  read(r: Reader): ZclValue;
  write(w: Writer, v: ZclValue): void;
}

const num = (v: ZclValue): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new ZclDecodeError(`expected a number, got ${JSON.stringify(v)}`);
};

const unsigned = (id: number, size: number, analog: boolean): TypeCodec => ({
  id,
  analog,
  read: (r) => r.uint(size),
  write: (w, v) => void w.uint(num(v), size),
});

/**
 * 64-bit unsigned values beyond a JavaScript number's exact range (Lumi's smoke detector status):
 * held as a hex string (`0x0102000011010003`), sent as 8 bytes, low byte first.
 */
const uint64: TypeCodec = {
  id: 0x27,
  analog: true,
  read: (r) =>
    `0x${Array.from(r.take(8))
      .reverse()
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')}`,
  write: (w, v) => {
    let value = BigInt.asUintN(64, BigInt(typeof v === 'string' ? v : num(v)));
    const bytes: number[] = [];
    for (let i = 0; i < 8; i += 1, value >>= 8n) bytes.push(Number(value & 0xffn));
    w.bytes(bytes);
  },
};

const signed = (id: number, size: number): TypeCodec => ({
  id,
  analog: true,
  read: (r) => r.int(size),
  write: (w, v) => void w.int(num(v), size),
});

const text = (value: ZclValue): number[] => Array.from(new TextEncoder().encode(String(value)));

export function isZclArray(value: ZclValue | undefined): value is ZclArray {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const asArray = (value: ZclValue): ZclArray => {
  if (!isZclArray(value)) throw new ZclDecodeError(`expected an array value, got ${JSON.stringify(value)}`);
  return value;
};

function typeFor(id: number): string {
  const type = typeById(id);
  if (!type) throw new ZclDecodeError(`unknown ZCL data type 0x${id.toString(16).padStart(2, '0')}`);
  return type;
}

export const dataTypes = {
  noData: { id: 0x00, analog: false, read: () => 0, write: () => undefined },
  data8: unsigned(0x08, 1, false),
  bool: unsigned(0x10, 1, false),
  map8: unsigned(0x18, 1, false),
  map16: unsigned(0x19, 2, false),
  map24: unsigned(0x1a, 3, false),
  map32: unsigned(0x1b, 4, false),
  uint8: unsigned(0x20, 1, true),
  uint16: unsigned(0x21, 2, true),
  uint24: unsigned(0x22, 3, true),
  uint32: unsigned(0x23, 4, true),
  uint48: unsigned(0x25, 6, true),
  uint64,
  int8: signed(0x28, 1),
  int16: signed(0x29, 2),
  int24: signed(0x2a, 3),
  int32: signed(0x2b, 4),
  enum8: unsigned(0x30, 1, false),
  enum16: unsigned(0x31, 2, false),
  single: { id: 0x39, analog: true, read: (r) => r.float(4), write: (w, v) => void w.float(num(v), 4) },
  double: { id: 0x3a, analog: true, read: (r) => r.float(8), write: (w, v) => void w.float(num(v), 8) },
  octetStr: {
    id: 0x41,
    analog: false,
    read: (r) => Array.from(r.take(r.u8())),
    write: (w, v) => {
      const bytes = Array.isArray(v) ? v : text(v);
      w.u8(bytes.length).bytes(bytes);
    },
  },
  charStr: {
    id: 0x42,
    analog: false,
    read: (r) => new TextDecoder().decode(r.take(r.u8())),
    // Bytes as given for a string that carries binary data (Lumi's status report).
    write: (w, v) => {
      const bytes = Array.isArray(v) ? v : text(v);
      w.u8(bytes.length).bytes(bytes);
    },
  },
  array: {
    id: 0x48,
    analog: false,
    read: (r: Reader): ZclValue => {
      const elementType: string = typeFor(r.u8());
      const count = r.u16();
      // 0xffff is the array's "invalid" value: no elements.
      const elements: ZclValue[] = count === 0xffff ? [] : Array.from({ length: count }, () => readValue(r, elementType as DataTypeName));
      return { elementType, elements };
    },
    write: (w: Writer, v: ZclValue): void => {
      const array = asArray(v);
      w.u8(typeId(array.elementType as DataTypeName)).u16(array.elements.length);
      for (const element of array.elements) writeValue(w, array.elementType as DataTypeName, element);
    },
  },
  utc: unsigned(0xe2, 4, true),
  clusterId: unsigned(0xe8, 2, false),
  attrId: unsigned(0xe9, 2, false),
  ieee: { id: 0xf0, analog: false, read: (r) => readIeee(r), write: (w, v) => void writeIeee(w, String(v)) },
} satisfies Record<string, TypeCodec>;

export type DataTypeName = keyof typeof dataTypes;

const byId = new Map<number, DataTypeName>((Object.keys(dataTypes) as DataTypeName[]).map((name) => [dataTypes[name].id, name]));

export function typeById(id: number): DataTypeName | undefined {
  return byId.get(id);
}

export function typeId(name: DataTypeName): number {
  return dataTypes[name].id;
}

export function isAnalog(name: DataTypeName): boolean {
  return dataTypes[name].analog;
}

export function readValue(r: Reader, type: DataTypeName): ZclValue {
  return (dataTypes[type] as TypeCodec).read(r);
}

export function writeValue(w: Writer, type: DataTypeName, value: ZclValue): void {
  (dataTypes[type] as TypeCodec).write(w, value);
}

/** Reads a value whose type id travels on the wire just before it (reports, write requests). */
export function readTypedValue(r: Reader, id: number): { type: DataTypeName; value: ZclValue } {
  const type = typeFor(id) as DataTypeName;
  return { type, value: readValue(r, type) };
}
