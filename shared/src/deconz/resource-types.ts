import type { SubdeviceType } from '../mqtt/schemas/device';
import type { SwitchRole } from './gestures';

/** Where each deCONZ type lives and which cluster its sensor uniqueid carries (deCONZ convention). */
export const TYPE_TABLE: Record<SubdeviceType, { resource: 'lights' | 'sensors'; cluster?: number }> = {
  'Extended color light': { resource: 'lights' },
  'Color light': { resource: 'lights' },
  'Color temperature light': { resource: 'lights' },
  'Dimmable light': { resource: 'lights' },
  'On/Off light': { resource: 'lights' },
  'On/Off plug-in unit': { resource: 'lights' },
  'Window covering device': { resource: 'lights' },
  'Window covering controller': { resource: 'lights' },
  // A fan beside a light on one endpoint: its uniqueid carries the fan control cluster.
  Fan: { resource: 'lights', cluster: 0x0202 },
  ZHATemperature: { resource: 'sensors', cluster: 0x0402 },
  ZHAHumidity: { resource: 'sensors', cluster: 0x0405 },
  ZHAPressure: { resource: 'sensors', cluster: 0x0403 },
  ZHALightLevel: { resource: 'sensors', cluster: 0x0400 },
  ZHAPresence: { resource: 'sensors', cluster: 0x0406 },
  ZHAOpenClose: { resource: 'sensors', cluster: 0x0500 },
  ZHAWater: { resource: 'sensors', cluster: 0x0500 },
  ZHAFire: { resource: 'sensors', cluster: 0x0500 },
  ZHACarbonMonoxide: { resource: 'sensors', cluster: 0x0500 },
  ZHAAlarm: { resource: 'sensors', cluster: 0x0500 },
  ZHAVibration: { resource: 'sensors', cluster: 0x0101 },
  ZHASwitch: { resource: 'sensors', cluster: 0x0006 },
  ZHAThermostat: { resource: 'sensors', cluster: 0x0201 },
  ZHAAncillaryControl: { resource: 'sensors', cluster: 0x0501 },
  ZHAConsumption: { resource: 'sensors', cluster: 0x0702 },
  ZHAPower: { resource: 'sensors', cluster: 0x0b04 },
  ZHATime: { resource: 'sensors', cluster: 0x000a },
  // deCONZ names an air-quality sensor by the analog input its VOC reading comes from.
  ZHAAirQuality: { resource: 'sensors', cluster: 0x000c },
  ZHABattery: { resource: 'sensors', cluster: 0x0001 },
};

/**
 * Light-like exposes: the first row whose features are all present picks the type. `sees`: expose
 * types beside it on the endpoint whose features the type reads too (an AC interface's fan speeds
 * are its thermostat's `fanmode`, as deCONZ shows them).
 */
export const LIGHT_TYPE_RULES: ReadonlyArray<{ expose: string; features: readonly string[]; type: SubdeviceType; sees?: readonly string[] }> = [
  { expose: 'light', features: ['color_xy', 'color_temp'], type: 'Extended color light' },
  { expose: 'light', features: ['color_hs', 'color_temp'], type: 'Extended color light' },
  { expose: 'light', features: ['color_xy'], type: 'Color light' },
  { expose: 'light', features: ['color_hs'], type: 'Color light' },
  { expose: 'light', features: ['color_temp'], type: 'Color temperature light' },
  { expose: 'light', features: ['brightness'], type: 'Dimmable light' },
  { expose: 'light', features: ['state'], type: 'On/Off light' },
  { expose: 'switch', features: ['state'], type: 'On/Off plug-in unit' },
  { expose: 'cover', features: [], type: 'Window covering device' },
  { expose: 'fan', features: ['fan_mode'], type: 'Fan' },
  { expose: 'climate', features: [], type: 'ZHAThermostat', sees: ['fan'] },
];

/**
 * Sensor exposes by name. `action` is a keypad when its values are IAS ACE arm commands.
 * `notOnKeypad`: on a keypad the expose means something else and deCONZ presents no sensor for it
 * (the CentraLite 3400's `occupancy` is its proximity wake-up, someone standing at the keypad, not
 * room presence; deCONZ shows that keypad as ZHAAncillaryControl plus ZHATemperature).
 */
export interface SensorTypeRule {
  names: readonly string[];
  type: SubdeviceType;
  notOnKeypad?: true;
  /** A switch whose events are read its own way (gestures.ts); several may share one device. */
  role?: SwitchRole;
  /** Cluster of the uniqueid and of the endpoint lookup, where the type's own does not apply. */
  cluster?: number;
  /** No sub-device from this rule when one of these exposes is present (another rule covers it). */
  unless?: readonly string[];
  /** Exposes that belong to a sibling sub-device, so they add no items to this one. */
  without?: readonly string[];
  /**
   * Found on the endpoint that has the cluster on its client side (a switch module's on/off or
   * covering client), before one that serves it (the relay or motor of the same device).
   */
  client?: true;
}

/**
 * deCONZ presents a gesture cube as two switches: gestures on the multistate input endpoint
 * (uniqueid cluster 0x0012) and rotation on the analog input one (0x000c).
 */
export const SENSOR_TYPE_RULES: readonly SensorTypeRule[] = [
  { names: ['temperature'], type: 'ZHATemperature' },
  { names: ['humidity'], type: 'ZHAHumidity' },
  { names: ['pressure'], type: 'ZHAPressure' },
  { names: ['illuminance', 'illuminance_lux'], type: 'ZHALightLevel' },
  { names: ['occupancy', 'presence'], type: 'ZHAPresence', notOnKeypad: true },
  { names: ['contact'], type: 'ZHAOpenClose' },
  { names: ['water_leak'], type: 'ZHAWater' },
  { names: ['smoke'], type: 'ZHAFire' },
  { names: ['carbon_monoxide'], type: 'ZHACarbonMonoxide' },
  { names: ['alarm'], type: 'ZHAAlarm' },
  { names: ['vibration'], type: 'ZHAVibration' },
  { names: ['energy'], type: 'ZHAConsumption' },
  { names: ['voc', 'air_quality'], type: 'ZHAAirQuality' },
  { names: ['power'], type: 'ZHAPower' },
  { names: ['side'], type: 'ZHASwitch', role: 'cube', cluster: 0x0012, without: ['action_angle'] },
  { names: ['action_angle'], type: 'ZHASwitch', role: 'rotation', cluster: 0x000c, without: ['side'] },
  // A vibration sensor's `action` names what it felt (vibration, tilt, drop), a presence sensor's
  // the region someone entered: no button there.
  { names: ['action'], type: 'ZHASwitch', unless: ['side', 'action_angle', 'vibration', 'presence_event'], client: true },
  // A switch module whose inputs send no actions the converters name (ubisys' J1: its inputs drive
  // the covering through the client of endpoint 2), shown as deCONZ does, for its input mode.
  { names: ['input_actions'], type: 'ZHASwitch', unless: ['action'], cluster: 0x0102, client: true },
  // The device's own clock (keys the bridge adds for a genTime server, see the bridge's time-cluster.ts).
  { names: ['time_utc'], type: 'ZHATime' },
  // A rechargeable battery (Aqara's roller shade): its charge and whether it is charging.
  { names: ['charging_status'], type: 'ZHABattery' },
];

/** Action values that only a security keypad sends (IAS ACE arm / panic commands). */
export const KEYPAD_ACTIONS: ReadonlySet<string> = new Set(['disarm', 'arm_day_zones', 'arm_night_zones', 'arm_all_zones', 'panic', 'emergency', 'fire']);
