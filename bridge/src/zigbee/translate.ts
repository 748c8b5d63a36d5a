import { fromZigbee as fzLibrary, findByDevice, postProcessConvertedFromZigbeeMessage, type Definition, type Tz } from 'zigbee-herdsman-converters';
import type { Events, Models } from 'zigbee-herdsman';
import type { ConverterState, DefinitionInfo, ExposeJson, SetResult } from './types';
import { colorLoopEffect } from './color-loop';
import { exposedKeys, readPlanned } from './initial-reads';
import { wrapRadioError } from './errors';
import { zoneStatusAsNotification } from './zone-status-read';
import { timeExposes, timeFromZigbee } from './time-cluster';
import { hostFlagsExposes, hostFlagsFromZigbee } from './host-flags';
import { weeklyScheduleExposes, weeklyScheduleFromZigbee } from './weekly-schedule';
import { keptProgramme, keptProgrammeExposes } from './day-programmes';
import { FRAME_FACT_CONVERTERS, frameFactExposes } from './frame-facts';
import { unexposedKeyExposes } from './unexposed-keys';
import { BOOLEAN_ATTRIBUTE_CONVERTERS } from './boolean-attributes';
import { ZONE_STATE_KEY, zoneExposes, zoneExtras } from './ias-zone-extras';
import { lumiSmokeStatusFromZigbee } from './lumi-smoke-status';
import { inputActionsFromZigbee, inputSetupExposes } from './input-setup';
import { coveringTypeExposes, coveringTypeFromZigbee } from './cover-calibration';

/**
 * Both directions of zigbee-herdsman-converters, as zigbee2mqtt drives it: fromZigbee converters
 * picked by cluster and message type turn `message` events into converter state; toZigbee
 * converters picked by key turn converter keys into ZCL frames. Kept free of MQTT and deCONZ.
 */
type Device = Models.Device;
type Endpoint = Models.Endpoint;
type Group = Models.Group;

const definitions = new Map<string, Definition | null>();
/**
 * One prepared definition per model: findByDevice prepares a fresh copy (converter lists, exposes,
 * options) on every call, and on the 200-device network the per-device copies held 2 MiB of the
 * bridge's heap. A definition is read-only data and functions that take the device as an argument,
 * so the devices of one model share the first copy (zigbee2mqtt keeps one per device instead).
 */
const prepared = new Map<string, Definition>();
const modelKey = (d: Definition) =>
  [d.vendor, d.model, d.description, d.fromZigbee.length, d.toZigbee.length, Array.isArray(d.exposes) ? d.exposes.length : 'fn'].join('\u0000');

/** The converters' definition for a device, cached per IEEE (null when unsupported). */
export async function resolveDefinition(device: Device): Promise<Definition | undefined> {
  if (!definitions.has(device.ieeeAddr)) {
    const found = await findByDevice(device);
    const key = found && modelKey(found);
    if (found && key && !prepared.has(key)) prepared.set(key, found);
    definitions.set(device.ieeeAddr, key ? prepared.get(key)! : null);
  }
  return definitions.get(device.ieeeAddr) ?? undefined;
}

export function forgetDefinition(ieee: string): void {
  definitions.delete(ieee);
}

export function cachedDefinition(ieee: string): Definition | undefined {
  return definitions.get(ieee) ?? undefined;
}

export function describeDefinition(definition: Definition, device: Device): DefinitionInfo {
  const exposes = typeof definition.exposes === 'function' ? definition.exposes(device, {}) : definition.exposes;
  // The expose classes carry methods; their JSON form is the data a mapping table can read.
  const own = JSON.parse(JSON.stringify(exposes)) as ExposeJson[];
  return {
    model: definition.model,
    vendor: definition.vendor,
    description: definition.description,
    exposes: [
      ...own,
      ...timeExposes(device),
      ...frameFactExposes(definition),
      ...zoneExposes(device, own),
      ...hostFlagsExposes(device),
      ...weeklyScheduleExposes(definition),
      ...keptProgrammeExposes(definition),
      ...unexposedKeyExposes(definition, own),
      ...inputSetupExposes(definition, device),
      ...coveringTypeExposes(definition),
    ],
    endpointNames: definition.endpoint?.(device) ?? {},
    z2m: {
      exposes: own,
      // Keys the converters report without exposing them; the bridge exposes them for deCONZ.
      reported: [...zoneExposes(device, own).filter((e) => e.name !== ZONE_STATE_KEY), ...unexposedKeyExposes(definition, own)].map((e) =>
        String(e.property ?? e.name),
      ),
      options: JSON.parse(JSON.stringify(definition.options ?? [])) as ExposeJson[],
      supportsOta: definition.ota !== undefined,
      source: definition.generated ? 'generated' : 'native',
      ...(definition.version ? { version: definition.version } : {}),
    },
  };
}

/**
 * Generic converters for messages a definition leaves out: the 3400-D keypad definition handles
 * arm commands only, yet deCONZ reports its panic and emergency keys as keypad actions; ubisys' J1
 * definition reads nothing its inputs send (open, close and stop from its covering client), yet
 * deCONZ numbers them as button events; ubisys' S2 and J1 definitions read no electrical
 * measurement, yet deCONZ shows its active power (the bridge configures its report,
 * extra-reporting.ts). Used only when the definition has no converter of its own for the message.
 */
type FzConverter = Definition['fromZigbee'][number];
const SUPPLEMENTS: readonly FzConverter[] = [
  fzLibrary.command_panic,
  fzLibrary.command_emergency,
  timeFromZigbee,
  fzLibrary.command_cover_open,
  fzLibrary.command_cover_close,
  fzLibrary.command_cover_stop,
  lumiSmokeStatusFromZigbee,
  fzLibrary.electrical_measurement,
];
/**
 * Converters run beside a definition's own, for facts of the frame its converters leave out (a
 * valve's raw host flags among them) or misread (boolean attributes); theirs win.
 */
const ALONGSIDE: readonly FzConverter[] = [...FRAME_FACT_CONVERTERS, hostFlagsFromZigbee, weeklyScheduleFromZigbee, ...BOOLEAN_ATTRIBUTE_CONVERTERS];
/** Attributes the bridge names itself, read whenever a definition handles their cluster's frame (even a read of them alone). */
const ATTRIBUTE_KEYS: readonly FzConverter[] = [inputActionsFromZigbee, coveringTypeFromZigbee];

const matches = (message: Events.MessagePayload) => (c: FzConverter) =>
  c.cluster === message.cluster && (Array.isArray(c.type) ? c.type.includes(message.type) : c.type === message.type);

/** Convert one herdsman `message` into converter state (empty when no converter applies). */
export async function fromZigbee(
  definition: Definition,
  message: Events.MessagePayload,
  state: ConverterState,
  publishLater: (state: ConverterState) => void,
  /** Collects the keys the bridge added itself (the zone flags its converters did not read). */
  added?: Set<string>,
): Promise<ConverterState> {
  const own = definition.fromZigbee.filter(matches(message));
  const asNotification = own.length === 0 ? zoneStatusAsNotification(message) : undefined;
  if (asNotification && definition.fromZigbee.some(matches(asNotification))) {
    const converted = await fromZigbee(definition, asNotification, state, publishLater, added);
    const extras = zoneExtras(message, converted);
    for (const key of Object.keys(extras)) if (!(key in converted)) added?.add(key);
    return { ...extras, ...converted };
  }
  const converters = own.length > 0 ? own : SUPPLEMENTS.filter(matches(message));
  const out: ConverterState = {};
  const run = async (list: readonly FzConverter[], before?: ConverterState) => {
    for (const converter of list) {
      const meta = { state: before ?? { ...state, ...out }, device: message.device, deviceExposesChanged: () => {} };
      const result = await converter.convert(definition, message as never, publishLater, {}, meta);
      if (result && typeof result === 'object') Object.assign(out, result);
    }
  };
  await run(converters);
  Object.assign(out, keptProgramme(definition, out, state));
  // Only beside something a converter made of the frame (they drop repeats, and so do these);
  // they read the frame and the state before it.
  if (converters.length > 0 && Object.keys(out).length > 0) await run(ALONGSIDE.filter(matches(message)), state);
  if (own.length > 0) await run(ATTRIBUTE_KEYS.filter(matches(message)), state);
  const extras = zoneExtras(message, out);
  for (const key of Object.keys(extras)) added?.add(key);
  Object.assign(out, extras);
  if (Object.keys(out).length > 0) postProcessConvertedFromZigbeeMessage(definition, out, {}, message.device);
  return out;
}

/** Converters the bridge owns, chosen before the definitions' own (deCONZ semantics win). */
const OVERRIDES: Readonly<Record<string, Tz.Converter>> = { effect: colorLoopEffect, colorloop_speed: colorLoopEffect };

/** Which toZigbee converter handles `key`; `transition` and friends are options read by others. */
function converterFor(definitions: Definition[], key: string, own: Readonly<Record<string, Tz.Converter>> = {}): Tz.Converter | undefined {
  if (OVERRIDES[key]) return OVERRIDES[key];
  if (Object.hasOwn(own, key)) return own[key];
  for (const definition of definitions) {
    const found = definition.toZigbee.find((c) => c.key?.includes(key) && c.convertSet && !c.endpoints);
    if (found) return found;
  }
  return undefined;
}

/**
 * Send converter keys to an endpoint or a group. One converter may cover several keys
 * (state + brightness + transition): it reads them from `meta.message` and runs once.
 */
export async function toZigbee(
  /** `converters`: keys of the bridge's own, by key (they keep state, so the caller owns them). */
  target: { entity: Endpoint | Group; device?: Device; definitions: Definition[]; attempt: string; converters?: Readonly<Record<string, Tz.Converter>> },
  values: ConverterState,
  state: ConverterState,
): Promise<SetResult> {
  const used = new Set<Tz.Converter>();
  const sent: string[] = [];
  const next: ConverterState = {};
  // A key no converter takes (a tilt for a shade that cannot tilt) is left out, and said so: the
  // device gets the rest, as deCONZ applies the parameters a light can take.
  const skipped = Object.keys(values).filter((key) => !converterFor(target.definitions, key, target.converters));
  const taken = Object.fromEntries(Object.entries(values).filter(([key]) => !skipped.includes(key)));
  for (const [key, value] of Object.entries(taken)) {
    const converter = converterFor(target.definitions, key, target.converters)!;
    if (used.has(converter)) continue;
    used.add(converter);
    const meta: Tz.Meta = {
      message: taken,
      device: target.device,
      mapped: target.definitions.length === 1 ? target.definitions[0] : target.definitions,
      options: {},
      state: { ...state, ...next },
      endpoint_name: undefined,
      publish: () => {},
      deviceExposesChanged: () => {},
    };
    try {
      const result = await converter.convertSet!(target.entity, key, value, meta);
      if (result?.state) Object.assign(next, result.state);
      sent.push(key);
      if (!result?.state) await readBackWritten(converter, target.entity, key, meta);
    } catch (err) {
      throw wrapRadioError(`${target.attempt} ${key}=${JSON.stringify(value)}`, err);
    }
  }
  return { sent, state: next, skipped };
}

/**
 * Zigbee2MQTT's `/get`: ask the device for `keys` through the converters' getters (one read per
 * converter); the answer comes back as a report. Keys no getter covers are `skipped`.
 */
export async function toZigbeeGet(
  target: { entity: Endpoint; device: Device; definition: Definition; attempt: string },
  keys: string[],
  state: ConverterState,
): Promise<{ read: string[]; skipped: string[] }> {
  const used = new Set<Tz.Converter>();
  const read: string[] = [];
  const skipped: string[] = [];
  for (const key of keys) {
    const converter = OVERRIDES[key]?.convertGet
      ? OVERRIDES[key]
      : target.definition.toZigbee.find((c) => c.key?.includes(key) && c.convertGet && !c.endpoints);
    if (!converter?.convertGet) {
      skipped.push(key);
      continue;
    }
    if (used.has(converter)) continue;
    used.add(converter);
    const meta: Tz.Meta = {
      message: { [key]: '' },
      device: target.device,
      mapped: target.definition,
      options: {},
      state,
      endpoint_name: undefined,
      publish: () => {},
      deviceExposesChanged: () => {},
    };
    try {
      await converter.convertGet(target.entity, key, meta);
      read.push(key);
    } catch (err) {
      throw wrapRadioError(`${target.attempt} ${key}`, err);
    }
  }
  return { read, skipped };
}

/**
 * A converter that wrote without saying what the device now holds (the Hue wall module's device
 * mode): read the key back from the device, so the state shows the device's real value. The write
 * already succeeded; a read that fails only leaves the old value shown until the next report.
 */
async function readBackWritten(converter: Tz.Converter, entity: Endpoint | Group, key: string, meta: Tz.Meta): Promise<void> {
  if (!converter.convertGet || 'groupID' in entity) return;
  await converter.convertGet(entity, key, meta).catch(() => undefined);
}

/** Keys read back through the converters' getters; the last four are read at pairing only by the definitions' configure. */
const READ_BACK_KEYS = [
  'state',
  'brightness',
  'color_temp',
  'color',
  'position',
  'local_temperature',
  'occupied_heating_setpoint',
  'system_mode',
  'battery',
  'presence',
  'approach_distance',
  'motion_sensitivity',
];

/**
 * Read back every readable key of an endpoint through the converters' convertGet, then the
 * initial-read attributes (battery, thermostat config) no convertGet covered. Throws the first
 * read that got no answer.
 */
export async function readBack(definition: Definition, endpoint: Endpoint, device: Device): Promise<string[]> {
  const keys: string[] = [];
  for (const converter of definition.toZigbee) {
    if (!converter.convertGet || !converter.key || converter.endpoints) continue;
    // One converter may read several things by key (light_onoff_brightness: state, brightness).
    for (const key of converter.key.filter((k) => READ_BACK_KEYS.includes(k) && !keys.includes(k))) {
      const meta: Tz.Meta = {
        message: { [key]: '' },
        device,
        mapped: definition,
        options: {},
        state: {},
        endpoint_name: undefined,
        publish: () => {},
        deviceExposesChanged: () => {},
      };
      await converter.convertGet(endpoint, key, meta);
      keys.push(key);
    }
  }
  const exposed = exposedKeys(describeDefinition(definition, device).exposes);
  const planned = await readPlanned(endpoint, exposed, new Set(keys));
  if (planned.failed.length > 0) throw planned.failed[0].err;
  return keys;
}
