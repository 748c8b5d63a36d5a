/**
 * Read Reporting Configuration (ZCL 2.5.9/2.5.10): the host asks which reporting an attribute has;
 * each answer record carries its own status, so one unknown attribute does not spoil the others.
 */
import { Reader, Writer } from './buffer';
import { type DataTypeName, isAnalog, typeId, writeValue } from './data-types';

export interface ReportConfigQuery {
  direction: number;
  attrId: number;
}

/** One answer: a status alone, or (direction 0, success) the configuration itself. */
export type ReportConfigRecord =
  | { status: number; direction: number; attrId: number }
  | { status: 0; direction: 0; attrId: number; type: DataTypeName; min: number; max: number; change?: number }
  | { status: 0; direction: 1; attrId: number; timeout: number };

export function decodeReadReportConfig(payload: Uint8Array): ReportConfigQuery[] {
  const r = new Reader(payload);
  const out: ReportConfigQuery[] = [];
  while (r.remaining > 0) out.push({ direction: r.u8(), attrId: r.u16() });
  return out;
}

export function encodeReadReportConfigRsp(records: ReportConfigRecord[]): Uint8Array {
  const w = new Writer();
  for (const rec of records) {
    w.u8(rec.status).u8(rec.direction).u16(rec.attrId);
    if ('type' in rec) {
      w.u8(typeId(rec.type)).u16(rec.min).u16(rec.max);
      if (isAnalog(rec.type)) writeValue(w, rec.type, rec.change ?? 0);
    } else if ('timeout' in rec) {
      w.u16(rec.timeout);
    }
  }
  return w.finish();
}
