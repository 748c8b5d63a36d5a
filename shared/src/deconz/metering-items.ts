import type { BoundItem } from './bindings';
import { boundRule } from './bound-rule';

/**
 * ZHAConsumption config items of a meter interface, bound to its converter keys: `pulseconfiguration`
 * (pulses per unit, 0-65535) and `interfacemode`, deCONZ's numbers 1-8 for what the interface reads
 * (electricity, gas or water pulses; Kamstrup KMP, Linky, IEC 62056-21, DSMR 2.3, DSMR 4.0 ports).
 */
export const METERING_ITEMS: readonly BoundItem[] = [
  {
    item: 'interfacemode',
    section: 'config',
    keys: [
      {
        key: 'interface_mode',
        kind: 'levels',
        first: 1,
        numbers: [],
        names: ['electricity', 'gas', 'water', 'kamstrup-kmp', 'linky', 'IEC62056-21', 'DSMR-2.3', 'DSMR-4.0'],
      },
    ],
  },
  { item: 'pulseconfiguration', section: 'config', keys: [{ key: 'pulse_configuration', kind: 'number', scale: 1 }] },
];

export const METERING_RULES = METERING_ITEMS.map((row) => boundRule('ZHAConsumption', row));
