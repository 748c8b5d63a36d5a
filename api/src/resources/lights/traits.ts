import type { LightCapabilities, SubdeviceType } from '@herdgate/shared/mqtt';

/**
 * What a light of each deCONZ type can do, as data: the deCONZ defaults per type, refined by the
 * capabilities the bridge read from the device's converter definition when it sent them
 * (`colorcapabilities` bits: 0 hue/sat, 1 enhanced hue, 2 colour loop, 3 xy, 4 ct).
 */
export interface LightTraits {
  /** `state` items a client may set on this type; anything else is error 6. */
  commands: readonly string[];
  colorcapabilities: number;
  ct?: { min: number; max: number };
  colormodes: readonly string[];
  effects: readonly string[];
  alerts: readonly string[];
}

const ALERTS = ['none', 'select', 'lselect'] as const;
const SWITCH = ['on', 'toggle', 'alert'] as const;
const DIM = [...SWITCH, 'bri', 'bri_inc', 'transitiontime'] as const;
const CT = [...DIM, 'ct', 'ct_inc'] as const;
const COLOR = [...CT, 'xy', 'hue', 'sat', 'effect', 'colorloopspeed'] as const;
const COVER = ['open', 'stop', 'lift', 'tilt', 'bri', 'bri_inc', 'on', 'sat'] as const;
const HUE_CT = { min: 153, max: 500 };

export const LIGHT_TRAITS: Readonly<Partial<Record<SubdeviceType, LightTraits>>> = {
  'Extended color light': {
    commands: COLOR,
    colorcapabilities: 0x1f,
    ct: HUE_CT,
    colormodes: ['ct', 'effect', 'hs', 'xy'],
    effects: ['none', 'colorloop'],
    alerts: ALERTS,
  },
  'Color light': { commands: COLOR, colorcapabilities: 0x0f, ct: HUE_CT, colormodes: ['effect', 'hs', 'xy'], effects: ['none', 'colorloop'], alerts: ALERTS },
  'Color temperature light': { commands: CT, colorcapabilities: 0x10, ct: HUE_CT, colormodes: ['ct'], effects: [], alerts: ALERTS },
  'Dimmable light': { commands: DIM, colorcapabilities: 0, colormodes: [], effects: [], alerts: ALERTS },
  'On/Off light': { commands: SWITCH, colorcapabilities: 0, colormodes: [], effects: [], alerts: ALERTS },
  'On/Off plug-in unit': { commands: SWITCH, colorcapabilities: 0, colormodes: [], effects: [], alerts: ALERTS },
  'Window covering device': { commands: COVER, colorcapabilities: 0, colormodes: [], effects: [], alerts: [] },
  'Window covering controller': { commands: COVER, colorcapabilities: 0, colormodes: [], effects: [], alerts: [] },
  Fan: { commands: ['on', 'speed'], colorcapabilities: 0, colormodes: [], effects: [], alerts: [] },
};

/** Types shown as lights but whose commands are not light commands (no `on` in groups' sense). */
export const COVER_TYPES: ReadonlySet<string> = new Set(['Window covering device', 'Window covering controller']);

/** The type's defaults, refined by the device's real capabilities when the bridge knows them. */
export function traitsOf(type: SubdeviceType, capabilities?: LightCapabilities): LightTraits {
  const defaults = LIGHT_TRAITS[type] ?? LIGHT_TRAITS['On/Off light']!;
  if (!capabilities || defaults.colormodes.length === 0) return defaults;
  const modes = capabilities.colormodes;
  const loop = capabilities.effects.includes('colorloop');
  const bits = (modes.includes('hs') ? 0x03 : 0) | (loop ? 0x04 : 0) | (modes.includes('xy') ? 0x08 : 0) | (modes.includes('ct') ? 0x10 : 0);
  return {
    ...defaults,
    colorcapabilities: bits,
    ct: capabilities.ct ?? (modes.includes('ct') ? defaults.ct : undefined),
    colormodes: [...modes, ...(loop ? ['effect'] : [])].sort(),
    effects: capabilities.effects.length > 0 ? capabilities.effects : defaults.effects,
  };
}
