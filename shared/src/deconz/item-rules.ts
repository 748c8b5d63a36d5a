import type { ItemValue } from '../mqtt/schemas/common';
import type { SubdeviceType } from '../mqtt/schemas/device';
import type { ItemBinding } from './bindings';
import type { Read } from './read';
import { KEYPAD_ACTION_NAMES } from './buttons';
import { switchAngle, switchButtonEvent, switchGesture, type SwitchRole } from './gestures';
import { buttonMapEvent } from './button-maps';
import {
  clamp,
  FAN_SPEEDS,
  degreesToHue,
  invertPercent,
  isNumber,
  lightLevelFlags,
  luxToLightLevel,
  percentToSat,
  round,
  startupLevel,
  type LightLevelThresholds,
} from './values';

export interface ReadContext {
  thresholds: LightLevelThresholds;
  /** The item's binding to its device's expose, for items read through a bound table. */
  binding?: ItemBinding;
  /** The sub-device's switch role, when it has one (a cube's gestures or rotation). */
  role?: SwitchRole;
  /** The switch's button map, when deCONZ numbers its buttons by one (button-maps.ts). */
  buttonmap?: string;
}

/**
 * One deCONZ item: which types have it, which exposes make it present (none = always), and how
 * its value is read from converter state. `read` returning undefined means "not known yet".
 */
export interface ItemRule {
  item: string;
  section: 'state' | 'config';
  types: readonly SubdeviceType[];
  exposes: readonly string[];
  read?: (get: Read, ctx: ReadContext) => ItemValue | undefined;
}

export const COLOR_LIGHTS: readonly SubdeviceType[] = ['Extended color light', 'Color light'];
export const CT_LIGHTS: readonly SubdeviceType[] = ['Extended color light', 'Color temperature light'];
export const DIMMABLE: readonly SubdeviceType[] = [...new Set([...COLOR_LIGHTS, ...CT_LIGHTS, 'Dimmable light' as const])];
export const ON_OFF: readonly SubdeviceType[] = [...DIMMABLE, 'On/Off light', 'On/Off plug-in unit'];
/** Both covering types deCONZ shows; a controller takes the same items and commands as a device. */
export const COVERS: readonly SubdeviceType[] = ['Window covering device', 'Window covering controller'];
export const LIGHTS: readonly SubdeviceType[] = [...ON_OFF, ...COVERS, 'Fan'];
export const SENSORS: readonly SubdeviceType[] = [
  'ZHATemperature',
  'ZHAHumidity',
  'ZHAPressure',
  'ZHALightLevel',
  'ZHAPresence',
  'ZHAOpenClose',
  'ZHAWater',
  'ZHAFire',
  'ZHACarbonMonoxide',
  'ZHAAlarm',
  'ZHAVibration',
  'ZHASwitch',
  'ZHAThermostat',
  'ZHAAncillaryControl',
  'ZHAConsumption',
  'ZHAPower',
  'ZHATime',
  'ZHAAirQuality',
  'ZHABattery',
];
export const IAS_TYPES: readonly SubdeviceType[] = [
  'ZHAOpenClose',
  'ZHAWater',
  'ZHAFire',
  'ZHACarbonMonoxide',
  'ZHAAlarm',
  'ZHAPresence',
  'ZHAVibration',
  'ZHAAncillaryControl',
];

const num = (get: Read, key: string) => {
  const value = get(key);
  return isNumber(value) ? value : undefined;
};
const bool = (get: Read, key: string) => {
  const value = get(key);
  return typeof value === 'boolean' ? value : undefined;
};
const scaled = (key: string, factor: number) => (get: Read) => {
  const value = num(get, key);
  return value === undefined ? undefined : Math.round(value * factor);
};
const color = (get: Read) => {
  const value = get('color');
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};
const lux = (get: Read) => num(get, 'illuminance_lux') ?? num(get, 'illuminance');
const lift = (get: Read) => {
  const position = num(get, 'position');
  return position === undefined ? undefined : invertPercent(position);
};
const COLOR_MODES: Readonly<Record<string, string>> = { xy: 'xy', color_temp: 'ct', hs: 'hs' };

export const LIGHT_ITEM_RULES: readonly ItemRule[] = [
  { item: 'on', section: 'state', types: ON_OFF, exposes: [], read: (get) => (get('state') === undefined ? undefined : get('state') === 'ON') },
  {
    item: 'bri',
    section: 'state',
    types: DIMMABLE,
    exposes: ['brightness'],
    read: (get) => {
      const value = num(get, 'brightness');
      return value === undefined ? undefined : clamp(Math.round(value), 0, 254);
    },
  },
  { item: 'ct', section: 'state', types: CT_LIGHTS, exposes: ['color_temp'], read: (get) => num(get, 'color_temp') },
  {
    item: 'xy',
    section: 'state',
    types: COLOR_LIGHTS,
    exposes: ['color_xy'],
    read: (get) => {
      const { x, y } = color(get);
      return isNumber(x) && isNumber(y) ? [round(x, 4), round(y, 4)] : undefined;
    },
  },
  {
    item: 'hue',
    section: 'state',
    types: COLOR_LIGHTS,
    exposes: ['color_hs'],
    read: (get) => {
      const { hue } = color(get);
      return isNumber(hue) ? degreesToHue(hue) : undefined;
    },
  },
  {
    item: 'sat',
    section: 'state',
    types: COLOR_LIGHTS,
    exposes: ['color_hs'],
    read: (get) => {
      const { saturation } = color(get);
      return isNumber(saturation) ? percentToSat(saturation) : undefined;
    },
  },
  {
    item: 'colormode',
    section: 'state',
    types: [...COLOR_LIGHTS, 'Color temperature light'],
    exposes: [],
    read: (get) => {
      const mode = get('color_mode');
      return typeof mode === 'string' ? COLOR_MODES[mode] : undefined;
    },
  },
  // deCONZ always reports alert "none": it is a momentary command, not a state.
  { item: 'alert', section: 'state', types: ON_OFF, exposes: [], read: () => 'none' },
  { item: 'effect', section: 'state', types: COLOR_LIGHTS, exposes: [], read: (get) => (get('effect') === 'colorloop' ? 'colorloop' : 'none') },
  { item: 'lift', section: 'state', types: COVERS, exposes: ['position'], read: lift },
  {
    item: 'open',
    section: 'state',
    types: COVERS,
    exposes: [],
    read: (get) => {
      const value = lift(get);
      if (value !== undefined) return value < 100;
      const state = get('state');
      return state === 'OPEN' ? true : state === 'CLOSE' ? false : undefined;
    },
  },
  {
    item: 'tilt',
    section: 'state',
    types: COVERS,
    exposes: ['tilt'],
    read: (get) => {
      const value = num(get, 'tilt');
      return value === undefined ? undefined : invertPercent(value);
    },
  },
  // Deprecated covering items older clients still read: on = not fully open, bri = lift on 0-254.
  {
    item: 'on',
    section: 'state',
    types: COVERS,
    exposes: ['position'],
    read: (get) => {
      const value = lift(get);
      return value === undefined ? undefined : value > 0;
    },
  },
  {
    item: 'bri',
    section: 'state',
    types: COVERS,
    exposes: ['position'],
    read: (get) => {
      const value = lift(get);
      return value === undefined ? undefined : Math.round((value * 254) / 100);
    },
  },
  {
    item: 'on',
    section: 'state',
    types: ['Fan'],
    exposes: [],
    read: (get) => {
      const mode = get('fan_mode');
      return typeof mode === 'string' ? mode !== 'off' : undefined;
    },
  },
  {
    item: 'speed',
    section: 'state',
    types: ['Fan'],
    exposes: [],
    read: (get) => {
      const index = FAN_SPEEDS.indexOf(String(get('fan_mode')));
      return index < 0 ? undefined : index;
    },
  },
  { item: 'reachable', section: 'state', types: LIGHTS, exposes: [] },
  // Brightness after power returns (ZCL StartUpCurrentLevel), deCONZ's top-level `powerup`.
  { item: 'powerup', section: 'config', types: DIMMABLE, exposes: ['current_level_startup'], read: (get) => startupLevel(get('level_config')) },
];

export const SENSOR_ITEM_RULES: readonly ItemRule[] = [
  { item: 'temperature', section: 'state', types: ['ZHATemperature'], exposes: [], read: scaled('temperature', 100) },
  { item: 'humidity', section: 'state', types: ['ZHAHumidity'], exposes: [], read: scaled('humidity', 100) },
  { item: 'pressure', section: 'state', types: ['ZHAPressure'], exposes: [], read: scaled('pressure', 1) },
  {
    item: 'lux',
    section: 'state',
    types: ['ZHALightLevel'],
    exposes: [],
    read: (get) => {
      const value = lux(get);
      return value === undefined ? undefined : Math.round(value);
    },
  },
  {
    item: 'lightlevel',
    section: 'state',
    types: ['ZHALightLevel'],
    exposes: [],
    read: (get) => {
      const value = lux(get);
      return value === undefined ? undefined : luxToLightLevel(value);
    },
  },
  {
    item: 'dark',
    section: 'state',
    types: ['ZHALightLevel'],
    exposes: [],
    read: (get, ctx) => {
      const value = lux(get);
      return value === undefined ? undefined : lightLevelFlags(luxToLightLevel(value), ctx.thresholds).dark;
    },
  },
  {
    item: 'daylight',
    section: 'state',
    types: ['ZHALightLevel'],
    exposes: [],
    read: (get, ctx) => {
      const value = lux(get);
      return value === undefined ? undefined : lightLevelFlags(luxToLightLevel(value), ctx.thresholds).daylight;
    },
  },
  { item: 'presence', section: 'state', types: ['ZHAPresence'], exposes: [], read: (get) => bool(get, 'occupancy') ?? bool(get, 'presence') },
  {
    item: 'open',
    section: 'state',
    types: ['ZHAOpenClose'],
    exposes: [],
    read: (get) => {
      const contact = bool(get, 'contact');
      return contact === undefined ? undefined : !contact;
    },
  },
  { item: 'water', section: 'state', types: ['ZHAWater'], exposes: [], read: (get) => bool(get, 'water_leak') },
  { item: 'fire', section: 'state', types: ['ZHAFire'], exposes: [], read: (get) => bool(get, 'smoke') },
  { item: 'carbonmonoxide', section: 'state', types: ['ZHACarbonMonoxide'], exposes: [], read: (get) => bool(get, 'carbon_monoxide') },
  { item: 'alarm', section: 'state', types: ['ZHAAlarm'], exposes: [], read: (get) => bool(get, 'alarm') },
  { item: 'vibration', section: 'state', types: ['ZHAVibration'], exposes: [], read: (get) => bool(get, 'vibration') },
  { item: 'lowbattery', section: 'state', types: IAS_TYPES, exposes: ['battery_low'], read: (get) => bool(get, 'battery_low') },
  { item: 'tampered', section: 'state', types: IAS_TYPES, exposes: ['tamper'], read: (get) => bool(get, 'tamper') },
  {
    item: 'buttonevent',
    section: 'state',
    types: ['ZHASwitch'],
    exposes: [],
    read: (get, ctx) => (ctx.buttonmap ? buttonMapEvent(ctx.buttonmap, get) : switchButtonEvent(get, ctx.role)),
  },
  // A cube's gesture (both of its sensors) and a rotation's angle in degrees.
  { item: 'gesture', section: 'state', types: ['ZHASwitch'], exposes: ['side', 'action_angle'], read: (get, ctx) => switchGesture(get, ctx.role) },
  { item: 'angle', section: 'state', types: ['ZHASwitch'], exposes: ['action_angle'], read: (get, ctx) => switchAngle(get, ctx.role) },
  {
    item: 'action',
    section: 'state',
    types: ['ZHAAncillaryControl'],
    exposes: [],
    read: (get) => {
      const action = get('action');
      return typeof action === 'string' ? KEYPAD_ACTION_NAMES[action] : undefined;
    },
  },
  // What the keypad shows, mirroring its alarm system as in deCONZ: keys the bridge itself sets
  // when it sends the panel status (MQTT request alarm/state), not converter output.
  {
    item: 'panel',
    section: 'state',
    types: ['ZHAAncillaryControl'],
    exposes: [],
    read: (get) => {
      const panel = get('panel');
      return typeof panel === 'string' ? panel : undefined;
    },
  },
  { item: 'seconds_remaining', section: 'state', types: ['ZHAAncillaryControl'], exposes: [], read: (get) => num(get, 'seconds_remaining') },
  // deCONZ reports consumption in Wh and current in mA.
  { item: 'consumption', section: 'state', types: ['ZHAConsumption'], exposes: [], read: scaled('energy', 1000) },
  { item: 'power', section: 'state', types: ['ZHAConsumption', 'ZHAPower'], exposes: ['power'], read: scaled('power', 1) },
  { item: 'voltage', section: 'state', types: ['ZHAPower'], exposes: ['voltage'], read: scaled('voltage', 1) },
  { item: 'current', section: 'state', types: ['ZHAPower'], exposes: ['current'], read: scaled('current', 1000) },
];
