import type { ErrorItemInput } from '@herdgate/shared/errors';
import type { LightCapabilities, SubdeviceType } from '@herdgate/shared/mqtt';
import { COVER_PARAMS, LIGHT_PARAMS, SUCCESS_ORDER } from './state-params';
import { COVER_TYPES, traitsOf } from './traits';

/** What a `PUT /lights/<id>/state` body becomes before anything is sent. */
export interface StatePlan {
  /** Per-parameter errors (6, 7, 8, 5), in body order; deCONZ lists them before the successes. */
  errors: ErrorItemInput[];
  /** The command for the bridge, in the REST vocabulary. */
  command: Record<string, unknown>;
  /** Success entries to answer once the device acknowledged the command. */
  successes: Record<string, unknown>[];
  /** The body parameter a deprecated form came from, by the item it went out as (`tilt` ← `sat`). */
  sentFrom?: Record<string, string>;
}

/** deCONZ precedence: the loser is neither sent nor reported. */
const SUPERSEDED_BY: Readonly<Record<string, readonly string[]>> = {
  bri_inc: ['bri'],
  ct: ['xy'],
  ct_inc: ['xy', 'ct'],
  hue: ['xy', 'ct', 'ct_inc'],
  sat: ['xy', 'ct', 'ct_inc'],
};

const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/**
 * Validate each parameter on its own (deconz-behavior §1.3): bad or unknown ones become errors and
 * the good ones still go out. Pure, so the whole table is tested without a radio.
 */
export function planLightState(
  id: string,
  type: SubdeviceType,
  state: Readonly<Record<string, unknown>>,
  body: Record<string, unknown>,
  capabilities?: LightCapabilities,
): StatePlan {
  const base = `/lights/${id}/state`;
  const cover = COVER_TYPES.has(type);
  const traits = traitsOf(type, capabilities);
  const params = cover ? COVER_PARAMS : LIGHT_PARAMS;
  const plan: StatePlan = { errors: [], command: {}, successes: [] };
  const found: { key: string; item: string; value: unknown }[] = [];
  const explicit = new Set(Object.keys(body));
  for (const [key, value] of Object.entries(body)) {
    const address = `${base}/${key}`;
    if (key === 'colormode') {
      plan.errors.push({ type: 8, address, params: { name: key } });
      continue;
    }
    const param = Object.hasOwn(params, key) && (cover || traits.commands.includes(key)) ? params[key] : undefined;
    if (!param) {
      plan.errors.push({ type: 6, address, params: { name: key } });
      continue;
    }
    const result = param(value, { traits, state });
    if (!result.ok) {
      plan.errors.push({ type: 7, address, params: { name: key, value: show(value) } });
      continue;
    }
    // A deprecated form goes out as the item it stands for, unless the body names that item too.
    const sent = result.as ?? key;
    if (result.as !== undefined && explicit.has(result.as)) continue;
    if (result.send !== undefined) plan.command[sent] = result.send;
    if (result.as !== undefined) plan.sentFrom = { ...plan.sentFrom, [sent]: key };
    if (result.success) found.push({ key: sent, ...result.success });
  }
  dropSuperseded(plan.command);
  if ('colorloopspeed' in plan.command && plan.command.effect !== 'colorloop') {
    delete plan.command.colorloopspeed;
    plan.errors.push({ type: 5, address: `${base}/colorloopspeed`, description: 'missing parameter, effect, for parameter, colorloopspeed' });
  }
  // Spec: a brightness for a light that is off also switches it on.
  if (!cover && typeof plan.command.bri === 'number' && plan.command.bri > 0 && !('on' in plan.command) && state.on === false) {
    plan.command.on = true;
  }
  plan.successes = ordered(found.filter((f) => f.key in plan.command)).map((f) => ({ [`${base}/${f.item}`]: f.value }));
  return plan;
}

function dropSuperseded(command: Record<string, unknown>): void {
  for (const [key, winners] of Object.entries(SUPERSEDED_BY)) {
    if (key in command && winners.some((winner) => winner in command)) delete command[key];
  }
}

function ordered<T extends { item: string; value: unknown }>(found: T[]): T[] {
  const rank = (f: T) => {
    const tagged = f.item === 'on' ? `on:${String(f.value)}` : f.item;
    const index = SUCCESS_ORDER.indexOf(tagged);
    return index === -1 ? SUCCESS_ORDER.length : index;
  };
  return [...found].sort((a, b) => rank(a) - rank(b));
}

/** True when the plan asks the device for nothing (only errors, or only a transition time). */
export function isEmptyCommand(plan: StatePlan): boolean {
  return Object.keys(plan.command).every((key) => key === 'transitiontime');
}
