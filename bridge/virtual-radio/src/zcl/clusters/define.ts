/**
 * The shape of the cluster tables and two tiny helpers that keep them readable. Field lists are written
 * as `'name:type name:type?'` (a trailing `?` marks an optional trailing field, decoded only when bytes remain
 * and encoded only when a value is given).
 */
import type { DataTypeName } from '../data-types';

/** Payload field types: any ZCL data type, plus the list shapes cluster commands use. */
/** `tuyaDatapoints`: Tuya's data-point list (to the end); `bytes`: whatever bytes remain, as they are. */
export type FieldType = DataTypeName | 'uint8List' | 'uint16List' | 'sceneExtensions' | 'thermostatTransitions' | 'tuyaDatapoints' | 'bytes';

export interface FieldDef {
  name: string;
  type: FieldType;
  optional?: boolean;
}

export interface CommandDef {
  id: number;
  name: string;
  fields: FieldDef[];
}

export interface AttributeDef {
  id: number;
  name: string;
  type: DataTypeName;
  writable: boolean;
  /** Set for manufacturer-specific attributes (must match the frame's manufacturer code). */
  manufacturerCode?: number;
}

export interface ClusterDef {
  id: number;
  name: string;
  attributes: AttributeDef[];
  /** Client → server commands (what the server side receives). */
  commands: CommandDef[];
  /** Server → client commands (responses, notifications). */
  responses: CommandDef[];
  /** Attributes a scene captures for this cluster, in extension-field-set order (ZCL 3.7.2.4.2). */
  sceneFields?: Array<{ attr: string; type: DataTypeName }>;
}

export function cmd(id: number, name: string, spec = ''): CommandDef {
  const fields = spec
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => {
      const [fieldName, rawType] = part.split(':');
      const optional = rawType.endsWith('?');
      const type = (optional ? rawType.slice(0, -1) : rawType) as FieldType;
      return optional ? { name: fieldName, type, optional } : { name: fieldName, type };
    });
  return { id, name, fields };
}

export function attr(id: number, name: string, type: DataTypeName, access: 'r' | 'rw' = 'r', manufacturerCode?: number): AttributeDef {
  const def: AttributeDef = { id, name, type, writable: access === 'rw' };
  if (manufacturerCode !== undefined) def.manufacturerCode = manufacturerCode;
  return def;
}

/** The optional trailing options fields of level and colour commands (ZCL 6/7 "options" override). */
export const OPTIONS = 'optionsMask:map8? optionsOverride:map8?';
