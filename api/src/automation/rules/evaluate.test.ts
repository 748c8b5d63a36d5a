import { describe, expect, it } from 'vitest';
import { compileCondition, type Condition, type ConditionInput } from './condition';
import { conditionHolds, triggerItems, type EvaluationContext, type ItemSample, type Trigger } from './evaluate';
import { wallTimeAt } from '../time/zoned';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0); // Thursday
const BUTTON = '/sensors/4/state/buttonevent';
const TEMP = '/sensors/7/state/temperature';

function condition(input: ConditionInput): Condition {
  const compiled = compileCondition(input);
  if (!compiled) throw new Error(`did not compile ${JSON.stringify(input)}`);
  return compiled;
}

function ctx(trigger: Trigger, items: Record<string, ItemSample>, now = T0, timeZone = 'UTC'): EvaluationContext {
  return { now, trigger, item: (address) => items[address], wallTime: (ms) => wallTimeAt(ms, timeZone) };
}

const itemTrigger = (address: string, previous: unknown, changed = true): Trigger => ({ kind: 'item', address, previous, changed });

describe('rule condition compilation', () => {
  it('should cast values as deCONZ does and rewrite illuminance to lux', () => {
    expect(condition({ address: BUTTON, operator: 'eq', value: '1002' }).value).toBe(1002);
    expect(condition({ address: '/sensors/2/state/presence', operator: 'eq', value: 'true' }).value).toBe(1);
    expect(condition({ address: '/sensors/2/state/illuminance', operator: 'lt', value: 300 }).address).toBe('/sensors/2/state/lux');
    expect(condition({ address: '/config/localtime', operator: 'in', value: 'W124/T22:00:00/T06:00:00' }).window).toEqual({
      mask: 124,
      start: 79_200,
      end: 21_600,
    });
    expect(condition({ address: TEMP, operator: 'stable', value: 'PT00:05:00' }).durationMs).toBe(300_000);
  });

  it('should refuse conditions deCONZ answers with 607', () => {
    const bad: ConditionInput[] = [
      { address: '/sensors/4/state/buttonevent', operator: 'not stable', value: 'PT00:00:10' },
      { address: '/sensors/4/state/buttonevent', operator: 'gt', value: 'abc' },
      { address: '/sensors/4/state/buttonevent', operator: 'eq' },
      { address: '/sensors/4/buttonevent', operator: 'eq', value: '1' },
      { address: '/schedules/1/state/on', operator: 'eq', value: '1' },
      { address: '/groups/1/state/on', operator: 'eq', value: 'true' },
      { address: '/config/localtime', operator: 'eq', value: '1' },
      { address: '/sensors/4/state/buttonevent', operator: 'in', value: 'T01:00:00/T02:00:00' },
      { address: '/config/localtime', operator: 'in', value: 'T25:00:00/T02:00:00' },
      { address: '/config/localtime', operator: 'in', value: 'W200/T01:00:00/T02:00:00' },
      { address: TEMP, operator: 'ddx', value: '10' },
      { address: TEMP, operator: 'stable', value: 'PT00:00:00' },
    ];
    for (const input of bad) expect(compileCondition(input), JSON.stringify(input)).toBeUndefined();
  });
});

describe('rule operators', () => {
  const sample = (value: unknown, changedAt = T0): ItemSample => ({ value, changedAt });

  it('should fire eq only when its own item changed to the value, and hold as a level otherwise', () => {
    const eq = condition({ address: BUTTON, operator: 'eq', value: '1002' });
    expect(conditionHolds(eq, ctx(itemTrigger(BUTTON, 2002), { [BUTTON]: sample(1002) }))).toBe(true);
    expect(conditionHolds(eq, ctx(itemTrigger(BUTTON, 1002, false), { [BUTTON]: sample(1002) }))).toBe(false);
    expect(conditionHolds(eq, ctx(itemTrigger('/sensors/4/state/lastupdated', 'x'), { [BUTTON]: sample(1002) }))).toBe(true);
    expect(conditionHolds(eq, ctx(itemTrigger(BUTTON, 1002), { [BUTTON]: sample(2002) }))).toBe(false);
  });

  it('should treat booleans as 1/0 and compare text for ne', () => {
    const presence = '/sensors/2/state/presence';
    expect(
      conditionHolds(condition({ address: presence, operator: 'eq', value: 'true' }), ctx(itemTrigger(presence, false), { [presence]: sample(true) })),
    ).toBe(true);
    const arm = '/alarmsystems/1/state/armstate';
    expect(
      conditionHolds(condition({ address: arm, operator: 'ne', value: 'disarmed' }), ctx(itemTrigger(arm, 'disarmed'), { [arm]: sample('armed_away') })),
    ).toBe(true);
  });

  it('should fire gt and lt only when the threshold is crossed by their own item', () => {
    const gt = condition({ address: TEMP, operator: 'gt', value: 2500 });
    expect(conditionHolds(gt, ctx(itemTrigger(TEMP, 2400), { [TEMP]: sample(2600) }))).toBe(true);
    expect(conditionHolds(gt, ctx(itemTrigger(TEMP, 2550), { [TEMP]: sample(2600) }))).toBe(false);
    expect(conditionHolds(gt, ctx(itemTrigger(TEMP, undefined), { [TEMP]: sample(2600) }))).toBe(true);
    expect(conditionHolds(gt, ctx(itemTrigger('/sensors/9/state/x', 1), { [TEMP]: sample(2600) }))).toBe(true);
    const lt = condition({ address: TEMP, operator: 'lt', value: 1800 });
    expect(conditionHolds(lt, ctx(itemTrigger(TEMP, 1900), { [TEMP]: sample(1750) }))).toBe(true);
    expect(conditionHolds(lt, ctx(itemTrigger(TEMP, 1900), { [TEMP]: sample(1800) }))).toBe(false);
  });

  it('should fire dx only on a change of its own item', () => {
    const dx = condition({ address: '/sensors/4/state/lastupdated', operator: 'dx' });
    const items = { '/sensors/4/state/lastupdated': sample('2026-01-15T12:00:00.000') };
    expect(conditionHolds(dx, ctx(itemTrigger('/sensors/4/state/lastupdated', '2026-01-15T11:00:00.000'), items))).toBe(true);
    expect(conditionHolds(dx, ctx(itemTrigger('/sensors/4/state/lastupdated', 'same', false), items))).toBe(false);
    expect(conditionHolds(dx, ctx(itemTrigger(BUTTON, 1), items))).toBe(false);
  });

  it('should fire ddx once, on the tick in which the item has been unchanged for the duration', () => {
    const ddx = condition({ address: '/sensors/2/state/presence', operator: 'ddx', value: 'PT00:01:00' });
    const items = { '/sensors/2/state/presence': sample(false, T0) };
    const tick = (now: number): EvaluationContext => ctx({ kind: 'tick', previousTick: now - 1000 }, items, now);
    expect(conditionHolds(ddx, tick(T0 + 59_000))).toBe(false);
    expect(conditionHolds(ddx, tick(T0 + 60_000))).toBe(true);
    expect(conditionHolds(ddx, tick(T0 + 61_000))).toBe(false);
    expect(conditionHolds(ddx, ctx(itemTrigger('/sensors/2/state/presence', true), items, T0 + 60_000))).toBe(false);
  });

  it('should hold stable once the item has kept its value for the duration', () => {
    const stable = condition({ address: TEMP, operator: 'stable', value: 'PT00:10:00' });
    const items = { [TEMP]: sample(2100, T0) };
    expect(conditionHolds(stable, ctx(itemTrigger('/sensors/1/state/x', 0), items, T0 + 599_000))).toBe(false);
    expect(conditionHolds(stable, ctx(itemTrigger('/sensors/1/state/x', 0), items, T0 + 600_000))).toBe(true);
  });

  it('should open an in window on the tick at its start and filter other events by it', () => {
    const night = condition({ address: '/config/localtime', operator: 'in', value: 'T22:00:00/T06:00:00' });
    const at = (h: number, m = 0, s = 0) => Date.UTC(2026, 0, 15, h, m, s);
    const tick = (now: number) => ctx({ kind: 'tick', previousTick: now - 1000 }, {}, now);
    expect(conditionHolds(night, tick(at(22)))).toBe(true);
    expect(conditionHolds(night, tick(at(22, 0, 1)))).toBe(false);
    expect(conditionHolds(night, ctx(itemTrigger(BUTTON, 1), {}, at(23)))).toBe(true);
    expect(conditionHolds(night, ctx(itemTrigger(BUTTON, 1), {}, at(12)))).toBe(false);
    expect(conditionHolds(night, ctx(itemTrigger(BUTTON, 1), {}, Date.UTC(2026, 0, 16, 5, 59)))).toBe(true);
    const notNight = condition({ address: '/config/localtime', operator: 'not in', value: 'T22:00:00/T06:00:00' });
    expect(conditionHolds(notNight, tick(Date.UTC(2026, 0, 16, 6)))).toBe(true);
    expect(conditionHolds(notNight, ctx(itemTrigger(BUTTON, 1), {}, at(12)))).toBe(true);
  });

  it('should apply weekday masks to the day a window began, in the gateway zone', () => {
    // Monday nights only, Berlin time: Monday 19 Jan 2026 23:00 CET = 22:00 UTC.
    const monday = condition({ address: '/config/localtime', operator: 'in', value: 'W64/T22:00:00/T06:00:00' });
    const event = (now: number) => ctx(itemTrigger(BUTTON, 1), {}, now, 'Europe/Berlin');
    expect(conditionHolds(monday, event(Date.UTC(2026, 0, 19, 22)))).toBe(true);
    expect(conditionHolds(monday, event(Date.UTC(2026, 0, 20, 4)))).toBe(true); // Tuesday 05:00, window began Monday
    expect(conditionHolds(monday, event(Date.UTC(2026, 0, 20, 22)))).toBe(false); // Tuesday night
  });

  it('should be triggered by dx items only, by the clock only for ddx, never by stable', () => {
    const eq = condition({ address: BUTTON, operator: 'eq', value: '1002' });
    const dx = condition({ address: '/sensors/4/state/lastupdated', operator: 'dx' });
    const stable = condition({ address: TEMP, operator: 'stable', value: 'PT00:01:00' });
    const ddx = condition({ address: TEMP, operator: 'ddx', value: 'PT00:01:00' });
    expect(triggerItems([eq, stable])).toEqual([BUTTON]);
    expect(triggerItems([eq, dx])).toEqual(['/sensors/4/state/lastupdated']);
    expect(triggerItems([eq, ddx])).toEqual(['/config/localtime']);
  });
});
