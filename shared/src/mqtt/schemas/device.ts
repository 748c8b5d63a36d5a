import * as v from 'valibot';
import { endpointSchema, ieeeSchema, itemValueSchema, lastUpdatedSchema } from './common';

/** deCONZ resource types a sub-device may present (see @herdgate/shared/deconz for the mapping). */
export const SUBDEVICE_TYPES = [
  'Extended color light',
  'Color light',
  'Color temperature light',
  'Dimmable light',
  'On/Off plug-in unit',
  'On/Off light',
  'Window covering device',
  'Window covering controller',
  'Fan',
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
] as const;
export type SubdeviceType = (typeof SUBDEVICE_TYPES)[number];

/**
 * A light's real abilities: `ct` range in mireds (deCONZ ctmin/ctmax), colour modes (`ct`, `xy`,
 * `hs`), the effects the command vocabulary can send to it, and its power-on behaviours
 * (`powerup`: what `power_on_behavior` accepts; `ctstartup`: a start-up colour temperature;
 * `bristartup`: a start-up brightness).
 */
export const lightCapabilitiesSchema = v.object({
  ct: v.optional(v.object({ min: v.number(), max: v.number() })),
  colormodes: v.array(v.picklist(['ct', 'xy', 'hs'])),
  effects: v.array(v.string()),
  powerup: v.array(v.string()),
  ctstartup: v.boolean(),
  /** A start-up brightness (ZCL StartUpCurrentLevel, the converters' `level_config.current_level_startup`). */
  bristartup: v.optional(v.boolean()),
});
export type LightCapabilities = v.InferOutput<typeof lightCapabilitiesSchema>;

const itemName = v.pipe(v.string(), v.regex(/^[a-z_]+$/, 'expected a deCONZ item name'));
const itemNames = v.array(itemName);

/** The values a device takes for a numeric item, in deCONZ units (either end may be the type's own). */
export const itemRangeSchema = v.object({ min: v.optional(v.number()), max: v.optional(v.number()) });
export type ItemRange = v.InferOutput<typeof itemRangeSchema>;

export const subdeviceSchema = v.object({
  type: v.picklist(SUBDEVICE_TYPES),
  /** REST collection the sub-device belongs to. */
  resource: v.picklist(['lights', 'sensors']),
  /** deCONZ uniqueid: `aa:bb:..:hh-<ep hex>[-<cluster hex>]`. */
  uniqueid: v.pipe(v.string(), v.regex(/^([0-9a-f]{2}:){7}[0-9a-f]{2}-[0-9a-f]{2}(-[0-9a-f]{4})?$/)),
  endpoint: endpointSchema,
  state: itemNames,
  config: itemNames,
  /** Lights: what the device really supports, from its converter definition (absent: type defaults). */
  capabilities: v.optional(v.lazy(() => lightCapabilitiesSchema)),
  /** Switches: every `buttonevent` code the device can send (button * 1000 + gesture). */
  buttonevents: v.optional(v.array(v.pipe(v.number(), v.integer()))),
  /** Items bound to the device's own exposes, by item name: the range the device takes (`sensitivity` 0-4). */
  ranges: v.optional(v.record(itemName, itemRangeSchema)),
});
export type Subdevice = v.InferOutput<typeof subdeviceSchema>;

const u16 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffff));

/** One endpoint as the interview found it (simple descriptor): what a DDF `fingerprint` shows. */
export const endpointDescriptorSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  profile: v.optional(u16),
  device: v.optional(u16),
  in: v.array(u16),
  out: v.array(u16),
});
export type EndpointDescriptor = v.InferOutput<typeof endpointDescriptorSchema>;

/** Attribute reporting the bridge configured on a device (ZCL units: seconds, raw change). */
export const reportingSchema = v.object({
  attribute: u16,
  min: u16,
  max: u16,
  change: v.optional(v.union([v.number(), v.string()])),
});

/** A binding on the device, from one of its endpoints' clusters to the coordinator or a group. */
export const bindingSchema = v.object({
  endpoint: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  cluster: u16,
  group: v.optional(u16),
  reporting: v.array(reportingSchema),
});
export type DeviceBinding = v.InferOutput<typeof bindingSchema>;

/** `<base>/devices/<ieee>`, retained: identity, sub-devices and availability of one device. */
export const deviceSchema = v.object({
  ieee: ieeeSchema,
  /** deCONZ device uniqueid: the MAC with colons. */
  uniqueid: v.pipe(v.string(), v.regex(/^([0-9a-f]{2}:){7}[0-9a-f]{2}$/)),
  name: v.pipe(v.string(), v.maxLength(32)),
  manufacturername: v.string(),
  modelid: v.string(),
  productid: v.optional(v.string()),
  swversion: v.string(),
  powersource: v.picklist(['mains', 'battery', 'unknown']),
  lastannounced: v.nullable(v.string()),
  lastseen: v.nullable(v.string()),
  /**
   * When the device was last heard, epoch ms on the bridge's clock. A device with a light publishes
   * its description for this at most once per `options.light_lastseen_s` (deCONZ `lightlastseeninterval`).
   */
  lastseen_at: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  interview: v.picklist(['pending', 'in_progress', 'successful', 'failed']),
  /** false when the converters know no definition: the device is listed but presents nothing. */
  supported: v.boolean(),
  availability: v.picklist(['online', 'offline']),
  subdevices: v.array(subdeviceSchema),
  /** Endpoints and clusters from the interview (absent before it). */
  endpoints: v.optional(v.array(endpointDescriptorSchema)),
  /** Bindings and reporting the bridge configured (what deCONZ lists as a DDF's `bindings`). */
  bindings: v.optional(v.array(bindingSchema)),
});
export type DeviceDescription = v.InferOutput<typeof deviceSchema>;

const itemMap = v.record(v.pipe(v.string(), v.regex(/^[a-z_]+$/, 'expected a deCONZ item name')), itemValueSchema);

/** `<base>/devices/<ieee>/<ep>/state`, retained: the deCONZ items of every sub-device on that endpoint. */
export const endpointStateSchema = v.object({
  state: v.intersect([itemMap, v.object({ lastupdated: lastUpdatedSchema })]),
  config: itemMap,
});
export type EndpointState = v.InferOutput<typeof endpointStateSchema>;

/** `<base>/devices/<ieee>/<ep>/event`, not retained: momentary items such as button presses. */
export const endpointEventSchema = v.object({
  state: v.intersect([itemMap, v.object({ lastupdated: lastUpdatedSchema })]),
});
export type EndpointEvent = v.InferOutput<typeof endpointEventSchema>;
