import type { LightTraits } from './traits';

/** What the light currently has, for values computed from increments and clamps. */
export interface ParamContext {
  traits: LightTraits;
  state: Readonly<Record<string, unknown>>;
}

/** A parsed parameter: the value for the bridge, and the success entry (none for transitiontime). */
export type ParamResult = { ok: true; send: unknown; success?: { item: string; value: unknown }; as?: string } | { ok: false };

type Param = (value: unknown, ctx: ParamContext) => ParamResult;

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const ok = (item: string, send: unknown, value: unknown = send): ParamResult => ({ ok: true, send, success: { item, value } });
const bad: ParamResult = { ok: false };

const bool =
  (item: string): Param =>
  (v) =>
    typeof v === 'boolean' ? ok(item, v) : bad;
const int =
  (item: string, min: number, max: number, top = max): Param =>
  (v) =>
    isInt(v, min, max) ? ok(item, Math.min(v, top)) : bad;
const oneOf =
  (item: string, values: (ctx: ParamContext) => readonly string[]): Param =>
  (v, ctx) =>
    typeof v === 'string' && values(ctx).includes(v) ? ok(item, v) : bad;

const ctRange = (ctx: ParamContext) => ctx.traits.ct ?? { min: 153, max: 500 };
const current = (ctx: ParamContext, item: string, fallback: number) => (typeof ctx.state[item] === 'number' ? (ctx.state[item] as number) : fallback);
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Light state parameters (deconz-behavior §10): checks, clamps and the value the success reports. */
export const LIGHT_PARAMS: Readonly<Record<string, Param>> = {
  on: bool('on'),
  bri: int('bri', 0, 255, 254),
  bri_inc: (v, ctx) => {
    if (!isInt(v, -255, 255)) return bad;
    const inc = clamp(v, -254, 254);
    return ok('bri', inc, clamp(current(ctx, 'bri', 0) + inc, 0, 254));
  },
  hue: int('hue', 0, 65535),
  sat: int('sat', 0, 255, 254),
  ct: (v, ctx) => {
    if (!isInt(v, 0, 65535)) return bad;
    const { min, max } = ctRange(ctx);
    const ct = clamp(v, min, max);
    return ok('ct', ct);
  },
  ct_inc: (v, ctx) => {
    if (!isInt(v, -65535, 65535)) return bad;
    const { min, max } = ctRange(ctx);
    return ok('ct', v, clamp(current(ctx, 'ct', min) + v, min, max));
  },
  xy: (v) => {
    if (!Array.isArray(v) || v.length !== 2 || !v.every((n) => typeof n === 'number' && n >= 0 && n <= 1)) return bad;
    const xy = (v as number[]).map((n) => round4(Math.min(n, 0.9961)));
    return ok('xy', xy);
  },
  alert: oneOf('alert', (ctx) => ctx.traits.alerts),
  effect: oneOf('effect', (ctx) => ctx.traits.effects),
  colorloopspeed: int('colorloopspeed', 1, 255),
  speed: int('speed', 0, 6),
  transitiontime: (v) => (isInt(v, 0, 65535) ? { ok: true, send: Math.min(v, 65534) } : bad),
};

/** Window covering parameters, deprecated light forms included (gateway-rest-api "Lights"). */
export const COVER_PARAMS: Readonly<Record<string, Param>> = {
  open: bool('open'),
  stop: (v) => (v === true ? ok('stop', true) : typeof v === 'boolean' ? { ok: true, send: undefined } : bad),
  lift: (v) => (v === 'stop' || isInt(v, 0, 100) ? ok('lift', v) : bad),
  tilt: int('tilt', 0, 100),
  bri: (v, ctx) => (v === 'stop' ? ok('bri', 'stop') : int('bri', 0, 255, 254)(v, ctx)),
  bri_inc: (v) => (v === 0 ? ok('bri_inc', 0) : bad),
  // Deprecated forms, sent as what they mean (gateway-rest-api "Window covering parameters"):
  // `on` true closes (lift 100), false opens; `sat` 0-255 is the tilt, tilt = sat * 100 / 254.
  on: (v) => (typeof v === 'boolean' ? { ...ok('on', v ? 100 : 0, v), as: 'lift' } : bad),
  sat: (v, ctx) => {
    const result = int('sat', 0, 255, 254)(v, ctx);
    return result.ok ? { ...result, send: Math.round(((result.send as number) * 100) / 254), as: 'tilt' } : bad;
  },
};

/** Order of success entries, as deCONZ lists them: on(true) first, on(false) last. */
export const SUCCESS_ORDER = [
  'on:true',
  'open',
  'stop',
  'lift',
  'tilt',
  'bri',
  'speed',
  'hue',
  'sat',
  'ct',
  'xy',
  'effect',
  'colorloopspeed',
  'alert',
  'on:false',
];
