import type { Definition } from 'zigbee-herdsman-converters';
import { fromZigbee as legacy } from 'zigbee-herdsman-converters/lib/legacy';
import type { ExposeJson } from './types';

/**
 * Keys a converter reports that the definitions using it leave out of their exposes, yet deCONZ
 * shows: the Tuya radiator valves' converter turns data point 21 into `battery` (percent), while
 * their definition (TS0601_thermostat) exposes only `battery_low`; deCONZ shows the charge as
 * `config.battery`. Found by the converter a definition uses, never by its model.
 */
type FzConverter = Definition['fromZigbee'][number];

const UNEXPOSED: ReadonlyArray<{ converter: FzConverter; exposes: readonly ExposeJson[] }> = [
  {
    converter: legacy.tuya_thermostat as FzConverter,
    exposes: [{ type: 'numeric', name: 'battery', property: 'battery', access: 1, unit: '%', value_min: 0, value_max: 100 }],
  },
];

/** Exposes for the keys the definition's converters report and its own exposes lack. */
export function unexposedKeyExposes(definition: Definition, own: readonly ExposeJson[]): ExposeJson[] {
  const named = new Set(own.map((expose) => expose.name ?? expose.property));
  return UNEXPOSED.filter(({ converter }) => definition.fromZigbee.includes(converter))
    .flatMap(({ exposes }) => exposes)
    .filter((expose) => !named.has(expose.name));
}
