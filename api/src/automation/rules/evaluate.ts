/**
 * When a rule's conditions hold (deconz-behavior.md §7). Pure: the caller says what triggered the
 * evaluation, what time it is and how to read items.
 *
 * - `eq`/`ne`: level comparison; when the trigger is this item, its value must also have changed,
 *   so a battery report does not re-fire a button rule.
 * - `gt`/`lt`: level comparison; when the trigger is this item, it must have crossed the threshold.
 * - `dx`: the trigger is this item and it changed (every update of `lastupdated` counts).
 * - `ddx`: on a clock tick, the item's last change plus the duration fell within the last tick.
 * - `stable`: the item has not changed for the duration (never a trigger itself).
 * - `in`/`not in`: on a clock tick they fire when the window opens / closes; otherwise filters.
 */
import { castValue, LOCALTIME, type Comparable, type Condition } from './condition';
import { inTimeWindow } from './time-window';
import type { WallTime } from '../time/zoned';

export interface ItemSample {
  value: unknown;
  /** Epoch ms of the last change (or push-always write) of the value. */
  changedAt: number;
}

export type Trigger =
  | { kind: 'item'; address: string; previous: unknown; changed: boolean }
  /** The gateway clock moved from `previousTick` to `now`. */
  | { kind: 'tick'; previousTick: number };

export interface EvaluationContext {
  now: number;
  trigger: Trigger;
  item(address: string): ItemSample | undefined;
  /** Wall time in the gateway's zone. */
  wallTime(epochMs: number): WallTime;
}

export function conditionHolds(condition: Condition, ctx: EvaluationContext): boolean {
  if (condition.address === LOCALTIME) return windowHolds(condition, ctx);
  const sample = ctx.item(condition.address);
  if (!sample) return false;
  const own = ctx.trigger.kind === 'item' && ctx.trigger.address === condition.address ? ctx.trigger : undefined;
  switch (condition.operator) {
    case 'eq':
    case 'ne': {
      const equal = compare(sample.value, condition.value!) === 0;
      const level = condition.operator === 'eq' ? equal : !equal;
      return level && (!own || own.changed);
    }
    case 'gt':
    case 'lt': {
      const holds = (value: unknown) => {
        const order = compare(value, condition.value!);
        return condition.operator === 'gt' ? order > 0 : order < 0;
      };
      if (!holds(sample.value)) return false;
      return !own || own.previous === undefined || !holds(own.previous);
    }
    case 'dx':
      return own?.changed === true;
    case 'ddx': {
      if (ctx.trigger.kind !== 'tick') return false;
      const due = sample.changedAt + condition.durationMs!;
      return due > ctx.trigger.previousTick && due <= ctx.now;
    }
    case 'stable':
      return ctx.now - sample.changedAt >= condition.durationMs!;
    default:
      return false;
  }
}

function windowHolds(condition: Condition, ctx: EvaluationContext): boolean {
  const inside = (at: number) => inTimeWindow(condition.window!, ctx.wallTime(at));
  const wanted = condition.operator === 'in';
  if (inside(ctx.now) !== wanted) return false;
  // On the clock tick the condition fires once, at the edge; for other triggers it is a filter.
  if (ctx.trigger.kind === 'tick') return inside(ctx.trigger.previousTick) !== wanted;
  return true;
}

/** Numeric where both sides are numbers (booleans as 1/0), text otherwise; NaN-free. */
function compare(actual: unknown, expected: Comparable): number {
  const value = castValue(actual);
  if (value === undefined) return Number.NaN;
  if (typeof value === 'number' && typeof expected === 'number') return value - expected;
  const [a, b] = [String(value), String(expected)];
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * The items whose updates evaluate a rule: every condition item except `stable`; only the `dx`
 * items if there are any; only the clock if there is a `ddx`.
 */
export function triggerItems(conditions: readonly Condition[]): string[] {
  if (conditions.some((c) => c.operator === 'ddx')) return [LOCALTIME];
  const dx = conditions.filter((c) => c.operator === 'dx');
  const chosen = dx.length > 0 ? dx : conditions.filter((c) => c.operator !== 'stable');
  return [...new Set(chosen.map((c) => c.address))];
}
