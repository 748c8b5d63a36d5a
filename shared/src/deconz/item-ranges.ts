import type { ItemRange } from '../mqtt/schemas/device';
import type { ItemBinding } from './bindings';

/**
 * The numeric range of every bound item of a sub-device, in deCONZ units, from its device's own
 * exposes: a thermostat's setpoint limits, a sensitivity's highest level (what `sensitivitymax`
 * shows). The published description carries them, so the api describes an item's range as the
 * device takes it rather than as one constant for every model. Undefined when no item has one.
 */
export function itemRanges(bindings: Readonly<Record<string, ItemBinding>> | undefined): Record<string, ItemRange> | undefined {
  const ranges: Record<string, ItemRange> = {};
  for (const [item, { min, max }] of Object.entries(bindings ?? {})) {
    if (min === undefined && max === undefined) continue;
    ranges[item] = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  }
  return Object.keys(ranges).length > 0 ? ranges : undefined;
}
