import * as v from 'valibot';
import {
  FAN_MODES,
  thermostatScheduleSchema,
  SWING_MODES,
  SWITCH_CLICK_MODES,
  SWITCH_DEVICE_MODES,
  TEMPERATURE_MEASUREMENTS,
  THERMOSTAT_MODES,
  THERMOSTAT_PRESETS,
} from '@herdgate/shared/mqtt';
import type { ErrorItemInput } from '@herdgate/shared/errors';
import type { BridgeLink, CommandOutcome } from '../../services/bridge-link';
import type { ItemSchema } from './clip-types';
import { invalidItem, notModifiable, unknownItem } from './items';
import type { SensorRecord } from './types';

const int = (min: number, max: number): ItemSchema => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const bool: ItemSchema = v.boolean();

/**
 * Config items a device sensor can be told to change, with their REST ranges (gateway-rest-api.md,
 * device sensor config table). They travel to the device through the bridge's set topic.
 */
export const DEVICE_CONFIG_ITEMS: Readonly<Record<string, ItemSchema>> = {
  heatsetpoint: int(500, 3200),
  coolsetpoint: int(700, 3500),
  mode: v.picklist(THERMOSTAT_MODES),
  fanmode: v.picklist(FAN_MODES),
  devicemode: v.picklist(SWITCH_DEVICE_MODES),
  clickmode: v.picklist(SWITCH_CLICK_MODES),
  preset: v.picklist(THERMOSTAT_PRESETS),
  swingmode: v.picklist(SWING_MODES),
  temperaturemeasurement: v.picklist(TEMPERATURE_MEASUREMENTS),
  locked: bool,
  displayflipped: bool,
  mountingmode: bool,
  setvalve: bool,
  externalwindowopen: bool,
  windowopen_set: bool,
  schedule_on: bool,
  schedule: thermostatScheduleSchema,
  externalsensortemp: int(-32768, 32767),
  offset: int(-32768, 32767),
  tholddark: int(0, 65534),
  tholdoffset: int(1, 65534),
  duration: int(0, 65535),
  delay: int(0, 65535),
  sensitivity: int(0, 255),
  ledindication: bool,
  usertest: bool,
  // A meter interface's mode (1-8, what it reads) and pulses per unit; the device's binding says which it takes.
  interfacemode: int(0, 255),
  pulseconfiguration: int(0, 65535),
  // A presence sensor's approach distance (the device's binding lists the names it takes) and reset.
  triggerdistance: v.string(),
  resetpresence: bool,
  // A calibrating covering controller's type (ZCL window covering types 0-9); writing it starts a calibration.
  windowcoveringtype: int(0, 9),
};

/**
 * Items whose values differ by sensor type: a switch module's `mode` names how its inputs act
 * (`momentary`, `rocker`, `custom_<hex>`; the device's binding checks the name), a thermostat's its
 * operating mode.
 */
export const DEVICE_CONFIG_BY_TYPE: Readonly<Record<string, Readonly<Record<string, ItemSchema>>>> = {
  ZHASwitch: { mode: v.pipe(v.string(), v.minLength(1)) },
};

/**
 * Items that start something on the device and show no lasting value (deCONZ shows `resetpresence`
 * false whatever was written): a success is not shown as the item's value.
 */
export const ONE_SHOT_ITEMS: ReadonlySet<string> = new Set(['resetpresence']);
/**
 * Items a write changes only in part: a thermostat `schedule` write names some days, the item shows
 * the whole week, which the bridge reads back from the device before it answers. Never shown as written.
 */
export const PARTIAL_ITEMS: ReadonlySet<string> = new Set(['schedule']);

/** Items the gateway keeps itself for every device sensor (deCONZ lets a client disable a sensor). */
export const LOCAL_DEVICE_CONFIG: Readonly<Record<string, ItemSchema>> = { on: bool };

/**
 * Items the gateway keeps for the sensor types that list them, because the device has no such
 * attribute (deCONZ keeps them too): light-level thresholds decide `dark`/`daylight`, and a
 * temperature or humidity `offset` is added to the measured value (see `view.ts`). A thermostat's
 * `offset` is its device's calibration and goes to the device.
 */
export const KEPT_BY_TYPE: Readonly<Record<string, Readonly<Record<string, ItemSchema>>>> = {
  ZHALightLevel: { tholddark: int(0, 65534), tholdoffset: int(1, 65534) },
  ZHATemperature: { offset: int(-32768, 32767) },
  ZHAHumidity: { offset: int(-32768, 32767) },
};

const keptSchema = (type: string, item: string, known: ReadonlySet<string>): ItemSchema | undefined =>
  Object.hasOwn(LOCAL_DEVICE_CONFIG, item) ? LOCAL_DEVICE_CONFIG[item] : known.has(item) ? KEPT_BY_TYPE[type]?.[item] : undefined;

/** One item's answer in the per-item result array of `PUT /sensors/<id>/config`. */
export type ConfigOutcome = { item: string; ok: true; value: unknown } | { item: string; ok: false; error: ErrorItemInput };

export interface DevicePlan {
  results: Map<string, ConfigOutcome>;
  local: Record<string, unknown>;
  command: Record<string, unknown>;
}

/**
 * Sort a device sensor's config write: local items, items for the device, and per-item errors
 * (not an item of this sensor → 6, read-only → 8, bad value → 7). `known` are the sensor's items.
 */
export function planDeviceConfig(base: string, patch: Record<string, unknown>, known: ReadonlySet<string>, type = ''): DevicePlan {
  const plan: DevicePlan = { results: new Map(), local: {}, command: {} };
  for (const [item, value] of Object.entries(patch)) {
    const address = `${base}/${item}`;
    const kept = keptSchema(type, item, known);
    const local = kept !== undefined;
    const byType = DEVICE_CONFIG_BY_TYPE[type];
    const schema =
      kept ??
      (byType && Object.hasOwn(byType, item) ? byType[item] : undefined) ??
      (Object.hasOwn(DEVICE_CONFIG_ITEMS, item) ? DEVICE_CONFIG_ITEMS[item] : undefined);
    if (!known.has(item) && !local) {
      plan.results.set(item, { item, ok: false, error: unknownItem(address, item) });
    } else if (!schema) {
      plan.results.set(item, { item, ok: false, error: notModifiable(address, item) });
    } else if (!v.safeParse(schema, value).success) {
      plan.results.set(item, { item, ok: false, error: invalidItem(address, item, value) });
    } else if (local) {
      plan.local[item] = value;
    } else {
      plan.command[item] = value;
    }
  }
  return plan;
}

/** Bridge error codes → deCONZ error types (docs/mqtt.md "Errors"); the rest is 608 "could not set". */
const CODE_TYPES: Readonly<Record<string, ErrorItemInput['type']>> = {
  not_connected: 950,
  busy: 951,
  not_supported: 6,
  invalid_payload: 7,
};

function failure(address: string, item: string, code: string, message: string, value?: unknown): ErrorItemInput {
  const type = CODE_TYPES[code] ?? 608;
  if (type === 6) return unknownItem(address, item);
  if (type === 7) return invalidItem(address, item, value);
  return { type, address, description: `Could not set attribute, ${item}: ${message}` };
}

/** Refusals the bridge makes before sending anything, blaming one item: the rest may still go. */
const REFUSED_BEFORE_SENDING: ReadonlySet<string> = new Set(['invalid_payload', 'not_supported']);

/**
 * Send the device part of a config write and turn the bridge's real outcome into per-item results.
 * Like deCONZ, every item is answered on its own: when the bridge refuses the command because of
 * one item (a value the device cannot take), that item gets the error and the others go again.
 */
export async function sendDeviceConfig(link: BridgeLink, record: SensorRecord, base: string, command: Record<string, unknown>): Promise<ConfigOutcome[]> {
  const items = Object.keys(command);
  if (items.length === 0) return [];
  const outcome: CommandOutcome =
    record.ieee === undefined || record.endpoint === undefined
      ? { status: 'error', code: 'not_found', message: 'sensor has no device' }
      : await link.setDevice(record.ieee, record.endpoint, command);
  const blamed = outcome.status === 'error' && REFUSED_BEFORE_SENDING.has(outcome.code) ? outcome.field : undefined;
  if (outcome.status === 'error' && blamed !== undefined && blamed in command) {
    const { [blamed]: refused, ...rest } = command;
    const others = await sendDeviceConfig(link, record, base, rest);
    const own: ConfigOutcome = { item: blamed, ok: false, error: failure(`${base}/${blamed}`, blamed, outcome.code, outcome.message, refused) };
    return items.map((item) => (item === blamed ? own : others.find((o) => o.item === item)!));
  }
  return items.map((item): ConfigOutcome => {
    const address = `${base}/${item}`;
    if (outcome.status === 'error') return { item, ok: false, error: failure(address, item, outcome.code, outcome.message, command[item]) };
    if (!outcome.data.acknowledged) return { item, ok: false, error: failure(address, item, 'no_ack', 'the device did not acknowledge') };
    if (!outcome.data.sent.includes(item)) return { item, ok: false, error: failure(address, item, 'not_sent', 'the bridge did not send it') };
    return { item, ok: true, value: command[item] };
  });
}
