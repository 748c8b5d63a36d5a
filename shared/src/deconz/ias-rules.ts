import type { ItemRule } from './item-rules';
import { IAS_TYPES } from './item-rules';
import { isNumber } from './values';

/**
 * Config items of an IAS zone's sensor that come from the zone itself. `enrolled`: the zone's
 * ZCL zoneState, 1 once it is enrolled with the coordinator (its CIE), 0 before; read-only, as in
 * deCONZ (a write answers 8). The bridge adds the `zone_state` key for every device with a zone.
 */
export const IAS_RULES: readonly ItemRule[] = [
  { item: 'enrolled', section: 'config', types: IAS_TYPES, exposes: ['zone_state'], read: (get) => {
    const value = get('zone_state');
    return isNumber(value) ? value : undefined;
  } },
];
