import type { Services } from '../../context';

/** What the alarm system needs to know about a device before taking it as a member. */
export interface DeviceKind {
  /** Keypads and keyfobs join with `{}` and show armmask `none`. */
  keypad: boolean;
  /** The trigger used when the request names none; undefined when the type has no natural one. */
  defaultTrigger?: string;
  /** Trigger items this device really has. */
  triggers: readonly string[];
}

/** Default trigger per sensor type, Zigbee (`ZHA…`) and CLIP alike (data, not model checks). */
const SENSOR_TRIGGERS: Readonly<Record<string, string>> = {
  OpenClose: 'state/open',
  Presence: 'state/presence',
  Vibration: 'state/vibration',
  Switch: 'state/buttonevent',
  AncillaryControl: 'state/action',
};

const KEYPAD_TYPES = new Set(['AncillaryControl']);
const baseType = (type: string) => type.replace(/^(ZHA|CLIP)/, '');

/** A sensor or light by uniqueid, as a prospective member; undefined when there is none. */
export function deviceKind(services: Services, uniqueid: string): DeviceKind | undefined {
  const sensor = uniqueid.length >= 26 ? services.sensors.get(uniqueid) : undefined;
  if (sensor && sensor.uniqueid === uniqueid) {
    // A sensor that has not reported yet shows no items: its type's own trigger still counts.
    const defaultTrigger = SENSOR_TRIGGERS[baseType(sensor.type)];
    const triggers = Object.keys(sensor.state).map((item) => `state/${item}`);
    if (defaultTrigger && !triggers.includes(defaultTrigger)) triggers.push(defaultTrigger);
    return { keypad: KEYPAD_TYPES.has(baseType(sensor.type)), defaultTrigger, triggers };
  }
  const light = services.lights.get(uniqueid);
  if (light && light.row.uniqueid === uniqueid) return { keypad: false, defaultTrigger: 'state/on', triggers: ['state/on'] };
  return undefined;
}
