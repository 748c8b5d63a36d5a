import type { SubdeviceType } from '../mqtt/schemas/device';
import type { ConverterState } from './expose';
import { readKeyOf, writeBound, type ItemBinding } from './bindings';
import { FAN_SPEEDS, clamp, hueToDegrees, invertPercent, satToPercent } from './values';

/** What a deCONZ command becomes: converter payloads to send in order, and what was not mapped. */
export interface ConverterCommand {
  payloads: ConverterState[];
  /** Command items that went out, in the order of the payloads. */
  sent: string[];
  /** Command items this sub-device type cannot carry (the bridge answers not_supported). */
  unsupported: string[];
  /** Items the device has but whose value it cannot take (out of its range, not one of its modes). */
  invalid?: Array<{ item: string; reason: string }>;
}

type Command = Record<string, unknown>;
type Writer = (command: Command, out: ConverterState) => void;

// deCONZ alert values as Identify effects; deCONZ effect values as colour loop start/stop.
const ALERT_EFFECTS: Readonly<Record<string, string>> = { select: 'blink', lselect: 'breathe', none: 'stop_effect' };
const LOOP_EFFECTS: Readonly<Record<string, string>> = { colorloop: 'colorloop', none: 'stop_colorloop' };

/** One writer per command item, for lights; `transitiontime` is applied to every payload. */
const ON_OFF_WRITERS: Readonly<Record<string, Writer>> = {
  on: (c, out) => (out.state = c.on ? 'ON' : 'OFF'),
  toggle: (c, out) => c.toggle === true && (out.state = 'TOGGLE'),
};
const DIMMABLE_WRITERS: Readonly<Record<string, Writer>> = {
  ...ON_OFF_WRITERS,
  // bri 0 means minimum, not off, in deCONZ; the converters turn off at 0.
  bri: (c, out) => (out.brightness = clamp(c.bri as number, 1, 254)),
  bri_inc: (c, out) => (out.brightness_step = c.bri_inc),
};
const CT_WRITERS: Readonly<Record<string, Writer>> = {
  ...DIMMABLE_WRITERS,
  ct: (c, out) => (out.color_temp = c.ct),
  ct_inc: (c, out) => (out.color_temp_step = c.ct_inc),
};
const COLOR_WRITERS: Readonly<Record<string, Writer>> = {
  ...DIMMABLE_WRITERS,
  xy: (c, out) => {
    const [x, y] = c.xy as [number, number];
    out.color = { x, y };
  },
  hue: (c, out) => (out.color = { ...(out.color as object), hue: hueToDegrees(c.hue as number) }),
  sat: (c, out) => (out.color = { ...(out.color as object), saturation: satToPercent(c.sat as number) }),
  effect: (c, out) => (out.effect = LOOP_EFFECTS[c.effect as string]),
  // The loop's period in seconds (ZCL colorLoopTime), read by the bridge's colour loop converter.
  colorloopspeed: (c, out) => (out.colorloop_speed = c.colorloopspeed),
};
const EXTENDED_WRITERS: Readonly<Record<string, Writer>> = { ...COLOR_WRITERS, ...CT_WRITERS };

/** Window coverings, including the deprecated bri/on/sat/bri_inc forms older clients send. */
const COVER_WRITERS: Readonly<Record<string, Writer>> = {
  open: (c, out) => (out.state = c.open ? 'OPEN' : 'CLOSE'),
  stop: (c, out) => c.stop === true && (out.state = 'STOP'),
  lift: (c, out) => (c.lift === 'stop' ? (out.state = 'STOP') : (out.position = invertPercent(c.lift as number))),
  tilt: (c, out) => (out.tilt = invertPercent(c.tilt as number)),
  bri: (c, out) => (c.bri === 'stop' ? (out.state = 'STOP') : (out.position = invertPercent(Math.round(((c.bri as number) * 100) / 254)))),
  bri_inc: (c, out) => c.bri_inc === 0 && (out.state = 'STOP'),
  on: (c, out) => (out.state = c.on ? 'CLOSE' : 'OPEN'),
  sat: (c, out) => (out.tilt = invertPercent(Math.round(((c.sat as number) * 100) / 254))),
};

/** Fans: `speed` 0-6 is the fan mode; `on` switches to mode "on" or "off". */
const FAN_WRITERS: Readonly<Record<string, Writer>> = {
  on: (c, out) => (out.fan_mode = c.on ? 'on' : 'off'),
  speed: (c, out) => (out.fan_mode = FAN_SPEEDS[c.speed as number]),
};

const PRESENCE_WRITERS: Readonly<Record<string, Writer>> = {
  duration: (c, out) => (out.occupancy_timeout = c.duration),
  delay: (c, out) => (out.occupancy_timeout = c.delay),
  ledindication: (c, out) => (out.led_indication = c.ledindication),
};

const WRITERS_BY_TYPE: Partial<Record<SubdeviceType, Readonly<Record<string, Writer>>>> = {
  'Extended color light': EXTENDED_WRITERS,
  'Color light': COLOR_WRITERS,
  'Color temperature light': CT_WRITERS,
  'Dimmable light': DIMMABLE_WRITERS,
  'On/Off light': ON_OFF_WRITERS,
  'On/Off plug-in unit': ON_OFF_WRITERS,
  'Window covering device': COVER_WRITERS,
  'Window covering controller': COVER_WRITERS,
  Fan: FAN_WRITERS,
  ZHAPresence: PRESENCE_WRITERS,
};

/** deCONZ precedence: toggle over on, bri over bri_inc, xy over ct over ct_inc over hue/sat. */
const SUPERSEDED_BY: Readonly<Record<string, readonly string[]>> = {
  on: ['toggle', 'speed'],
  bri_inc: ['bri'],
  ct: ['xy'],
  ct_inc: ['xy', 'ct'],
  hue: ['xy', 'ct', 'ct_inc'],
  sat: ['xy', 'ct', 'ct_inc'],
};

const IGNORED = new Set(['transaction', 'transitiontime']);
/** Lights take `alert` (identify) and `transitiontime`; each type only the items it can carry. */
const LIGHT_TYPES = new Set<SubdeviceType>([
  'Extended color light',
  'Color light',
  'Color temperature light',
  'Dimmable light',
  'On/Off light',
  'On/Off plug-in unit',
]);

/**
 * A deCONZ command (the REST / MQTT set vocabulary, already validated) -> converter payloads for
 * one sub-device type. `alert` goes in its own payload when `effect` is also set, since both
 * become the converters' `effect` key. `state`: the device's converter state, for items written
 * against what the device holds.
 */
export function toConverterCommand(
  type: SubdeviceType,
  command: Command,
  bindings?: Readonly<Record<string, ItemBinding>>,
  state?: ConverterState,
): ConverterCommand {
  const writers = WRITERS_BY_TYPE[type] ?? {};
  const main: ConverterState = {};
  const result: ConverterCommand = { payloads: [], sent: [], unsupported: [] };
  let alert: ConverterState | undefined;
  const schedules: ConverterState[] = [];
  /** Converter key -> the item that set it (two items may share one: a Tuya valve's preset and schedule_on). */
  const setBy: Record<string, string> = {};
  for (const key of Object.keys(command)) {
    if (IGNORED.has(key)) continue;
    if (key === 'alert' && LIGHT_TYPES.has(type)) {
      alert = { effect: ALERT_EFFECTS[command.alert as string] };
      result.sent.push(key);
      continue;
    }
    const binding = bindings?.[key];
    if (binding) {
      const written = writeBound(binding, command[key], state?.[readKeyOf(binding.map)]);
      if (written.ok && 'payloads' in written) {
        // One command per group of days: each its own payload, after the other items.
        schedules.push(...written.payloads);
        result.sent.push(key);
      } else if (written.ok && setBy[written.key] !== undefined && JSON.stringify(main[written.key]) !== JSON.stringify(written.value)) {
        // The device would take only one of them; answering both as set would be untrue.
        (result.invalid ??= []).push({ item: key, reason: `sets the same device setting as ${setBy[written.key]} in this write, to another value` });
      } else if (written.ok) {
        main[written.key] = written.value;
        setBy[written.key] ??= key;
        result.sent.push(key);
      } else (result.invalid ??= []).push({ item: key, reason: written.reason });
      continue;
    }
    const writer = writers[key];
    // `"stop"` is a value only coverings take (deprecated `bri: "stop"`); a lamp cannot carry it.
    if (!writer || (command[key] === 'stop' && writers !== COVER_WRITERS)) {
      result.unsupported.push(key);
      continue;
    }
    const winners = SUPERSEDED_BY[key] ?? [];
    if (winners.some((winner) => winner in command && winner in writers)) continue;
    writer(command, main);
    result.sent.push(key);
  }
  // The converters move lift and tilt with one converter that takes one key per call: the tilt
  // goes in a payload of its own, or it would never be sent beside a position.
  if ('tilt' in main && Object.keys(main).length > 1) {
    const { tilt, ...rest } = main;
    result.payloads.push({ tilt });
    for (const key of Object.keys(main)) delete main[key];
    Object.assign(main, rest);
  }
  if (Object.keys(main).length > 0) {
    if (typeof command.transitiontime === 'number' && LIGHT_TYPES.has(type)) {
      main.transition = command.transitiontime / 10;
      result.sent.push('transitiontime');
    }
    result.payloads.push(main);
  }
  result.payloads.push(...schedules);
  if (alert) {
    if (result.payloads.length > 0 && 'effect' in main) result.payloads.push(alert);
    else if (result.payloads.length > 0) Object.assign(main, alert);
    else result.payloads.push(alert);
  }
  return result;
}
