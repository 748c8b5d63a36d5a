import { describe, expect, it } from 'vitest';
import { nextAction, planGroupAction } from './plan-action';

describe('planGroupAction', () => {
  it('should turn toggle into one on/off from any_on', () => {
    expect(planGroupAction('2', true, { toggle: true }).command).toEqual({ on: false });
    expect(planGroupAction('2', false, { toggle: true, on: false }).command).toEqual({ on: true });
  });

  it('should ignore unknown keys and a bad transitiontime, and stop at the first bad value', () => {
    expect(planGroupAction('2', false, { on: true, foo: 1, transitiontime: -1 }).command).toEqual({ on: true });
    const plan = planGroupAction('2', false, { on: true, bri: 'x', ct: 9000 });
    expect(plan.error).toMatchObject({ type: 7, address: '/groups/2/action/bri' });
    expect(plan.successes).toEqual([{ '/groups/2/action/on': true }]);
  });

  it('should remember the last action with its colour mode', () => {
    expect(nextAction({ on: false, colormode: 'hs' }, { on: true, ct: 300 })).toEqual({ on: true, ct: 300, colormode: 'ct' });
  });
});
