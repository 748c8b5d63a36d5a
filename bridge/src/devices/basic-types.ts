import type { SubdeviceType } from '@herdgate/shared/mqtt';

/**
 * What each deCONZ sub-device type presents: its REST collection, the cluster named in sensor
 * uniqueids, its state and config items and which set-command items it accepts. Data, not
 * branches: a new type is a new row.
 */
export interface TypeRow {
  resource: 'lights' | 'sensors';
  cluster: number;
  state: string[];
  config: string[];
  accepts: string[];
}

const LIGHT_BASE = ['on', 'reachable', 'alert'];
const LIGHT_CMDS = ['on', 'toggle', 'transitiontime', 'alert'];
const DIM_CMDS = [...LIGHT_CMDS, 'bri', 'bri_inc'];
const CT_CMDS = [...DIM_CMDS, 'ct', 'ct_inc'];
const COLOR_CMDS = [...DIM_CMDS, 'xy', 'hue', 'sat', 'effect'];
const SENSOR_CONFIG = ['on', 'reachable', 'battery'];

export const TYPE_ROWS: Partial<Record<SubdeviceType, TypeRow>> = {
  'Extended color light': { resource: 'lights', cluster: 0x0300, state: [...LIGHT_BASE, 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'effect'], config: [], accepts: [...COLOR_CMDS, 'ct', 'ct_inc'] },
  'Color light': { resource: 'lights', cluster: 0x0300, state: [...LIGHT_BASE, 'bri', 'xy', 'hue', 'sat', 'colormode', 'effect'], config: [], accepts: COLOR_CMDS },
  'Color temperature light': { resource: 'lights', cluster: 0x0300, state: [...LIGHT_BASE, 'bri', 'ct', 'colormode'], config: [], accepts: CT_CMDS },
  'Dimmable light': { resource: 'lights', cluster: 0x0008, state: [...LIGHT_BASE, 'bri'], config: [], accepts: DIM_CMDS },
  'On/Off light': { resource: 'lights', cluster: 0x0006, state: LIGHT_BASE, config: [], accepts: LIGHT_CMDS },
  'On/Off plug-in unit': { resource: 'lights', cluster: 0x0006, state: LIGHT_BASE, config: [], accepts: LIGHT_CMDS },
  'Window covering device': { resource: 'lights', cluster: 0x0102, state: ['on', 'reachable', 'open', 'lift', 'tilt', 'bri'], config: [], accepts: ['open', 'stop', 'lift', 'tilt'] },
  ZHATemperature: { resource: 'sensors', cluster: 0x0402, state: ['temperature'], config: [...SENSOR_CONFIG, 'offset'], accepts: [] },
  ZHAHumidity: { resource: 'sensors', cluster: 0x0405, state: ['humidity'], config: [...SENSOR_CONFIG, 'offset'], accepts: [] },
  ZHAPressure: { resource: 'sensors', cluster: 0x0403, state: ['pressure'], config: SENSOR_CONFIG, accepts: [] },
  ZHALightLevel: { resource: 'sensors', cluster: 0x0400, state: ['lux', 'lightlevel', 'dark', 'daylight'], config: [...SENSOR_CONFIG, 'tholddark', 'tholdoffset'], accepts: [] },
  ZHAPresence: { resource: 'sensors', cluster: 0x0406, state: ['presence'], config: [...SENSOR_CONFIG, 'duration', 'delay'], accepts: [] },
  ZHAOpenClose: { resource: 'sensors', cluster: 0x0500, state: ['open', 'lowbattery', 'tampered'], config: SENSOR_CONFIG, accepts: [] },
  ZHAWater: { resource: 'sensors', cluster: 0x0500, state: ['water', 'lowbattery', 'tampered'], config: SENSOR_CONFIG, accepts: [] },
  ZHAFire: { resource: 'sensors', cluster: 0x0500, state: ['fire', 'lowbattery', 'tampered'], config: SENSOR_CONFIG, accepts: [] },
  ZHAVibration: { resource: 'sensors', cluster: 0x0101, state: ['vibration'], config: SENSOR_CONFIG, accepts: [] },
  ZHASwitch: { resource: 'sensors', cluster: 0x0006, state: ['buttonevent'], config: SENSOR_CONFIG, accepts: [] },
  ZHAThermostat: { resource: 'sensors', cluster: 0x0201, state: ['on', 'temperature', 'heating'], config: [...SENSOR_CONFIG, 'heatsetpoint', 'coolsetpoint', 'mode', 'locked'], accepts: ['heatsetpoint', 'coolsetpoint', 'mode', 'locked'] },
  ZHAPower: { resource: 'sensors', cluster: 0x0b04, state: ['power', 'voltage', 'current'], config: SENSOR_CONFIG, accepts: [] },
  ZHAConsumption: { resource: 'sensors', cluster: 0x0702, state: ['consumption', 'power'], config: SENSOR_CONFIG, accepts: [] },
};

/** Converter exposes -> sub-device type. Light type depends on its features (first match wins). */
export const LIGHT_BY_FEATURE: Array<[string[], SubdeviceType]> = [
  [['color_xy', 'color_temp'], 'Extended color light'],
  [['color_hs', 'color_temp'], 'Extended color light'],
  [['color_xy'], 'Color light'],
  [['color_hs'], 'Color light'],
  [['color_temp'], 'Color temperature light'],
  [['brightness'], 'Dimmable light'],
  [[], 'On/Off light'],
];

/** Expose type (composite) or property (plain) -> sub-device type. */
export const EXPOSE_TYPES: Record<string, SubdeviceType> = {
  switch: 'On/Off plug-in unit',
  cover: 'Window covering device',
  climate: 'ZHAThermostat',
  temperature: 'ZHATemperature',
  humidity: 'ZHAHumidity',
  pressure: 'ZHAPressure',
  illuminance: 'ZHALightLevel',
  illuminance_lux: 'ZHALightLevel',
  occupancy: 'ZHAPresence',
  contact: 'ZHAOpenClose',
  water_leak: 'ZHAWater',
  smoke: 'ZHAFire',
  vibration: 'ZHAVibration',
  action: 'ZHASwitch',
  power: 'ZHAPower',
  energy: 'ZHAConsumption',
};
