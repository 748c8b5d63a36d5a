/**
 * Write Attributes Structured (ZCL 2.5.15, command 0x0f) and its response (0x10): each record names an
 * attribute, a selector (0 = the whole attribute; 1-15 = that many indexes into nested arrays or
 * structures, index 0 of an array being its element count; 0x10/0x20 add to or remove from a set or
 * bag) and the typed value written there.
 */
import { Reader, Writer } from './buffer';
import { type DataTypeName, type ZclValue, readTypedValue, typeId, writeValue } from './data-types';
import { Status } from './global';

export interface StructuredSelector {
  /** 0 (whole attribute), 1-15 (the number of indexes), or 0x10 / 0x20 (add / remove, sets and bags). */
  indicator: number;
  indexes: number[];
}

export interface StructuredRecord {
  attrId: number;
  selector: StructuredSelector;
  type: DataTypeName;
  value: ZclValue;
}

export interface StructuredStatus {
  status: number;
  attrId: number;
  selector: StructuredSelector;
}

const SELECTOR_INDEXES = 0x0f;

function readSelector(r: Reader): StructuredSelector {
  const indicator = r.u8();
  const count = indicator & SELECTOR_INDEXES;
  return { indicator, indexes: Array.from({ length: count }, () => r.u16()) };
}

function writeSelector(w: Writer, selector: StructuredSelector): void {
  w.u8(selector.indicator);
  for (const index of selector.indexes) w.u16(index);
}

export function decodeWriteStructured(payload: Uint8Array): StructuredRecord[] {
  const r = new Reader(payload);
  const out: StructuredRecord[] = [];
  while (r.remaining > 0) {
    const attrId = r.u16();
    const selector = readSelector(r);
    out.push({ attrId, selector, ...readTypedValue(r, r.u8()) });
  }
  return out;
}

export function encodeWriteStructured(records: StructuredRecord[]): Uint8Array {
  const w = new Writer();
  for (const rec of records) {
    w.u16(rec.attrId);
    writeSelector(w, rec.selector);
    w.u8(typeId(rec.type));
    writeValue(w, rec.type, rec.value);
  }
  return w.finish();
}

/** Only failed records are listed; when every record succeeded the response is a single SUCCESS byte. */
export function encodeWriteStructuredRsp(records: StructuredStatus[]): Uint8Array {
  const failed = records.filter((rec) => rec.status !== Status.success);
  if (failed.length === 0) return Uint8Array.of(Status.success);
  const w = new Writer();
  for (const rec of failed) {
    w.u8(rec.status).u16(rec.attrId);
    writeSelector(w, rec.selector);
  }
  return w.finish();
}

export function decodeWriteStructuredRsp(payload: Uint8Array): StructuredStatus[] {
  const r = new Reader(payload);
  const first = r.u8();
  if (first === Status.success && r.remaining === 0) return [];
  const out: StructuredStatus[] = [{ status: first, attrId: r.u16(), selector: readSelector(r) }];
  while (r.remaining > 0) out.push({ status: r.u8(), attrId: r.u16(), selector: readSelector(r) });
  return out;
}
