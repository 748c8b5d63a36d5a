import { describe, expect, it } from 'vitest';
import { cubeButtonEvents, switchAngle, switchButtonEvent, switchGesture } from './gestures';

const reader = (state: Record<string, unknown>) => (key: string) => state[key];

describe('cube gestures', () => {
  // deCONZ shows the converters' sides 0-5 as 1, 3, 5, 6, 4, 2; opposite sides add up to 7.
  it.each([
    [{ action: 'wakeup' }, 7000, 0],
    [{ action: 'shake' }, 7007, 1],
    [{ action: 'fall' }, 7008, 2],
    [{ action: 'flip90', action_from_side: 0, action_to_side: 2 }, 5001, 3],
    [{ action: 'flip180', side: 3 }, 6001, 4],
    [{ action: 'slide', side: 4 }, 4000, 5],
    [{ action: 'tap', side: 5 }, 2002, 6],
  ])('should read %j as buttonevent %i, gesture %i', (state, buttonevent, gesture) => {
    expect(switchButtonEvent(reader(state), 'cube')).toBe(buttonevent);
    expect(switchGesture(reader(state), 'cube')).toBe(gesture);
    expect(cubeButtonEvents()).toContain(buttonevent);
  });

  it('should give a rotation nothing on the gesture sensor, and degrees * 100 with its direction on the rotation sensor', () => {
    const right = reader({ action: 'rotate_right', action_angle: 12.34 });
    expect(switchButtonEvent(right, 'cube')).toBeUndefined();
    expect(switchGesture(right, 'cube')).toBeUndefined();
    expect([switchButtonEvent(right, 'rotation'), switchGesture(right, 'rotation'), switchAngle(right, 'rotation')]).toEqual([1234, 7, 12.34]);
    const left = reader({ action: 'rotate_left', action_angle: -90 });
    expect([switchButtonEvent(left, 'rotation'), switchGesture(left, 'rotation'), switchAngle(left, 'rotation')]).toEqual([-9000, 8, -90]);
  });

  it('should leave plain switches to their action table and give them no gesture or angle', () => {
    const press = reader({ action: 'shake', action_angle: 5 });
    expect(switchButtonEvent(press, undefined)).toBe(1007);
    expect(switchGesture(press, undefined)).toBeUndefined();
    expect(switchAngle(press, undefined)).toBeUndefined();
  });

  it('should list every code the gesture sensor can send: 3 + 6 sides * (push, double tap, flip 180, 4 flips of 90°)', () => {
    const codes = cubeButtonEvents();
    expect(codes).toHaveLength(3 + 6 * 7);
    expect(codes).toContain(1006); // flip 180° onto side 1, from side 6
    expect(codes.filter((code) => code % 1000 > 6 && code < 7000)).toEqual([]);
  });
});
