import type { ItemValue } from '../mqtt/schemas/common';
import type { ConverterState } from './expose';
import type { SubdevicePlan } from './describe';
import { ITEM_RULES } from './rules';
import { DEFAULT_THRESHOLDS, type LightLevelThresholds } from './values';

const contextOf = (subdevice: Pick<SubdevicePlan, 'bindings' | 'role' | 'buttonmap'>, item: string, thresholds: LightLevelThresholds) => {
  const binding = subdevice.bindings?.[item];
  const role = subdevice.role ? { role: subdevice.role } : {};
  const buttonmap = subdevice.buttonmap ? { buttonmap: subdevice.buttonmap } : {};
  return binding ? { thresholds, binding, ...role, ...buttonmap } : { thresholds, ...role, ...buttonmap };
};

export interface DeconzItems {
  state: Record<string, ItemValue>;
  config: Record<string, ItemValue>;
}

/**
 * Converter state -> the deCONZ items of one sub-device. Only items the sub-device declares and
 * whose value is known are returned; `reachable` and `lastupdated` are the bridge's to add.
 */
export function toDeconzItems(
  subdevice: Pick<SubdevicePlan, 'type' | 'state' | 'config' | 'suffix' | 'bindings' | 'role' | 'buttonmap'>,
  converterState: ConverterState,
  thresholds: LightLevelThresholds = DEFAULT_THRESHOLDS,
): DeconzItems {
  const suffix = subdevice.suffix === undefined ? '' : `_${subdevice.suffix}`;
  const get = (key: string) => converterState[`${key}${suffix}`];
  const items: DeconzItems = { state: {}, config: {} };
  for (const rule of ITEM_RULES) {
    if (!rule.read || !rule.types.includes(subdevice.type)) continue;
    if (!subdevice[rule.section].includes(rule.item)) continue;
    const value = rule.read(get, contextOf(subdevice, rule.item, thresholds));
    if (value !== undefined) items[rule.section][rule.item] = value;
  }
  return items;
}

/**
 * The items a report changed: like toDeconzItems over the report's converter keys, but only items
 * read from a key the report carries. Constants (alert "none", config.on) and defaults for absent
 * keys (effect "none" when no effect key came) are left out, so they never overwrite known state.
 */
export function changedDeconzItems(
  subdevice: Pick<SubdevicePlan, 'type' | 'state' | 'config' | 'suffix' | 'bindings' | 'role' | 'buttonmap'>,
  report: ConverterState,
  thresholds: LightLevelThresholds = DEFAULT_THRESHOLDS,
): DeconzItems {
  const suffix = subdevice.suffix === undefined ? '' : `_${subdevice.suffix}`;
  const items: DeconzItems = { state: {}, config: {} };
  for (const rule of ITEM_RULES) {
    if (!rule.read || !rule.types.includes(subdevice.type)) continue;
    if (!subdevice[rule.section].includes(rule.item)) continue;
    let carried = false;
    const get = (key: string) => {
      carried ||= `${key}${suffix}` in report;
      return report[`${key}${suffix}`];
    };
    const value = rule.read(get, contextOf(subdevice, rule.item, thresholds));
    if (value !== undefined && carried) items[rule.section][rule.item] = value;
  }
  return items;
}

/**
 * Items that describe a moment, not a state: publish them on the event topic as well. Beside the
 * press itself (`buttonevent`, a keypad's `action`) the facts of that moment: a cube's `gesture`
 * and the `angle` it turned, how long a button was held (`eventduration`), the colour picked (`x`, `y`).
 */
export const MOMENTARY_ITEMS: ReadonlySet<string> = new Set(['buttonevent', 'action', 'gesture', 'angle', 'eventduration', 'x', 'y']);

/**
 * Converter keys that ride along with a momentary item on the event topic only, never in the
 * retained state: the PIN a keypad user typed is for the alarm system to check (the bridge seals it
 * before publishing, see mqtt/sealed-code.ts) and must not stay on the broker; `seq` is the ZCL
 * sequence number of the arm command, which the arm response must echo. Converter key -> event item name, per sub-device type.
 */
export const EVENT_ONLY_KEYS: Partial<Readonly<Record<SubdevicePlan['type'], Readonly<Record<string, string>>>>> = {
  ZHAAncillaryControl: { action_code: 'code', action_transaction: 'seq' },
};

/** The event-only items of a sub-device for this converter state (empty when none apply). */
export function eventOnlyItems(subdevice: Pick<SubdevicePlan, 'type' | 'suffix'>, converterState: ConverterState): Record<string, ItemValue> {
  const suffix = subdevice.suffix === undefined ? '' : `_${subdevice.suffix}`;
  const out: Record<string, ItemValue> = {};
  for (const [key, item] of Object.entries(EVENT_ONLY_KEYS[subdevice.type] ?? {})) {
    const value = converterState[`${key}${suffix}`];
    if (typeof value === 'string' || typeof value === 'number') out[item] = value;
  }
  return out;
}
