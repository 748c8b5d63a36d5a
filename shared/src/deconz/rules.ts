import { LIGHT_ITEM_RULES, SENSOR_ITEM_RULES, type ItemRule } from './item-rules';
import { SWITCH_BOUND_RULES, SWITCH_RULES } from './switch-items';
import { THERMOSTAT_AND_COMMON_RULES } from './thermostat-rules';
import { TIME_RULES } from './time-rules';
import { VIBRATION_ITEMS, VIBRATION_RULES } from './vibration-items';
import { boundRule } from './bound-rule';
import { AIR_QUALITY_ITEMS, AIR_QUALITY_RULES } from './air-quality-rules';
import { IAS_RULES, SELF_TEST_RULES } from './ias-rules';
import { METERING_RULES } from './metering-items';
import { DEVICE_RULES } from './device-rules';
import { PRESENCE_BOUND_RULES, PRESENCE_RULES } from './presence-items';
import { BATTERY_RULES } from './battery-items';

/** Every item rule, in the order items appear in a sub-device's lists. */
export const ITEM_RULES: readonly ItemRule[] = [
  ...LIGHT_ITEM_RULES,
  ...SENSOR_ITEM_RULES,
  ...SWITCH_BOUND_RULES,
  ...SWITCH_RULES,
  ...VIBRATION_RULES,
  ...AIR_QUALITY_ITEMS.map((row) => boundRule('ZHAAirQuality', row)),
  ...AIR_QUALITY_RULES,
  ...TIME_RULES,
  ...THERMOSTAT_AND_COMMON_RULES,
  ...IAS_RULES,
  ...SELF_TEST_RULES,
  ...METERING_RULES,
  ...DEVICE_RULES,
  ...PRESENCE_RULES,
  ...PRESENCE_BOUND_RULES,
  ...BATTERY_RULES,
  ...VIBRATION_ITEMS.map((row) => boundRule('ZHAVibration', row)),
];
