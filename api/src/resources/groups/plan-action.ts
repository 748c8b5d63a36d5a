import type { ErrorItemInput } from '@herdgate/shared/errors';

export interface ActionPlan {
  command: Record<string, unknown>;
  successes: Record<string, unknown>[];
  /** The first bad parameter: deCONZ stops there and answers 400 with the earlier successes. */
  error?: ErrorItemInput;
}

type Check = (value: unknown) => boolean;
const isInt =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isBool: Check = (v) => typeof v === 'boolean';
const isXy: Check = (v) => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && n >= 0 && n <= 1);
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);

/** deconz-behavior §11: the fixed order parameters are checked in, and their checks. */
const ORDER: readonly [string, Check][] = [
  ['toggle', isBool],
  ['on', isBool],
  ['bri', isInt(0, 255)],
  ['hue', isInt(0, 65535)],
  ['sat', isInt(0, 255)],
  ['xy', isXy],
  ['ct_inc', isInt(-65535, 65535)],
  ['bri_inc', isInt(-254, 254)],
  ['ct', isInt(153, 500)],
  ['alert', oneOf('none', 'select', 'lselect')],
  ['effect', oneOf('none', 'colorloop')],
  ['colorloopspeed', isInt(1, 255)],
];

const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/**
 * A `PUT /groups/<id>/action` body -> one groupcast command. `toggle` flips on `any_on` (one frame
 * that switches every lamp the same way, not a per-lamp toggle); unknown keys are ignored and a bad
 * `transitiontime` is dropped, as deCONZ does.
 */
export function planGroupAction(id: string, anyOn: boolean, body: Record<string, unknown>): ActionPlan {
  const base = `/groups/${id}/action`;
  const plan: ActionPlan = { command: {}, successes: [] };
  for (const [key, check] of ORDER) {
    if (!(key in body)) continue;
    const value = body[key];
    if (!check(value)) {
      plan.error = { type: 7, address: `${base}/${key}`, params: { name: key, value: show(value) } };
      return plan;
    }
    if (key === 'ct_inc' && 'ct' in body) {
      plan.error = { type: 8, address: `${base}/ct_inc`, params: { name: 'ct_inc' } };
      return plan;
    }
    // As on a light: a loop speed means nothing without the loop it sets.
    if (key === 'colorloopspeed' && body.effect !== 'colorloop') {
      plan.error = { type: 5, address: `${base}/colorloopspeed`, description: 'missing parameter, effect, for parameter, colorloopspeed' };
      return plan;
    }
    if (key === 'toggle') {
      if (value === true) plan.command.on = !anyOn;
    } else if (key !== 'on' || !('on' in plan.command)) {
      plan.command[key] = key === 'bri' || key === 'sat' ? Math.min(value as number, 254) : value;
    }
    plan.successes.push({ [`${base}/${key}`]: value });
  }
  const tt = body.transitiontime;
  if (isInt(0, 65535)(tt) && Object.keys(plan.command).length > 0) plan.command.transitiontime = tt;
  return plan;
}

/** The group's `action` after a command went out: the last values sent, with their colour mode. */
export function nextAction(action: Readonly<Record<string, unknown>>, command: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...action };
  for (const key of ['on', 'bri', 'hue', 'sat', 'xy', 'ct', 'alert', 'effect']) if (key in command) next[key] = command[key];
  if ('xy' in command) next.colormode = 'xy';
  else if ('ct' in command) next.colormode = 'ct';
  else if ('hue' in command || 'sat' in command) next.colormode = 'hs';
  return next;
}
