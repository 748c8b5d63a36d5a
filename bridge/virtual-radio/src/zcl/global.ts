/** Payload codecs of the ZCL global ("profile-wide") commands the simulated devices speak. */
import { Reader, Writer, ZclDecodeError } from './buffer';
import { type DataTypeName, type ZclValue, isAnalog, readTypedValue, readValue, typeById, typeId, writeValue } from './data-types';

export const GlobalCommand = {
  read: 0x00,
  readRsp: 0x01,
  write: 0x02,
  writeUndiv: 0x03,
  writeRsp: 0x04,
  writeNoRsp: 0x05,
  configReport: 0x06,
  configReportRsp: 0x07,
  readReportConfig: 0x08,
  readReportConfigRsp: 0x09,
  report: 0x0a,
  defaultRsp: 0x0b,
  discover: 0x0c,
  discoverRsp: 0x0d,
  writeStructured: 0x0f,
  writeStructuredRsp: 0x10,
} as const;

export const Status = {
  success: 0x00,
  failure: 0x01,
  notAuthorized: 0x7e,
  malformedCommand: 0x80,
  unsupClusterCommand: 0x81,
  unsupGeneralCommand: 0x82,
  invalidField: 0x85,
  unsupportedAttribute: 0x86,
  invalidValue: 0x87,
  readOnly: 0x88,
  insufficientSpace: 0x89,
  notFound: 0x8b,
  unreportableAttribute: 0x8c,
  invalidDataType: 0x8d,
  invalidSelector: 0x8e,
  unsupportedCluster: 0xc3,
} as const;

export interface AttributeValue {
  attrId: number;
  type: DataTypeName;
  value: ZclValue;
}

export interface ReadRecord {
  attrId: number;
  status: number;
  type?: DataTypeName;
  value?: ZclValue;
}

export interface ReportingRecord {
  direction: number;
  attrId: number;
  type: DataTypeName;
  min: number;
  max: number;
  change?: number;
}

export function decodeAttrIds(payload: Uint8Array): number[] {
  const r = new Reader(payload);
  const ids: number[] = [];
  while (r.remaining >= 2) ids.push(r.u16());
  return ids;
}

export function encodeAttrIds(ids: number[]): Uint8Array {
  const w = new Writer();
  for (const id of ids) w.u16(id);
  return w.finish();
}

export function encodeReadRsp(records: ReadRecord[]): Uint8Array {
  const w = new Writer();
  for (const rec of records) {
    w.u16(rec.attrId).u8(rec.status);
    if (rec.status === Status.success && rec.type && rec.value !== undefined) {
      w.u8(typeId(rec.type));
      writeValue(w, rec.type, rec.value);
    }
  }
  return w.finish();
}

export function decodeReadRsp(payload: Uint8Array): ReadRecord[] {
  const r = new Reader(payload);
  const out: ReadRecord[] = [];
  while (r.remaining > 0) {
    const attrId = r.u16();
    const status = r.u8();
    if (status !== Status.success) {
      out.push({ attrId, status });
      continue;
    }
    out.push({ attrId, status, ...readTypedValue(r, r.u8()) });
  }
  return out;
}

/** Write requests and attribute reports share the record layout `attrId, type, value`. */
export function decodeAttributeValues(payload: Uint8Array): AttributeValue[] {
  const r = new Reader(payload);
  const out: AttributeValue[] = [];
  while (r.remaining > 0) {
    const attrId = r.u16();
    out.push({ attrId, ...readTypedValue(r, r.u8()) });
  }
  return out;
}

export function encodeAttributeValues(records: AttributeValue[]): Uint8Array {
  const w = new Writer();
  for (const rec of records) {
    w.u16(rec.attrId).u8(typeId(rec.type));
    writeValue(w, rec.type, rec.value);
  }
  return w.finish();
}

/** Write and configure-reporting responses collapse to a single 0x00 when every record succeeded. */
export function encodeStatusRecords(records: Array<{ status: number; attrId: number; direction?: number }>): Uint8Array {
  const failed = records.filter((r) => r.status !== Status.success);
  if (failed.length === 0) return Uint8Array.of(Status.success);
  const w = new Writer();
  for (const rec of failed) {
    w.u8(rec.status);
    if (rec.direction !== undefined) w.u8(rec.direction);
    w.u16(rec.attrId);
  }
  return w.finish();
}

export function decodeConfigReport(payload: Uint8Array): ReportingRecord[] {
  const r = new Reader(payload);
  const out: ReportingRecord[] = [];
  while (r.remaining > 0) {
    const direction = r.u8();
    const attrId = r.u16();
    if (direction !== 0) {
      r.u16(); // timeout period: we never act as the receiver of reports
      out.push({ direction, attrId, type: 'noData', min: 0, max: 0 });
      continue;
    }
    const { type } = typeFrom(r.u8());
    const rec: ReportingRecord = { direction, attrId, type, min: r.u16(), max: r.u16() };
    if (isAnalog(type)) rec.change = Number(readValue(r, type));
    out.push(rec);
  }
  return out;
}

export function encodeConfigReport(records: ReportingRecord[]): Uint8Array {
  const w = new Writer();
  for (const rec of records) {
    w.u8(rec.direction).u16(rec.attrId).u8(typeId(rec.type)).u16(rec.min).u16(rec.max);
    if (isAnalog(rec.type)) writeValue(w, rec.type, rec.change ?? 0);
  }
  return w.finish();
}

function typeFrom(id: number): { type: DataTypeName } {
  const type = typeById(id);
  if (!type) throw new ZclDecodeError(`unknown ZCL data type 0x${id.toString(16)}`);
  return { type };
}

export function encodeDefaultRsp(commandId: number, status: number): Uint8Array {
  return Uint8Array.of(commandId, status);
}

export function decodeDefaultRsp(payload: Uint8Array): { commandId: number; status: number } {
  const r = new Reader(payload);
  return { commandId: r.u8(), status: r.u8() };
}

export function decodeDiscover(payload: Uint8Array): { start: number; max: number } {
  const r = new Reader(payload);
  return { start: r.u16(), max: r.u8() };
}

export function encodeDiscoverRsp(complete: boolean, attrs: Array<{ attrId: number; type: DataTypeName }>): Uint8Array {
  const w = new Writer().u8(complete ? 1 : 0);
  for (const a of attrs) w.u16(a.attrId).u8(typeId(a.type));
  return w.finish();
}
