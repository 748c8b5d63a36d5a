import { GESTURE } from '@herdgate/shared/deconz';
import type { Subdevice } from '@herdgate/shared/mqtt';

/**
 * Item introspection (`GET /devices/<uniqueid>/<prefix>/<item>/introspect`): the data type and
 * range of an item, as data. The range here is the type's; an item bound to the device's own exposes
 * takes the range the bridge found in them (a sensitivity 0-2 or 0-4, a valve's setpoint limits),
 * and a light's `ct` its own mireds. `state/buttonevent` adds the device's real buttons and the
 * action of every event code, from the codes the bridge says the device can send.
 */
interface ItemType {
  type: string;
  minval?: number;
  maxval?: number;
}

const t = (type: string, minval?: number, maxval?: number): ItemType => ({ type, ...(minval === undefined ? {} : { minval, maxval }) });

const TYPES: Readonly<Record<string, ItemType>> = {
  'state/on': t('bool'),
  'state/reachable': t('bool'),
  'state/bri': t('uint8', 0, 255),
  'state/hue': t('uint16', 0, 65535),
  'state/sat': t('uint8', 0, 255),
  'state/ct': t('uint16', 153, 500),
  'state/xy': t('array'),
  'state/colormode': t('string'),
  'state/alert': t('string'),
  'state/effect': t('string'),
  'state/buttonevent': t('int32'),
  'state/action': t('string'),
  'state/temperature': t('int16', -27315, 32767),
  'state/humidity': t('uint16', 0, 10000),
  'state/pressure': t('int16', 0, 32767),
  'state/lightlevel': t('uint16', 0, 65535),
  'state/lux': t('uint32', 0, 4294967295),
  'state/dark': t('bool'),
  'state/daylight': t('bool'),
  'state/presence': t('bool'),
  'state/open': t('bool'),
  'state/water': t('bool'),
  'state/fire': t('bool'),
  'state/alarm': t('bool'),
  'state/vibration': t('bool'),
  'state/tampered': t('bool'),
  'state/lowbattery': t('bool'),
  'state/lift': t('uint8', 0, 100),
  'state/tilt': t('uint8', 0, 100),
  'state/consumption': t('uint64'),
  'state/power': t('int16', -32768, 32767),
  'state/voltage': t('uint16', 0, 65535),
  'state/current': t('uint16', 0, 65535),
  'state/valve': t('uint8', 0, 255),
  'state/lastupdated': t('time'),
  'config/battery': t('uint8', 0, 100),
  'config/reachable': t('bool'),
  'config/on': t('bool'),
  'config/heatsetpoint': t('int16', 500, 3200),
  'config/coolsetpoint': t('int16', 700, 3500),
  'config/mode': t('string'),
  'config/fanmode': t('string'),
  'config/offset': t('int16', -500, 500),
  'config/locked': t('bool'),
  'config/duration': t('uint16', 0, 65535),
  'config/delay': t('uint16', 0, 65535),
  'config/sensitivity': t('uint8', 0, 255),
  'config/sensitivitymax': t('uint8', 0, 255),
  'config/tholddark': t('uint16', 0, 65534),
  'config/tholdoffset': t('uint16', 1, 65534),
  'config/ledindication': t('bool'),
  'config/usertest': t('bool'),
  'config/displayflipped': t('bool'),
  'config/externalsensortemp': t('int16', -27315, 32767),
  'attr/name': t('string'),
  'attr/manufacturername': t('string'),
  'attr/modelid': t('string'),
  'attr/swversion': t('string'),
  'attr/type': t('string'),
  'attr/uniqueid': t('string'),
  'attr/id': t('string'),
  'attr/lastseen': t('time'),
  'attr/lastannounced': t('time'),
};

/** Gesture number → deCONZ action name (`SHORT_RELEASE`…). */
const ACTIONS = new Map<number, string>(Object.entries(GESTURE).map(([name, code]) => [code, name.toUpperCase()]));

function buttonsOf(codes: readonly number[]): { buttons: Record<string, { name: string }>; values: Record<string, { button: number; action: string }> } {
  const buttons: Record<string, { name: string }> = {};
  const values: Record<string, { button: number; action: string }> = {};
  for (const code of codes) {
    const button = Math.floor(code / 1000);
    buttons[String(button)] = { name: `Button ${button}` };
    values[String(code)] = { button, action: ACTIONS.get(code % 1000) ?? 'UNKNOWN' };
  }
  return { buttons, values };
}

/** The introspection of `key` (`state/bri`) on the given sub-devices; undefined when none has it. */
export function introspectItem(key: string, subs: readonly Subdevice[]): Record<string, unknown> | undefined {
  const [prefix, name] = key.split('/');
  const owner = subs.find((sub) => prefix === 'attr' || (prefix === 'state' ? sub.state : sub.config).includes(name));
  const type = TYPES[key];
  if (!owner || !type) return undefined;
  if (key === 'state/ct' && owner.capabilities?.ct) return { type: type.type, minval: owner.capabilities.ct.min, maxval: owner.capabilities.ct.max };
  if (key === 'state/buttonevent') return { ...type, ...buttonsOf(owner.buttonevents ?? []) };
  const range = prefix === 'attr' ? undefined : owner.ranges?.[name!];
  if (range) return { type: type.type, minval: range.min ?? type.minval, maxval: range.max ?? type.maxval };
  return { ...type };
}
