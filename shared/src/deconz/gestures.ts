import { GESTURE, buttonEventFor } from './buttons';
import type { Read } from './read';
import { isNumber } from './values';

/**
 * Switches whose events are not plain button presses. deCONZ shows Aqara's cube as two ZHASwitch
 * sensors: `cube` (gestures; buttonevent = side on top * 1000 + a second side, `gesture` 0-6) and
 * `rotation` (buttonevent = degrees * 100, `gesture` 7 clockwise / 8 counter-clockwise).
 */
export type SwitchRole = 'cube' | 'rotation';

/** deCONZ `gesture` numbers of a cube (0 wake up … 8 rotate counter-clockwise). */
export const CUBE_GESTURE = {
  wakeup: 0,
  shake: 1,
  drop: 2,
  flip90: 3,
  flip180: 4,
  push: 5,
  doubletap: 6,
  rotate_clockwise: 7,
  rotate_counterclockwise: 8,
} as const;

/** The converters number a cube's sides 0-5 as Aqara encodes them; deCONZ shows them as 1-6. */
const SIDES: readonly number[] = [1, 3, 5, 6, 4, 2];
const side = (value: unknown) => (isNumber(value) && value >= 0 && value <= 5 ? SIDES[value] : undefined);

/** Converter action -> [gesture, buttonevent from the sides] of the cube's gesture sensor. */
const CUBE_ACTIONS: Readonly<Record<string, (get: Read) => [number, number | undefined]>> = {
  wakeup: () => [CUBE_GESTURE.wakeup, 7000],
  shake: () => [CUBE_GESTURE.shake, 7000 + GESTURE.shake],
  fall: () => [CUBE_GESTURE.drop, 7000 + GESTURE.drop],
  flip90: (get) => {
    const to = side(get('action_to_side'));
    const from = side(get('action_from_side'));
    return [CUBE_GESTURE.flip90, to !== undefined && from !== undefined ? to * 1000 + from : undefined];
  },
  flip180: (get) => {
    const top = side(get('side'));
    return [CUBE_GESTURE.flip180, top === undefined ? undefined : top * 1000 + 7 - top];
  },
  slide: (get) => {
    const top = side(get('side'));
    return [CUBE_GESTURE.push, top === undefined ? undefined : top * 1000];
  },
  tap: (get) => {
    const top = side(get('side'));
    return [CUBE_GESTURE.doubletap, top === undefined ? undefined : top * 1000 + top];
  },
};

const angleOf = (get: Read) => {
  const angle = get('action_angle');
  return isNumber(angle) && angle !== 0 ? angle : undefined;
};

const cubeAction = (get: Read) => {
  const action = get('action');
  return typeof action === 'string' && Object.hasOwn(CUBE_ACTIONS, action) ? CUBE_ACTIONS[action](get) : undefined;
};

/** `buttonevent` of a switch sub-device in its role (a plain switch: its action by table). */
export function switchButtonEvent(get: Read, role: SwitchRole | undefined): number | undefined {
  if (role === 'rotation') {
    const angle = angleOf(get);
    return angle === undefined ? undefined : Math.round(angle * 100);
  }
  if (role === 'cube') return cubeAction(get)?.[1];
  const action = get('action');
  return typeof action === 'string' ? buttonEventFor(action) : undefined;
}

/** `gesture` of a cube's sensors; undefined for plain switches. */
export function switchGesture(get: Read, role: SwitchRole | undefined): number | undefined {
  if (role === 'rotation') {
    const angle = angleOf(get);
    return angle === undefined ? undefined : angle > 0 ? CUBE_GESTURE.rotate_clockwise : CUBE_GESTURE.rotate_counterclockwise;
  }
  return role === 'cube' ? cubeAction(get)?.[0] : undefined;
}

/** `angle` of a rotation: the degrees turned, negative counter-clockwise. */
export function switchAngle(get: Read, role: SwitchRole | undefined): number | undefined {
  const angle = role === 'rotation' ? angleOf(get) : undefined;
  return angle === undefined ? undefined : Math.round(angle * 100) / 100;
}

/** Every buttonevent a cube's gesture sensor can send (a rotation's are free degrees: none listed). */
export function cubeButtonEvents(): number[] {
  const codes = new Set<number>([7000, 7000 + GESTURE.shake, 7000 + GESTURE.drop]);
  for (const top of SIDES) {
    codes.add(top * 1000);
    codes.add(top * 1000 + top);
    codes.add(top * 1000 + 7 - top);
    // A flip of 90° comes from any side but the top and its opposite (sides n and 7 - n face each other).
    for (const from of SIDES) if (from !== top && from !== 7 - top) codes.add(top * 1000 + from);
  }
  return [...codes].sort((a, b) => a - b);
}
