/**
 * Tuya's data-point protocol as it travels inside the manufacturer cluster 0xEF00: a list of data
 * points, each `dp id (u8), type (u8), length (u16 big-endian), data`. Values inside are big-endian
 * too (a `value` is a signed 32-bit integer), unlike the rest of ZCL.
 */
import { type Reader, type Writer, ZclDecodeError } from './buffer';

/** One data point on the wire: its id, its Tuya type id and its raw bytes. */
export interface TuyaDatapoint {
  dp: number;
  type: number;
  data: number[];
}

/** Tuya's data-point types (the type byte on the wire). */
export const DpType = { raw: 0, bool: 1, value: 2, string: 3, enum: 4, bitmap: 5 } as const;
export type DpTypeName = keyof typeof DpType;

/** A data point's value as the simulated MCU keeps it. */
export type DpValue = boolean | number | string | number[];

export function readDatapoints(r: Reader): TuyaDatapoint[] {
  const out: TuyaDatapoint[] = [];
  while (r.remaining > 0) {
    if (r.remaining < 4) throw new ZclDecodeError(`data point header truncated: ${r.remaining} byte(s) left`);
    const dp = r.uint(1);
    const type = r.uint(1);
    const length = r.uint(1) * 256 + r.uint(1);
    out.push({ dp, type, data: Array.from(r.take(length)) });
  }
  return out;
}

export function writeDatapoints(w: Writer, list: readonly TuyaDatapoint[]): void {
  for (const { dp, type, data } of list)
    w.u8(dp)
      .u8(type)
      .u8(data.length >> 8)
      .u8(data.length & 0xff)
      .bytes(data);
}

const bigEndian = (value: number, size: number): number[] => {
  let v = value < 0 ? value + 2 ** (size * 8) : value;
  const out: number[] = [];
  for (let i = 0; i < size; i++) {
    out.unshift(v % 256);
    v = Math.floor(v / 256);
  }
  return out;
};

/** The bytes of a value of `type` (a bitmap takes `size` bytes: 1, 2 or 4). */
export function encodeDpValue(type: DpTypeName, value: DpValue, size = 1): number[] {
  switch (type) {
    case 'bool':
      return [value ? 1 : 0];
    case 'value':
      return bigEndian(Number(value), 4);
    case 'enum':
      return [Number(value) & 0xff];
    case 'bitmap':
      return bigEndian(Number(value), size);
    case 'string':
      return Array.from(new TextEncoder().encode(String(value)));
    case 'raw':
      return Array.isArray(value) ? value.map((b) => b & 0xff) : [];
  }
}

/** The value of `type` in `data`, or undefined when the bytes cannot be one (wrong length). */
export function decodeDpValue(type: DpTypeName, data: readonly number[]): DpValue | undefined {
  const unsigned = () => data.reduce((acc, b) => acc * 256 + b, 0);
  switch (type) {
    case 'bool':
      return data.length === 1 ? data[0] !== 0 : undefined;
    case 'value': {
      if (data.length !== 4) return undefined;
      const u = unsigned();
      return u >= 2 ** 31 ? u - 2 ** 32 : u;
    }
    case 'enum':
      return data.length === 1 ? data[0] : undefined;
    case 'bitmap':
      return [1, 2, 4].includes(data.length) ? unsigned() : undefined;
    case 'string':
      return new TextDecoder().decode(Uint8Array.from(data));
    case 'raw':
      return [...data];
  }
}

export const dpTypeName = (id: number): DpTypeName | undefined => (Object.keys(DpType) as DpTypeName[]).find((name) => DpType[name] === id);
