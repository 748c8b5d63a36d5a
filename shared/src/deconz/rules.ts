import { LIGHT_ITEM_RULES, SENSOR_ITEM_RULES, type ItemRule } from './item-rules';
import { THERMOSTAT_AND_COMMON_RULES } from './thermostat-rules';
import { TIME_RULES } from './time-rules';

/** Every item rule, in the order items appear in a sub-device's lists. */
export const ITEM_RULES: readonly ItemRule[] = [...LIGHT_ITEM_RULES, ...SENSOR_ITEM_RULES, ...TIME_RULES, ...THERMOSTAT_AND_COMMON_RULES];
