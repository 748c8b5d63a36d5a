/**
 * Write Attributes Structured on a device: each record is checked on its own (the attribute exists,
 * may be written, the selector fits it, the value has the right type and the cluster's behaviour
 * accepts it) and only the records that pass are stored. Whole attributes and one index into an array
 * are supported, as on the vendor devices that use this command (index 0 of an array resizes it).
 */
import {
  type AttributeDef,
  type ClusterDef,
  type StructuredRecord,
  type StructuredStatus,
  type ZclValue,
  Status,
  decodeWriteStructured,
  encodeWriteStructuredRsp,
  isZclArray,
} from '../zcl/index';
import type { DeviceHost } from './device-host';

type Find = (attrId: number) => AttributeDef | undefined;

/** An element added by growing an array: the empty value of its type. */
const emptyOf = (value: ZclValue | undefined): ZclValue => (Array.isArray(value) ? [] : typeof value === 'string' ? '' : 0);

/** The attribute's value after the record, or the status that refuses it. */
function applied(current: ZclValue, def: AttributeDef, rec: StructuredRecord): { value: ZclValue } | { status: number } {
  const { indicator, indexes } = rec.selector;
  if (indicator === 0) return rec.type === def.type ? { value: rec.value } : { status: Status.invalidDataType };
  // Adding to or removing from a set or bag, or reaching into nested elements: none of ours has those.
  if (indicator !== 1 || !isZclArray(current)) return { status: Status.invalidSelector };
  const [index] = indexes;
  if (index === 0) {
    if (rec.type !== 'uint16') return { status: Status.invalidDataType };
    const count = Number(rec.value);
    const elements = current.elements.slice(0, count);
    while (elements.length < count) elements.push(emptyOf(current.elements[0]));
    return { value: { ...current, elements } };
  }
  if (index > current.elements.length) return { status: Status.invalidSelector };
  if (rec.type !== current.elementType) return { status: Status.invalidDataType };
  const elements = [...current.elements];
  elements[index - 1] = rec.value;
  return { value: { ...current, elements } };
}

export function writeStructured(host: DeviceHost, endpoint: number, cluster: ClusterDef, payload: Uint8Array, find: Find): Uint8Array {
  const behaviour = host.servers.get(endpoint)?.get(cluster.id);
  // Records of one frame build on each other (a resize, then the elements), so work on a copy per attribute.
  const pending = new Map<string, ZclValue>();
  const statuses: StructuredStatus[] = decodeWriteStructured(payload).map((rec) => {
    const status = (code: number): StructuredStatus => ({ status: code, attrId: rec.attrId, selector: rec.selector });
    const def = find(rec.attrId);
    const current = def && (pending.get(def.name) ?? host.store.get(endpoint, cluster.id, def.name));
    if (!def || current === undefined) return status(Status.unsupportedAttribute);
    if (!def.writable) return status(Status.readOnly);
    const result = applied(current, def, rec);
    if ('status' in result) return status(result.status);
    const refused = behaviour?.accepts?.(host, endpoint, def.name, result.value) ?? Status.success;
    if (refused !== Status.success) return status(refused);
    pending.set(def.name, result.value);
    return status(Status.success);
  });
  for (const [name, value] of pending) host.writeAttribute(endpoint, cluster, name, value);
  return encodeWriteStructuredRsp(statuses);
}
