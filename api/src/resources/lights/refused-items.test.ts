import { describe, expect, it } from 'vitest';
import { planLightState } from './plan-state';
import { withoutRefused } from './refused-items';

const COVER = 'Window covering device';
const BASE = '/lights/5/state';

describe('withoutRefused', () => {
  it('should answer 6 for an item the device could not take, after the plan errors, and keep the rest', () => {
    const plan = planLightState('5', COVER, {}, { lift: 30, tilt: 50, bri_inc: 3 });
    const answer = withoutRefused(plan, BASE, ['tilt']);
    expect(answer.errors).toEqual([
      { type: 7, address: `${BASE}/bri_inc`, params: { name: 'bri_inc', value: '3' } },
      { type: 6, address: `${BASE}/tilt`, params: { name: 'tilt' } },
    ]);
    expect(answer.successes).toEqual([{ [`${BASE}/lift`]: 30 }]);
    expect(answer.command).toEqual({ lift: 30 });
  });

  it('should name the deprecated parameter the refused item came from', () => {
    const plan = planLightState('5', COVER, {}, { on: true, sat: 127 });
    const answer = withoutRefused(plan, BASE, ['tilt']);
    expect(answer.errors).toEqual([{ type: 6, address: `${BASE}/sat`, params: { name: 'sat' } }]);
    expect(answer.successes).toEqual([{ [`${BASE}/on`]: true }]);
    expect(answer.command).toEqual({ lift: 100 });
  });

  it('should leave the plan as it is when the device took everything', () => {
    const plan = planLightState('5', COVER, {}, { lift: 30 });
    expect(withoutRefused(plan, BASE)).toEqual({ errors: [], successes: plan.successes, command: plan.command });
    expect(withoutRefused(plan, BASE, ['tilt'])).toEqual({ errors: [], successes: plan.successes, command: plan.command });
  });
});
