import type { DeviceDescription, Subdevice } from '@herdgate/shared/mqtt';

/** The Matter device types herdgate bridges, one per deCONZ sub-device type that has a Matter twin. */
export type MatterKind =
  | 'onoff-light'
  | 'dimmable-light'
  | 'ct-light'
  | 'color-light'
  | 'plug'
  | 'cover'
  | 'thermostat'
  | 'contact'
  | 'occupancy'
  | 'temperature'
  | 'humidity'
  | 'light-level'
  | 'water-leak'
  | 'smoke'
  | 'co';

const BY_TYPE: Partial<Record<Subdevice['type'], MatterKind>> = {
  'On/Off light': 'onoff-light',
  'Dimmable light': 'dimmable-light',
  'Color temperature light': 'ct-light',
  // Matter has no colour light without colour temperature: an xy/hs lamp shows as extended colour.
  'Color light': 'color-light',
  'Extended color light': 'color-light',
  'On/Off plug-in unit': 'plug',
  'Window covering device': 'cover',
  ZHAThermostat: 'thermostat',
  ZHAOpenClose: 'contact',
  ZHAPresence: 'occupancy',
  ZHATemperature: 'temperature',
  ZHAHumidity: 'humidity',
  ZHALightLevel: 'light-level',
  ZHAWater: 'water-leak',
  ZHAFire: 'smoke',
  ZHACarbonMonoxide: 'co',
};

/** One bridged Matter endpoint: what it is, which Zigbee endpoint it drives, what it is called. */
export interface BridgedSpec {
  /** The matter.js endpoint id: derived from the deCONZ uniqueid (IEEE, endpoint, cluster), never renumbered. */
  id: string;
  kind: MatterKind;
  ieee: string;
  endpoint: number;
  uniqueid: string;
  /** Covers: the device takes a tilt as well as a lift. */
  tilt?: boolean;
  /** Colour temperature range in mireds, for ct and colour lights. */
  ct?: { min: number; max: number };
}

/** The endpoint id for a uniqueid: matter.js keeps the endpoint number per id, so controllers keep rooms. */
export const endpointIdFor = (uniqueid: string): string => `zb_${uniqueid.replace(/[:-]/g, '_')}`;

export function kindOf(subdevice: Subdevice): MatterKind | undefined {
  return BY_TYPE[subdevice.type];
}

/** The bridged endpoints a device presents: none before a successful interview or without a definition. */
export function specsFor(device: DeviceDescription): BridgedSpec[] {
  if (!device.supported || device.interview !== 'successful') return [];
  const specs: BridgedSpec[] = [];
  for (const subdevice of device.subdevices) {
    const kind = kindOf(subdevice);
    if (!kind) continue;
    const ct = kind === 'ct-light' || kind === 'color-light' ? (subdevice.capabilities?.ct ?? { min: 153, max: 500 }) : undefined;
    const tilt = kind === 'cover' && subdevice.state.includes('tilt');
    specs.push({
      id: endpointIdFor(subdevice.uniqueid),
      kind,
      ieee: device.ieee,
      endpoint: subdevice.endpoint,
      uniqueid: subdevice.uniqueid,
      ...(ct ? { ct } : {}),
      ...(tilt ? { tilt } : {}),
    });
  }
  return specs;
}
