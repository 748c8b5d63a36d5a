import * as v from 'valibot';
import { ENVELOPE_KEYS, envelopeEntries, intRange, itemValueSchema, numberRange } from './common';
import { thermostatScheduleSchema } from './thermostat-schedule';

/** The deCONZ thermostat modes clients send (pydeconz's enum). */
export const THERMOSTAT_MODES = ['off', 'auto', 'cool', 'heat', 'emergency heating', 'precooling', 'fan only', 'dry', 'sleep'] as const;
export const FAN_MODES = ['off', 'low', 'medium', 'high', 'on', 'auto', 'smart'] as const;
/** deCONZ `devicemode` values: Hue wall switch module inputs, Xiaomi switch modes, the Aqara FP1's direction sensing. */
export const SWITCH_DEVICE_MODES = [
  'singlerocker',
  'singlepushbutton',
  'dualrocker',
  'dualpushbutton',
  'compatibility',
  'zigbee',
  'undirected',
  'leftright',
] as const;
/** deCONZ `clickmode` values: a relay coupled to its button or not, a remote's multi-click or high-speed (single click) mode. */
export const SWITCH_CLICK_MODES = ['coupled', 'decoupled', 'multiclick', 'highspeed'] as const;
/** Thermostat presets, AC louvre positions and measurement modes as deCONZ clients send them. */
export const THERMOSTAT_PRESETS = [
  'holiday',
  'auto',
  'manual',
  'comfort',
  'eco',
  'boost',
  'complex',
  'program',
  'both',
  'humidity',
  'temperature',
  'off',
] as const;
export const SWING_MODES = ['fully closed', 'fully open', 'quarter open', 'half open', 'three quarters open'] as const;
export const TEMPERATURE_MEASUREMENTS = ['air sensor', 'floor sensor', 'floor protection'] as const;
const oneOf = <T extends string>(values: readonly T[]) => v.optional(v.picklist(values, `expected one of ${values.join(', ')}`));
const flag = v.optional(v.boolean('expected true or false'));

const XY_MESSAGE = 'expected [x, y] with each from 0 to 1';
const xySchema = v.pipe(
  v.array(numberRange(0, 1), XY_MESSAGE),
  v.length(2, XY_MESSAGE),
  v.transform((xy) => xy as [number, number]),
);

/** Light, group and covering commands, shared by devices and groups; `ct` differs (see below). */
const lightCommands = {
  on: v.optional(v.boolean('expected true or false')),
  toggle: v.optional(v.boolean('expected true or false')),
  /** `"stop"`: the deprecated covering form (lift stop); lamps answer not_supported. */
  bri: v.optional(v.union([intRange(0, 255), v.literal('stop')], 'expected an integer from 0 to 255 or "stop"')),
  bri_inc: v.optional(intRange(-254, 254)),
  ct_inc: v.optional(intRange(-65535, 65535)),
  xy: v.optional(xySchema),
  hue: v.optional(intRange(0, 65535)),
  sat: v.optional(intRange(0, 255)),
  transitiontime: v.optional(intRange(0, 65535)),
  alert: v.optional(v.picklist(['none', 'select', 'lselect'], 'expected none, select or lselect')),
  effect: v.optional(v.picklist(['none', 'colorloop'], 'expected none or colorloop')),
  colorloopspeed: v.optional(intRange(1, 255)),
  open: v.optional(v.boolean('expected true or false')),
  stop: v.optional(v.boolean('expected true or false')),
  lift: v.optional(v.union([intRange(0, 100), v.literal('stop')], 'expected an integer from 0 to 100 or "stop"')),
  tilt: v.optional(intRange(0, 100)),
  /** Fans: 0 off, 1 low, 2 medium, 3 high, 4 on, 5 auto, 6 smart (ZCL FanMode). */
  speed: v.optional(intRange(0, 6)),
};

const MODES = `expected one of ${THERMOSTAT_MODES.join(', ')}, momentary, rocker or custom_<hex>`;

/** Sensor and thermostat config items a device accepts through its set topic. */
const configCommands = {
  heatsetpoint: v.optional(intRange(500, 3200)),
  coolsetpoint: v.optional(intRange(700, 3500)),
  /** A thermostat's mode, or how a switch module's inputs act (ubisys: momentary, rocker, custom_<hex>). */
  mode: v.optional(v.union([v.picklist(THERMOSTAT_MODES), v.pipe(v.string(), v.regex(/^(momentary|rocker|custom_([0-9A-Fa-f]{2})+)$/, MODES))], MODES)),
  /** A calibrating covering controller's type (ZCL window covering types 0-9); writing it starts a calibration. */
  windowcoveringtype: v.optional(intRange(0, 9)),
  fanmode: v.optional(v.picklist(FAN_MODES, `expected one of ${FAN_MODES.join(', ')}`)),
  preset: oneOf(THERMOSTAT_PRESETS),
  swingmode: oneOf(SWING_MODES),
  temperaturemeasurement: oneOf(TEMPERATURE_MEASUREMENTS),
  locked: flag,
  displayflipped: flag,
  mountingmode: flag,
  setvalve: flag,
  externalwindowopen: flag,
  windowopen_set: flag,
  schedule_on: flag,
  schedule: v.optional(thermostatScheduleSchema),
  externalsensortemp: v.optional(intRange(-32768, 32767)),
  offset: v.optional(intRange(-32768, 32767)),
  devicemode: v.optional(v.picklist(SWITCH_DEVICE_MODES, `expected one of ${SWITCH_DEVICE_MODES.join(', ')}`)),
  clickmode: v.optional(v.picklist(SWITCH_CLICK_MODES, `expected one of ${SWITCH_CLICK_MODES.join(', ')}`)),
  tholddark: v.optional(intRange(0, 65534)),
  tholdoffset: v.optional(intRange(1, 65534)),
  duration: v.optional(intRange(0, 65535)),
  delay: v.optional(intRange(0, 65535)),
  sensitivity: v.optional(intRange(0, 255)),
  ledindication: v.optional(v.boolean('expected true or false')),
  usertest: v.optional(v.boolean('expected true or false')),
  /** Meter interfaces: what the interface reads (deCONZ 1-8) and pulses per unit. */
  interfacemode: v.optional(intRange(0, 255)),
  pulseconfiguration: v.optional(intRange(0, 65535)),
  /** Presence sensors: the approach distance (far, medium, near where the device has them) and a reset. */
  triggerdistance: v.optional(v.pipe(v.string('expected a string'), v.maxLength(32))),
  resetpresence: v.optional(v.boolean('expected true or false')),
  /** Lights: on/off after power returns (ZCL StartUpOnOff), where the device supports it. */
  powerup: v.optional(v.picklist(['off', 'on', 'toggle', 'previous'], 'expected off, on, toggle or previous')),
  /** Lights: colour temperature after power returns, in mireds, or `previous`. */
  powerup_ct: v.optional(v.union([intRange(1, 65279), v.literal('previous')], 'expected mireds from 1 to 65279 or "previous"')),
  /** Lights: brightness after power returns (ZCL StartUpCurrentLevel): 1-254, 0 = minimum, 255 = previous. */
  powerup_bri: v.optional(intRange(0, 255)),
};

const COMMAND_KEYS = [...Object.keys(lightCommands), 'ct', ...Object.keys(configCommands)];

/** deCONZ answers "missing parameters" to a body that asks for nothing; so do we. */
const atLeastOneCommand = v.check(
  (input: Record<string, unknown>) => Object.keys(input).some((key) => !ENVELOPE_KEYS.includes(key)),
  'expected at least one command item',
);

/**
 * `<base>/devices/<ieee>/<ep>/set`. `ct` accepts any mired value; the bridge clamps it into the
 * light's ctmin..ctmax as deCONZ does. Use `lightSetSchema` to validate against known limits.
 */
export const deviceSetSchema = v.pipe(
  v.strictObject({
    ...lightCommands,
    ...configCommands,
    ct: v.optional(intRange(0, 65535)),
    ...envelopeEntries,
  }),
  atLeastOneCommand,
);
export type DeviceSetCommand = v.InferOutput<typeof deviceSetSchema>;

/** A device set schema bound to one light's colour temperature range. */
export const lightSetSchema = (limits: { ctmin: number; ctmax: number }) =>
  v.pipe(
    v.strictObject({
      ...lightCommands,
      ...configCommands,
      ct: v.optional(intRange(limits.ctmin, limits.ctmax)),
      ...envelopeEntries,
    }),
    atLeastOneCommand,
  );

/** `<base>/bridge/<bridge>/groups/<group>/set`: the group action vocabulary (ct 153-500). */
export const groupSetSchema = v.pipe(v.strictObject({ ...lightCommands, ct: v.optional(intRange(153, 500)), ...envelopeEntries }), atLeastOneCommand);
export type GroupSetCommand = v.InferOutput<typeof groupSetSchema>;

export const SET_COMMAND_KEYS: readonly string[] = COMMAND_KEYS;

/** `.../set/result`: what really happened to a command. */
export const setResultDataSchema = v.object({
  /** true when every frame was acknowledged by the device (for groups: sent as a groupcast). */
  acknowledged: v.boolean(),
  /** The command items that were sent, in the order they went out. */
  sent: v.array(v.string()),
  /** Items of the command the device cannot take (no converter carries them): not sent; the rest was. */
  unsupported: v.optional(v.array(v.string())),
  /**
   * The deCONZ state items the command leaves the light showing, as the bridge predicts them from
   * the converters (and publishes on the endpoint's state topic just before): `{"on":true,"bri":128}`,
   * `colormode` with a colour. A client shows these rather than guess from the command. Present
   * when the device acknowledged (for a group: when the groupcast went out) and something shows.
   */
  state: v.optional(v.record(v.pipe(v.string(), v.regex(/^[a-z_]+$/, 'expected a deCONZ item name')), itemValueSchema)),
});
export type SetResultData = v.InferOutput<typeof setResultDataSchema>;
