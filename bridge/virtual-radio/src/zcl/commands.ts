/** Encodes and decodes cluster-specific command payloads from the field lists in the cluster tables. */
import { Reader, Writer, ZclDecodeError } from './buffer';
import type { CommandDef, FieldDef } from './clusters/index';
import { type ZclValue, readValue, writeValue } from './data-types';
import { type TuyaDatapoint, readDatapoints, writeDatapoints } from './tuya-datapoints';

/** One scene extension field set (ZCL 3.7.2.4.2): a cluster and the raw bytes of its attribute values. */
export interface SceneExtension {
  clusterId: number;
  data: number[];
}

/** One weekly-schedule transition (ZCL 6.3.3.3.1): minutes after midnight, setpoints in 0.01 °C. */
export interface ThermostatTransition {
  transitionTime: number;
  heatSetpoint?: number;
  coolSetpoint?: number;
}

export type CommandValue = ZclValue | SceneExtension[] | ThermostatTransition[] | TuyaDatapoint[];
export type CommandPayload = Record<string, CommandValue>;

/** Schedule mode bits: which setpoints each transition carries (bit 0 heat, bit 1 cool). */
const HEAT = 0x01;
const COOL = 0x02;

function readField(r: Reader, field: FieldDef, before: CommandPayload): CommandValue {
  switch (field.type) {
    case 'thermostatTransitions': {
      const mode = Number(before.mode ?? 0);
      return Array.from({ length: Number(before.numoftrans ?? 0) }, () => {
        const transition: ThermostatTransition = { transitionTime: r.u16() };
        if (mode & HEAT) transition.heatSetpoint = readValue(r, 'int16') as number;
        if (mode & COOL) transition.coolSetpoint = readValue(r, 'int16') as number;
        return transition;
      });
    }
    case 'tuyaDatapoints':
      return readDatapoints(r);
    case 'bytes':
      return Array.from(r.rest());
    case 'uint8List':
      return Array.from({ length: r.u8() }, () => r.u8());
    case 'uint16List':
      return Array.from({ length: r.u8() }, () => r.u16());
    case 'sceneExtensions': {
      const sets: SceneExtension[] = [];
      while (r.remaining >= 3) {
        const clusterId = r.u16();
        sets.push({ clusterId, data: Array.from(r.take(r.u8())) });
      }
      return sets;
    }
    default:
      return readValue(r, field.type);
  }
}

function writeField(w: Writer, field: FieldDef, value: CommandValue): void {
  switch (field.type) {
    case 'thermostatTransitions':
      for (const t of value as ThermostatTransition[]) {
        w.u16(t.transitionTime);
        if (t.heatSetpoint !== undefined) writeValue(w, 'int16', t.heatSetpoint);
        if (t.coolSetpoint !== undefined) writeValue(w, 'int16', t.coolSetpoint);
      }
      return;
    case 'tuyaDatapoints':
      writeDatapoints(w, value as TuyaDatapoint[]);
      return;
    case 'bytes':
      w.bytes(asNumbers(value, field.name));
      return;
    case 'uint8List':
    case 'uint16List': {
      const list = asNumbers(value, field.name);
      w.u8(list.length);
      for (const v of list) w.uint(v, field.type === 'uint8List' ? 1 : 2);
      return;
    }
    case 'sceneExtensions':
      for (const set of value as SceneExtension[]) w.u16(set.clusterId).u8(set.data.length).bytes(set.data);
      return;
    default:
      writeValue(w, field.type, value as ZclValue);
  }
}

function asNumbers(value: CommandValue, name: string): number[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'number')) {
    throw new ZclDecodeError(`field ${name}: expected a list of numbers`);
  }
  return value as number[];
}

export function decodeCommand(def: CommandDef, payload: Uint8Array): CommandPayload {
  const r = new Reader(payload);
  const out: CommandPayload = {};
  for (const field of def.fields) {
    if (field.optional && r.remaining === 0) break;
    out[field.name] = readField(r, field, out);
  }
  return out;
}

export function encodeCommand(def: CommandDef, payload: Partial<CommandPayload>): Uint8Array {
  const w = new Writer();
  for (const field of def.fields) {
    const value = payload[field.name];
    if (value === undefined) {
      if (field.optional) break;
      throw new ZclDecodeError(`${def.name}: missing field ${field.name}`);
    }
    writeField(w, field, value);
  }
  return w.finish();
}
