import type { Dict, GatewayState } from '../state/types';

/** Something a rule action or schedule command can address, with the bodies offered for it. */
export interface Target {
  /** The address the command goes to: `/lights/3/state`, `/groups/2/action`, `/groups/2/scenes/1/recall`. */
  address: string;
  label: string;
  kind: 'light' | 'group' | 'scene' | 'cover';
}

export type Preset = 'on' | 'off' | 'toggle' | 'bri' | 'recall' | 'open' | 'close';

export const PRESET_LABELS: Record<Preset, string> = {
  on: 'Switch on',
  off: 'Switch off',
  toggle: 'Toggle',
  bri: 'Set brightness',
  recall: 'Recall',
  open: 'Open',
  close: 'Close',
};

export function presetsFor(target: Target | undefined): Preset[] {
  if (!target) return [];
  if (target.kind === 'scene') return ['recall'];
  if (target.kind === 'cover') return ['open', 'close'];
  return target.kind === 'group' ? ['on', 'off', 'toggle', 'bri'] : ['on', 'off', 'bri'];
}

export function bodyFor(preset: Preset, bri: number): Dict {
  switch (preset) {
    case 'on':
      return { on: true };
    case 'off':
      return { on: false };
    case 'toggle':
      return { toggle: true };
    case 'bri':
      return { on: true, bri };
    case 'open':
      return { open: true };
    case 'close':
      return { open: false };
    default:
      return {};
  }
}

/** The preset a stored body corresponds to, if any (else the editor shows it as custom JSON). */
export function presetOf(body: Dict): { preset: Preset; bri: number } | undefined {
  const keys = Object.keys(body).sort().join(',');
  if (keys === 'on') return { preset: body.on ? 'on' : 'off', bri: 254 };
  if (keys === 'toggle' && body.toggle === true) return { preset: 'toggle', bri: 254 };
  if (keys === 'bri,on' && body.on === true && typeof body.bri === 'number') return { preset: 'bri', bri: body.bri };
  if (keys === 'open') return { preset: body.open ? 'open' : 'close', bri: 254 };
  if (keys === '') return { preset: 'recall', bri: 254 };
  return undefined;
}

export function targetsOf(state: GatewayState): Target[] {
  const targets: Target[] = [];
  for (const [id, light] of Object.entries(state.lights)) {
    targets.push({ address: `/lights/${id}/state`, label: `Light: ${light.name}`, kind: /window covering/i.test(light.type) ? 'cover' : 'light' });
  }
  for (const [id, group] of Object.entries(state.groups)) {
    targets.push({ address: `/groups/${id}/action`, label: `Room: ${group.name}`, kind: 'group' });
    for (const scene of group.scenes ?? [])
      targets.push({ address: `/groups/${id}/scenes/${scene.id}/recall`, label: `Scene: ${group.name} · ${scene.name}`, kind: 'scene' });
  }
  return targets;
}

/** A rule condition's possible subjects: `/sensors/5`, `/lights/3`, `/groups/2`, `/alarmsystems/1`, `/config`. */
export interface Subject {
  resource: string;
  label: string;
  /** `state/buttonevent`, `config/on`, or `localtime` for the gateway clock. */
  attributes: string[];
}

/** What each sensor type reports, so a picker offers it before the first report arrives. */
const TYPE_ITEMS: Record<string, string[]> = {
  ZHASwitch: ['buttonevent'],
  ZHAPresence: ['presence'],
  ZHAOpenClose: ['open'],
  ZHATemperature: ['temperature'],
  ZHAHumidity: ['humidity'],
  ZHALightLevel: ['lightlevel', 'dark', 'daylight'],
  ZHAWater: ['water'],
  ZHAFire: ['fire'],
  ZHAVibration: ['vibration'],
  ZHAAlarm: ['alarm'],
  ZHACarbonMonoxide: ['carbonmonoxide'],
  Daylight: ['daylight', 'status'],
};

/** A sensor type as people say it, beside the sensor's name. */
const TYPE_WORDS: Record<string, string> = {
  ZHASwitch: 'switch',
  ZHAPresence: 'motion sensor',
  ZHAOpenClose: 'door or window',
  ZHATemperature: 'thermometer',
  ZHAHumidity: 'humidity',
  ZHALightLevel: 'light level',
  ZHAWater: 'water leak',
  ZHAFire: 'smoke detector',
  ZHAVibration: 'vibration',
  ZHAAlarm: 'alarm',
  ZHACarbonMonoxide: 'carbon monoxide',
  ZHAThermostat: 'thermostat',
  ZHAPressure: 'pressure',
  ZHAPower: 'power',
  ZHAConsumption: 'energy',
  Daylight: 'daylight',
  ZHAAncillaryControl: 'keypad',
  ZHAAirQuality: 'air quality',
  ZHABattery: 'battery',
};

const itemsOf = (resource: { type?: string; state?: Dict; config?: Dict }) => [
  ...new Set([
    ...(TYPE_ITEMS[resource.type ?? ''] ?? []).map((k) => `state/${k}`),
    ...Object.keys(resource.state ?? {}).map((k) => `state/${k}`),
    ...Object.keys(resource.config ?? {}).map((k) => `config/${k}`),
  ]),
];

export function subjectsOf(state: GatewayState): Subject[] {
  const subjects: Subject[] = [];
  // Devices' sensors first, the gateway's own (Daylight, CLIP) after them.
  const sensors = Object.entries(state.sensors).sort(([, a], [, b]) => Number(!a.type.startsWith('ZHA')) - Number(!b.type.startsWith('ZHA')));
  for (const [id, sensor] of sensors) {
    const kind = TYPE_WORDS[sensor.type] ?? sensor.type.replace(/^(ZHA|CLIP)/, '').toLowerCase();
    subjects.push({
      resource: `/sensors/${id}`,
      label: sensor.name.toLowerCase() === kind ? sensor.name : `${sensor.name} (${kind})`,
      attributes: itemsOf(sensor),
    });
  }
  for (const [id, light] of Object.entries(state.lights))
    subjects.push({ resource: `/lights/${id}`, label: `${light.name} (light)`, attributes: itemsOf({ state: light.state as Dict }) });
  for (const [id, group] of Object.entries(state.groups))
    subjects.push({ resource: `/groups/${id}`, label: `${group.name} (room)`, attributes: ['state/any_on', 'state/all_on'] });
  for (const [id, alarm] of Object.entries(state.alarmsystems))
    subjects.push({ resource: `/alarmsystems/${id}`, label: `${alarm.name} (alarm system)`, attributes: ['state/armstate'] });
  subjects.push({ resource: '/config', label: 'The clock', attributes: ['localtime'] });
  return subjects;
}
