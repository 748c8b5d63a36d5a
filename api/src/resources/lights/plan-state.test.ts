import { describe, expect, it } from 'vitest';
import { planLightState } from './plan-state';

const STATE = { on: true, bri: 250, ct: 480 };

describe('planLightState', () => {
  it('should clamp bri 255 and sat 255 to 254 and ct into the light range', () => {
    const plan = planLightState('3', 'Extended color light', STATE, { bri: 255, sat: 255, ct: 100 });
    expect(plan.command).toEqual({ bri: 254, ct: 153 });
    expect(plan.successes).toEqual([{ '/lights/3/state/bri': 254 }, { '/lights/3/state/ct': 153 }]);
  });

  it('should report increments as the resulting value, clamped', () => {
    const plan = planLightState('3', 'Extended color light', STATE, { bri_inc: 20, ct_inc: 50 });
    expect(plan.successes).toEqual([{ '/lights/3/state/bri': 254 }, { '/lights/3/state/ct': 500 }]);
    expect(plan.command).toEqual({ bri_inc: 20, ct_inc: 50 });
  });

  it('should refuse colour on a dimmable light and anything light-like on a plug with error 6', () => {
    expect(planLightState('1', 'Dimmable light', STATE, { hue: 1, bri: 3 }).errors.map((e) => e.type)).toEqual([6]);
    expect(planLightState('1', 'On/Off plug-in unit', STATE, { bri: 3 }).errors[0]).toMatchObject({ type: 6, address: '/lights/1/state/bri' });
  });

  it('should switch a light that is off on when only a brightness is sent', () => {
    expect(planLightState('1', 'Dimmable light', { on: false }, { bri: 30 }).command).toEqual({ bri: 30, on: true });
    expect(planLightState('1', 'Dimmable light', { on: false }, { bri: 30, on: false }).command).toEqual({ bri: 30, on: false });
  });

  it('should put on(true) first and on(false) last, and never report transitiontime', () => {
    expect(planLightState('1', 'Color light', STATE, { alert: 'select', on: true, transitiontime: 9 }).successes.map((s) => Object.keys(s)[0])).toEqual([
      '/lights/1/state/on',
      '/lights/1/state/alert',
    ]);
    expect(planLightState('1', 'Color light', STATE, { on: false, xy: [0.2, 0.3] }).successes.map((s) => Object.keys(s)[0])).toEqual([
      '/lights/1/state/xy',
      '/lights/1/state/on',
    ]);
  });

  it('should refuse an out-of-range xy and an unknown effect with error 7 naming the value', () => {
    const plan = planLightState('1', 'Extended color light', STATE, { xy: [1.2, 0], effect: 'disco' });
    expect(plan.errors).toEqual([
      { type: 7, address: '/lights/1/state/xy', params: { name: 'xy', value: '[1.2,0]' } },
      { type: 7, address: '/lights/1/state/effect', params: { name: 'effect', value: 'disco' } },
    ]);
  });

  it('should map the deprecated covering forms and refuse a bri_inc other than 0', () => {
    const plan = planLightState('5', 'Window covering device', {}, { on: true, sat: 127, bri_inc: 3 });
    expect(plan.command).toEqual({ lift: 100, tilt: 50 });
    // A bridge refusal of what went out is answered at the parameter the client sent.
    expect(plan.sentFrom).toEqual({ lift: 'on', tilt: 'sat' });
    expect(plan.successes).toEqual([{ '/lights/5/state/on': true }, { '/lights/5/state/sat': 127 }]);
    expect(plan.errors).toEqual([{ type: 7, address: '/lights/5/state/bri_inc', params: { name: 'bri_inc', value: '3' } }]);
    expect(planLightState('5', 'Window covering controller', {}, { on: false, sat: 255 }).command).toEqual({ lift: 0, tilt: 100 });
  });

  it('should let an explicit lift or tilt win over the deprecated on and sat', () => {
    const plan = planLightState('5', 'Window covering device', {}, { on: true, lift: 30, sat: 10, tilt: 70 });
    expect(plan.command).toEqual({ lift: 30, tilt: 70 });
    expect(plan.successes).toEqual([{ '/lights/5/state/lift': 30 }, { '/lights/5/state/tilt': 70 }]);
  });

  it('should refuse a deprecated on or sat of the wrong kind with 7', () => {
    const plan = planLightState('5', 'Window covering device', {}, { on: 1, sat: 300 });
    expect(plan.errors.map((e) => [e.type, e.address])).toEqual([
      [7, '/lights/5/state/on'],
      [7, '/lights/5/state/sat'],
    ]);
    expect(plan.command).toEqual({});
  });
});
