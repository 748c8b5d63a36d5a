/**
 * The `gesture` action of a cube (catalogue `cube`): a person shakes, drops, flips, slides, taps or
 * turns it. Aqara's MFKZQ01LM reports each gesture as a multistate input presentValue (0 shake,
 * 1 throw, 2 wake up, 3 fall, 64 + from * 8 + to flip 90°, 128 + side flip 180°, 256 + side slide,
 * 512 + side double tap; sides 0-5) and a rotation as an analog input presentValue in degrees
 * (negative = counter-clockwise), whatever reporting was configured.
 */
import type { ActionResult } from '../network/types';
import type { Action } from './action';
import type { DeviceHost } from './device-host';

const SIMPLE: Readonly<Record<string, number>> = { shake: 0, throw: 1, wakeup: 2, fall: 3 };
const ON_SIDE: Readonly<Record<string, number>> = { flip180: 128, slide: 256, tap: 512 };
const GESTURES = [...Object.keys(SIMPLE), 'flip90', ...Object.keys(ON_SIDE), 'rotate'];

const fail = (error: string): ActionResult => ({ ok: false, error });
const isSide = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 5;

/** The side on top of each cube, as a person left it (side 0 until first handled). */
const tops = new WeakMap<DeviceHost, number>();

function gestureCode(params: Record<string, unknown>, top: number): { code: number; side: number } | string {
  const gesture = String(params.gesture);
  if (gesture in SIMPLE) return { code: SIMPLE[gesture], side: top };
  if (gesture === 'flip90') {
    const from = params.from ?? top;
    const to = params.to;
    if (!isSide(from) || !isSide(to) || from === to || Math.abs(from - to) === 3)
      return 'flip90 needs "to" (0-5), a side next to "from" (default: the side on top; opposite sides are 0-3, 1-4, 2-5)';
    return { code: 64 + from * 8 + to, side: to };
  }
  const side = params.side ?? top;
  if (!isSide(side)) return `${gesture} needs "side" 0-5`;
  return { code: ON_SIDE[gesture] + side, side };
}

export function cubeAction(host: DeviceHost): Action | undefined {
  const cube = host.entry.cube;
  if (!cube) return undefined;
  return {
    name: 'gesture',
    description: 'handle the cube: shake, throw, wakeup, fall, flip90 {from?, to}, flip180/slide/tap {side?}, rotate {angle}',
    params: { gesture: GESTURES.join('|'), side: '0-5', from: '0-5', to: '0-5', angle: 'degrees, negative = counter-clockwise' },
    run: (h, params) => {
      if (!GESTURES.includes(String(params.gesture))) return fail(`gesture must be one of ${GESTURES.join(', ')}`);
      if (params.gesture === 'rotate') {
        const angle = params.angle;
        if (typeof angle !== 'number' || !Number.isFinite(angle) || angle === 0 || Math.abs(angle) > 360)
          return fail('rotate needs "angle": degrees, not 0, at most 360 either way');
        h.announce(cube.rotation, 'genAnalogInput', 'presentValue', angle);
        return { ok: true, detail: { presentValue: angle } };
      }
      const result = gestureCode(params, tops.get(h) ?? 0);
      if (typeof result === 'string') return fail(result);
      tops.set(h, result.side);
      h.announce(cube.gestures, 'genMultistateInput', 'presentValue', result.code);
      return { ok: true, detail: { presentValue: result.code, side: result.side } };
    },
  };
}
