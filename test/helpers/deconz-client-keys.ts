/**
 * The keys a deCONZ client reads by name, per resource type, with deCONZ's data type. Written down
 * from the field tables of the gateway's REST spec and from pydeconz (Home Assistant's deCONZ
 * library), which indexes these keys (`raw["state"]["temperature"]`) and fails on a missing one,
 * plus deCONZ's item lists of each type; never derived from herdgate's own output or tables.
 * A value may be `null` (deCONZ shows an item never set as null) unless marked `set` or given the
 * `initial` deCONZ shows before the device reported (the `default` of its generic item description,
 * devices/generic/items/state_*_item.json in deconz-rest-plugin, which deCONZ writes into every new
 * device resource; Home Assistant creates a sensor entity only for a value that is not null).
 */
export type Kind = 'string' | 'number' | 'bool' | 'array' | 'object';
export interface KeySpec {
  kind: Kind;
  /** Never null: a value the gateway always has. */
  set?: true;
  /** The only values a client accepts (pydeconz parses them as an enum without a fallback). */
  values?: readonly string[];
  /** What a new device resource shows before its device reported: never null. */
  initial?: string | number | boolean;
}
export type Keys = Readonly<Record<string, Kind | KeySpec>>;
/** Keys at the top level and in each sub-object of a resource. */
export type ResourceKeys = Readonly<Record<string, Keys>>;

const ATTRS: Keys = {
  name: { kind: 'string', set: true },
  type: { kind: 'string', set: true },
  modelid: { kind: 'string', set: true },
  manufacturername: { kind: 'string', set: true },
  swversion: { kind: 'string', set: true },
  uniqueid: { kind: 'string', set: true },
  etag: { kind: 'string', set: true },
  state: { kind: 'object', set: true },
  config: { kind: 'object', set: true },
};
/** Every sensor: `lastupdated` a timestamp or "none", `on` and `reachable` in its config. */
const SENSOR: ResourceKeys = {
  top: ATTRS,
  state: { lastupdated: { kind: 'string', set: true } },
  config: { on: { kind: 'bool', set: true }, reachable: { kind: 'bool', set: true } },
};

/** pydeconz's AncillaryControlAction: the keypad's last action. */
const KEYPAD_ACTIONS = ['armed_away', 'armed_night', 'armed_stay', 'already_disarmed', 'disarmed', 'emergency', 'fire', 'invalid_code', 'panic'];

/** A number deCONZ's generic item starts at 0, a bool at false. */
const ZERO: KeySpec = { kind: 'number', initial: 0 };
const FALSE: KeySpec = { kind: 'bool', initial: false };

/** Device sensor types (the spec's "device sensor state attributes" table; pydeconz's models). */
export const SENSOR_KEYS: Readonly<Record<string, ResourceKeys>> = {
  ZHATemperature: { state: { temperature: ZERO } },
  ZHAHumidity: { state: { humidity: ZERO } },
  ZHAPressure: { state: { pressure: ZERO } },
  ZHALightLevel: { state: { lightlevel: ZERO, lux: ZERO, dark: FALSE, daylight: FALSE } },
  ZHAPresence: { state: { presence: FALSE } },
  ZHAOpenClose: { state: { open: FALSE } },
  ZHAWater: { state: { water: FALSE } },
  ZHAFire: { state: { fire: FALSE } },
  ZHACarbonMonoxide: { state: { carbonmonoxide: FALSE } },
  ZHAAlarm: { state: { alarm: FALSE } },
  ZHAVibration: { state: { vibration: FALSE } },
  ZHAConsumption: { state: { consumption: ZERO } },
  ZHAPower: { state: { power: ZERO } },
  ZHASwitch: { state: { buttonevent: ZERO } },
  ZHAThermostat: { state: { temperature: ZERO } },
  ZHAAncillaryControl: {
    state: { action: { kind: 'string', values: KEYPAD_ACTIONS, initial: 'disarmed' }, panel: { kind: 'string', initial: 'disarmed' }, seconds_remaining: ZERO },
  },
  // deCONZ's airquality item has no default: "" until the device reports.
  ZHAAirQuality: { state: { airquality: 'string', airqualityppb: ZERO } },
  ZHATime: { state: { lastset: 'string' } },
  ZHABattery: { state: { battery: 'number' } },
  // The gateway's own sensor: its config is always known, sunrise/sunset once a location is set.
  Daylight: {
    state: { dark: 'bool', daylight: 'bool', status: 'number', sunrise: 'string', sunset: 'string' },
    config: { configured: { kind: 'bool', set: true }, sunriseoffset: { kind: 'number', set: true }, sunsetoffset: { kind: 'number', set: true } },
  },
};

/** Keys a model has beyond its type's (the spec lists them for the type; only these models have them). */
export const MODEL_KEYS: Readonly<Record<string, Readonly<Record<string, ResourceKeys>>>> = {
  // Both of the Aqara cube's switches carry its gesture.
  'lumi.sensor_cube': { ZHASwitch: { state: { gesture: ZERO } } },
  'lumi.sensor_cube.aqgl01': { ZHASwitch: { state: { gesture: ZERO } } },
};

const LIGHT: ResourceKeys = {
  top: { ...ATTRS, config: { kind: 'object', set: true } },
  state: { reachable: { kind: 'bool', set: true } },
};
const ON_OFF: Keys = { on: FALSE, alert: { kind: 'string', initial: 'none' } };
const DIMMABLE: Keys = { ...ON_OFF, bri: ZERO };
// deCONZ's xy and colormode items have no default: null and "" until the light reports.
const COLOR: Keys = { ...DIMMABLE, xy: 'array', hue: ZERO, sat: ZERO, colormode: 'string', effect: { kind: 'string', initial: 'none' } };

/** Light types (the spec's light `state` table; pydeconz's Light, Cover and fan models). */
export const LIGHT_KEYS: Readonly<Record<string, ResourceKeys>> = {
  'Extended color light': { state: { ...COLOR, ct: ZERO } },
  'Color light': { state: COLOR },
  'Color temperature light': { state: { ...DIMMABLE, ct: ZERO, colormode: 'string' } },
  'Dimmable light': { state: DIMMABLE },
  'On/Off light': { state: ON_OFF },
  'On/Off plug-in unit': { state: ON_OFF },
  'Window covering device': { state: { open: FALSE, lift: ZERO } },
  'Window covering controller': { state: { open: FALSE, lift: ZERO } },
  Fan: { state: { on: FALSE, speed: ZERO } },
};

/** A group (the spec's group and `action` tables; pydeconz's Group). */
export const GROUP_KEYS: ResourceKeys = {
  top: {
    id: { kind: 'string', set: true },
    name: { kind: 'string', set: true },
    type: { kind: 'string', set: true },
    lights: { kind: 'array', set: true },
    scenes: { kind: 'array', set: true },
    action: { kind: 'object', set: true },
    state: { kind: 'object', set: true },
  },
  action: { on: 'bool', bri: 'number', hue: 'number', sat: 'number', ct: 'number', xy: 'array', colormode: 'string', effect: 'string', alert: 'string' },
  state: { all_on: { kind: 'bool', set: true }, any_on: { kind: 'bool', set: true } },
};

const DELAYS = [
  'disarmed_entry_delay',
  'disarmed_exit_delay',
  ...['armed_away', 'armed_stay', 'armed_night'].flatMap((mode) => [`${mode}_entry_delay`, `${mode}_exit_delay`, `${mode}_trigger_duration`]),
];

/** An alarm system (the spec's alarm system tables; pydeconz's AlarmSystem). */
export const ALARM_SYSTEM_KEYS: ResourceKeys = {
  top: {
    name: { kind: 'string', set: true },
    config: { kind: 'object', set: true },
    state: { kind: 'object', set: true },
    devices: { kind: 'object', set: true },
  },
  config: {
    armmode: { kind: 'string', set: true },
    configured: { kind: 'bool', set: true },
    ...Object.fromEntries(DELAYS.map((key) => [key, { kind: 'number', set: true } as KeySpec])),
  },
  state: { armstate: { kind: 'string', set: true }, seconds_remaining: { kind: 'number', set: true } },
};

/** Sensor keys of a sensor: the common ones, its type's and its model's. */
export function sensorKeys(type: string, modelid: string): ResourceKeys | undefined {
  const own = SENSOR_KEYS[type];
  if (!own) return undefined;
  const common = type === 'Daylight' ? { top: ATTRS, state: SENSOR.state } : SENSOR;
  return merge(common, own, MODEL_KEYS[modelid]?.[type] ?? {});
}

export function lightKeys(type: string): ResourceKeys | undefined {
  const own = LIGHT_KEYS[type];
  return own && merge(LIGHT, own);
}

function merge(...parts: ResourceKeys[]): ResourceKeys {
  const out: Record<string, Record<string, Kind | KeySpec>> = {};
  for (const part of parts) for (const [object, keys] of Object.entries(part)) out[object] = { ...out[object], ...keys };
  return out;
}

const kindOf = (value: unknown): Kind | 'null' =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : (typeof value as Kind);

/**
 * Every key `keys` names that `resource` lacks or holds with another type, as `object.key: why`
 * lines (`top` is the resource itself). Empty when a client can read all of them.
 */
export function missingKeys(resource: Record<string, unknown>, keys: ResourceKeys): string[] {
  const problems: string[] = [];
  for (const [object, items] of Object.entries(keys)) {
    const holder = object === 'top' ? resource : (resource[object] as Record<string, unknown> | undefined);
    for (const [key, spec] of Object.entries(items)) {
      const { kind, set, values, initial } = typeof spec === 'string' ? { kind: spec, set: undefined, values: undefined, initial: undefined } : spec;
      const where = `${object}.${key}`;
      if (!holder || !Object.hasOwn(holder, key)) problems.push(`${where}: missing`);
      else if (holder[key] === null) {
        if (set || initial !== undefined) problems.push(`${where}: null`);
      } else if (kindOf(holder[key]) !== kind) problems.push(`${where}: ${kindOf(holder[key])}, not ${kind}`);
      else if (values && !values.includes(String(holder[key]))) problems.push(`${where}: ${JSON.stringify(holder[key])} is none of ${values.join(', ')}`);
    }
  }
  return problems;
}

/** Every key of `keys` with an `initial` that `resource` shows at another value, as `object.key: why` lines. */
export function notInitial(resource: Record<string, unknown>, keys: ResourceKeys): string[] {
  const problems: string[] = [];
  for (const [object, items] of Object.entries(keys)) {
    const holder = (object === 'top' ? resource : resource[object]) as Record<string, unknown> | undefined;
    for (const [key, spec] of Object.entries(items)) {
      if (typeof spec === 'string' || spec.initial === undefined) continue;
      if (holder?.[key] !== spec.initial) problems.push(`${object}.${key}: ${JSON.stringify(holder?.[key])}, not ${JSON.stringify(spec.initial)}`);
    }
  }
  return problems;
}
