import * as v from 'valibot';

/**
 * The virtual (CLIP) sensor types as data (gateway-rest-api.md "Virtual (CLIP) sensor state
 * attributes", deconz-behavior.md §13): each type's settable state and config items with the
 * schema of their value, and the defaults a new sensor starts with.
 */
export type ItemSchema = v.GenericSchema<unknown, unknown>;

const int = (min: number, max: number): ItemSchema => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const bool: ItemSchema = v.boolean();
const uint8 = int(0, 0xff);
const uint16 = int(0, 0xffff);
const int16 = int(-0x8000, 0x7fff);
const uint32 = int(0, 0xffffffff);
const int32 = int(-0x80000000, 0x7fffffff);
// uint64 in the spec; JSON numbers are exact only up to 2^53.
const uint64 = int(0, Number.MAX_SAFE_INTEGER);

export interface ClipType {
  state: Readonly<Record<string, ItemSchema>>;
  config: Readonly<Record<string, ItemSchema>>;
  /**
   * Values a new sensor starts with: flags false, other items null until a client sets them, so a
   * client reading them by name finds them from the start (deCONZ lists them too, at 0).
   */
  defaultState: Readonly<Record<string, unknown>>;
  defaultConfig: Readonly<Record<string, unknown>>;
}

/** Config items every CLIP sensor has; `battery` is 1-100 as the spec's Limits table says. */
const COMMON_CONFIG: Record<string, ItemSchema> = { on: bool, reachable: bool, battery: int(1, 100) };

function clip(state: Record<string, ItemSchema>, config: Record<string, ItemSchema> = {}, defaultConfig: Record<string, unknown> = {}): ClipType {
  const defaultState: Record<string, unknown> = {};
  // An item also kept in config (a presence sensor's duration) starts there only.
  for (const [item, schema] of Object.entries(state)) if (!Object.hasOwn(config, item)) defaultState[item] = schema === bool ? false : null;
  return {
    state,
    config: { ...COMMON_CONFIG, ...config },
    defaultState,
    defaultConfig: { on: true, reachable: true, ...defaultConfig },
  };
}

export const CLIP_TYPES: Readonly<Record<string, ClipType>> = {
  CLIPAlarm: clip({ alarm: bool }),
  CLIPBattery: clip({ battery: uint8 }),
  CLIPCarbonMonoxide: clip({ carbonmonoxide: bool }),
  CLIPConsumption: clip({ consumption: uint64 }),
  CLIPDaylightOffset: clip({}, { offset: int(-120, 120) }, { offset: 0 }),
  CLIPFire: clip({ fire: bool }),
  CLIPGenericFlag: clip({ flag: bool }),
  CLIPGenericStatus: clip({ status: int32 }),
  CLIPHumidity: clip({ humidity: uint16 }, { offset: int16 }, { offset: 0 }),
  CLIPLightLevel: clip(
    { lightlevel: uint16, lux: uint32, dark: bool, daylight: bool },
    { tholddark: uint16, tholdoffset: uint16 },
    { tholddark: 12000, tholdoffset: 7000 },
  ),
  CLIPOpenClose: clip({ open: bool }),
  CLIPPower: clip({ power: int16, voltage: uint16, current: uint16 }),
  // The spec lists `duration` as state; deCONZ keeps it in config (default 60). Both are accepted.
  CLIPPresence: clip({ presence: bool, duration: uint16 }, { duration: uint16 }, { duration: 60 }),
  CLIPPressure: clip({ pressure: int16 }),
  CLIPSwitch: clip({ buttonevent: uint32 }),
  CLIPTemperature: clip({ temperature: int16 }, { offset: int16 }, { offset: 0 }),
  CLIPVibration: clip({ vibration: bool }),
  CLIPWater: clip({ water: bool }),
};

/** The spec spells the light level offset `tholddarkoffset`; deCONZ stores it as `tholdoffset`. */
export const CONFIG_ALIASES: Readonly<Record<string, string>> = { tholddarkoffset: 'tholdoffset' };

export function isClipType(type: string): boolean {
  return Object.hasOwn(CLIP_TYPES, type);
}
