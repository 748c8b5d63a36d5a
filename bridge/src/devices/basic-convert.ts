import type { ItemValue } from '@herdgate/shared/mqtt';

/**
 * Converter state key -> deCONZ items (`config.x` for config items, `event.x` for momentary ones),
 * and the deCONZ button event scheme for converter `action` values. Pure data and small functions.
 */
type Pair = [string, ItemValue];
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const round = (v: number) => Math.round(v);

const COLOR_MODE: Record<string, string> = { xy: 'xy', color_temp: 'ct', hs: 'hs' };

/** deCONZ button events: button number * 1000 + 2 short release, 1 hold, 3 long release, 4 double. */
export const BUTTON_EVENTS: Record<string, number> = {
  single: 1002, double: 1004, hold: 1001, long: 1001, release: 1003, toggle: 1002, on: 1002,
  brightness_up_click: 2002, brightness_move_up: 2001, brightness_up_hold: 2001, brightness_up_release: 2003,
  brightness_down_click: 3002, brightness_move_down: 3001, brightness_down_hold: 3001, brightness_down_release: 3003,
  brightness_stop: 2003, off: 4002, arrow_left_click: 4002, arrow_right_click: 5002,
  arrow_left_hold: 4001, arrow_right_hold: 5001, arrow_left_release: 4003, arrow_right_release: 5003,
};

export const TO_ITEMS: Record<string, (value: unknown) => Pair[]> = {
  state: (v) => (v === 'ON' || v === 'OFF' ? [['on', v === 'ON']] : v === 'OPEN' || v === 'CLOSE' ? [['open', v === 'OPEN']] : []),
  brightness: (v) => [['bri', Math.min(255, round(num(v)))]],
  color_temp: (v) => [['ct', round(num(v))]],
  color_mode: (v) => (COLOR_MODE[String(v)] ? [['colormode', COLOR_MODE[String(v)]]] : []),
  color: (v) => {
    const c = v as { x?: number; y?: number; hue?: number; saturation?: number };
    const out: Pair[] = [];
    if (typeof c.x === 'number' && typeof c.y === 'number') out.push(['xy', [Number(c.x.toFixed(4)), Number(c.y.toFixed(4))]]);
    if (typeof c.hue === 'number') out.push(['hue', round((c.hue * 65535) / 360)]);
    if (typeof c.saturation === 'number') out.push(['sat', round((c.saturation * 255) / 100)]);
    return out;
  },
  // zigbee2mqtt position: 100 = open; deCONZ lift: 0 = open, 100 = closed.
  position: (v) => [['lift', 100 - round(num(v))], ['bri', round(((100 - num(v)) * 254) / 100)], ['open', num(v) > 0]],
  tilt: (v) => [['tilt', round(num(v))]],
  temperature: (v) => [['temperature', round(num(v) * 100)]],
  local_temperature: (v) => [['temperature', round(num(v) * 100)]],
  humidity: (v) => [['humidity', round(num(v) * 100)]],
  pressure: (v) => [['pressure', round(num(v))]],
  illuminance: (v) => [['lux', round(num(v))], ['lightlevel', round(10000 * Math.log10(num(v) + 1))]],
  illuminance_lux: (v) => [['lux', round(num(v))], ['lightlevel', round(10000 * Math.log10(num(v) + 1))]],
  occupancy: (v) => [['presence', Boolean(v)]],
  contact: (v) => [['open', !v]],
  water_leak: (v) => [['water', Boolean(v)]],
  smoke: (v) => [['fire', Boolean(v)]],
  vibration: (v) => [['vibration', Boolean(v)]],
  tamper: (v) => [['tampered', Boolean(v)]],
  battery_low: (v) => [['lowbattery', Boolean(v)]],
  battery: (v) => [['config.battery', round(num(v))]],
  power: (v) => [['power', round(num(v))]],
  voltage: (v) => [['voltage', round(num(v))]],
  current: (v) => [['current', round(num(v) * 1000)]],
  energy: (v) => [['consumption', round(num(v) * 1000)]],
  occupied_heating_setpoint: (v) => [['config.heatsetpoint', round(num(v) * 100)]],
  occupied_cooling_setpoint: (v) => [['config.coolsetpoint', round(num(v) * 100)]],
  system_mode: (v) => [['config.mode', String(v)]],
  running_state: (v) => [['heating', v === 'heat']],
  child_lock: (v) => [['config.locked', v === 'LOCK']],
  action: (v) => (BUTTON_EVENTS[String(v)] ? [['event.buttonevent', BUTTON_EVENTS[String(v)]]] : []),
};

/** REST command item -> converter keys and values. */
export const TO_CONVERTER: Record<string, (value: unknown) => Record<string, unknown>> = {
  on: (v) => ({ state: v ? 'ON' : 'OFF' }),
  toggle: (v) => (v ? { state: 'TOGGLE' } : {}),
  bri: (v) => ({ brightness: Math.min(254, num(v)) }),
  bri_inc: (v) => ({ brightness_step: num(v) }),
  ct: (v) => ({ color_temp: num(v) }),
  ct_inc: (v) => ({ color_temp_step: num(v) }),
  xy: (v) => ({ color: { x: (v as number[])[0], y: (v as number[])[1] } }),
  hue: (v) => ({ color: { hue: (num(v) * 360) / 65535 } }),
  sat: (v) => ({ color: { saturation: (num(v) * 100) / 255 } }),
  transitiontime: (v) => ({ transition: num(v) / 10 }),
  alert: (v) => (v === 'none' ? {} : { effect: v === 'select' ? 'blink' : 'breathe' }),
  effect: (v) => ({ effect: v === 'colorloop' ? 'colorloop' : 'stop_colorloop' }),
  open: (v) => ({ state: v ? 'OPEN' : 'CLOSE' }),
  stop: (v) => (v ? { state: 'STOP' } : {}),
  lift: (v) => (v === 'stop' ? { state: 'STOP' } : { position: 100 - num(v) }),
  tilt: (v) => ({ tilt: num(v) }),
  heatsetpoint: (v) => ({ occupied_heating_setpoint: num(v) / 100 }),
  coolsetpoint: (v) => ({ occupied_cooling_setpoint: num(v) / 100 }),
  mode: (v) => ({ system_mode: v }),
  locked: (v) => ({ child_lock: v ? 'LOCK' : 'UNLOCK' }),
};
