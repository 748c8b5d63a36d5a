/**
 * The continuous colour commands of ZCL 5.2.2.3: moveHue and enhancedMoveHue go round the colour
 * wheel until stopped; moveSaturation and moveColor run until they reach a limit; stepColor moves xy
 * by a step; hue steps wrap round the wheel in the direction asked, over their transition time.
 * Every motion runs under the colour animation key, so stopMoveStep or the next command ends it.
 */
import type { BehaviourHost, CommandHandler } from '../behaviour';
import { animate, clamp, drive, stopAnimation } from './animate';
import { C, Capability, INVALID_FIELD, Mode, OK, XY_MAX, needs, setMode, tenthsToMs } from './color-common';
import { colorLoop } from './color-loop';

const HUE_WHEEL = 0x10000;
const SAT_MAX = 0xfe;

/** Move and step modes: 1 = up, 3 = down; 0 (moves only) = stop. Anything else is INVALID_FIELD. */
const directionOf = (mode: unknown): 1 | -1 | undefined => (Number(mode) === 1 ? 1 : Number(mode) === 3 ? -1 : undefined);

function start(host: BehaviourHost, ep: number, mode: number): void {
  colorLoop.stop(host, ep);
  setMode(host, ep, mode);
}

/** Sets the enhanced hue (wrapped round the wheel) and the 8-bit hue that follows from it. */
function putHue(host: BehaviourHost, ep: number, enhanced: number): void {
  const hue = ((Math.round(enhanced) % HUE_WHEEL) + HUE_WHEEL) % HUE_WHEEL;
  host.set(ep, C, 'enhancedCurrentHue', hue);
  host.set(ep, C, 'currentHue', Math.min(SAT_MAX, hue >> 8));
}

function hueStep(host: BehaviourHost, ep: number, mode: number, delta: number, ms: number): void {
  start(host, ep, mode);
  const from = host.num(ep, C, 'enhancedCurrentHue');
  if (ms <= 0) return putHue(host, ep, from + delta);
  drive(host, ep, C, 'color', (elapsed) => {
    const done = Math.min(1, elapsed / ms);
    putHue(host, ep, from + delta * done);
    return done < 1;
  });
}

/** `perSecond` in enhanced hue units; runs until stopped. */
function hueMove(host: BehaviourHost, ep: number, mode: number, perSecond: number): void {
  start(host, ep, mode);
  const from = host.num(ep, C, 'enhancedCurrentHue');
  drive(host, ep, C, 'color', (elapsed) => (putHue(host, ep, from + (perSecond * elapsed) / 1000), true));
}

const moveHue =
  (enhanced: boolean): CommandHandler =>
  (host, { endpoint, args }) => {
    if (Number(args.movemode) === 0) return (stopAnimation(host, endpoint, C, 'color'), OK);
    const sign = directionOf(args.movemode);
    const rate = Number(args.rate);
    if (sign === undefined || rate === 0) return INVALID_FIELD;
    hueMove(host, endpoint, enhanced ? Mode.enhancedHue : Mode.hueSat, sign * rate * (enhanced ? 1 : 0x100));
    return OK;
  };

const stepHue =
  (enhanced: boolean): CommandHandler =>
  (host, { endpoint, args }) => {
    const sign = directionOf(args.stepmode);
    if (sign === undefined) return INVALID_FIELD;
    const size = Number(args.stepsize) * (enhanced ? 1 : 0x100);
    hueStep(host, endpoint, enhanced ? Mode.enhancedHue : Mode.hueSat, sign * size, tenthsToMs(args.transtime));
    return OK;
  };

const moveSaturation: CommandHandler = (host, { endpoint, args }) => {
  if (Number(args.movemode) === 0) return (stopAnimation(host, endpoint, C, 'color'), OK);
  const sign = directionOf(args.movemode);
  const rate = Number(args.rate);
  if (sign === undefined || rate === 0) return INVALID_FIELD;
  start(host, endpoint, Mode.hueSat);
  const from = host.num(endpoint, C, 'currentSaturation');
  drive(host, endpoint, C, 'color', (elapsed) => {
    const value = clamp(from + (sign * rate * elapsed) / 1000, 0, SAT_MAX);
    host.set(endpoint, C, 'currentSaturation', Math.round(value));
    return value > 0 && value < SAT_MAX;
  });
  return OK;
};

/** Rates in xy units per second; the colour keeps moving until x or y reaches the edge of the space. */
const moveColor: CommandHandler = (host, { endpoint, args }) => {
  const rx = Number(args.ratex);
  const ry = Number(args.ratey);
  if (rx === 0 && ry === 0) return (stopAnimation(host, endpoint, C, 'color'), OK);
  start(host, endpoint, Mode.xy);
  const x0 = host.num(endpoint, C, 'currentX');
  const y0 = host.num(endpoint, C, 'currentY');
  drive(host, endpoint, C, 'color', (elapsed) => {
    const x = clamp(x0 + (rx * elapsed) / 1000, 0, XY_MAX);
    const y = clamp(y0 + (ry * elapsed) / 1000, 0, XY_MAX);
    host.set(endpoint, C, 'currentX', Math.round(x));
    host.set(endpoint, C, 'currentY', Math.round(y));
    const atEdge = (v: number, rate: number) => rate !== 0 && (v <= 0 || v >= XY_MAX);
    return !atEdge(x, rx) && !atEdge(y, ry);
  });
  return OK;
};

const stepColor: CommandHandler = (host, { endpoint, args }) => {
  start(host, endpoint, Mode.xy);
  const x = clamp(host.num(endpoint, C, 'currentX') + Number(args.stepx), 0, XY_MAX);
  const y = clamp(host.num(endpoint, C, 'currentY') + Number(args.stepy), 0, XY_MAX);
  animate(host, endpoint, C, 'color', { currentX: x, currentY: y }, tenthsToMs(args.transtime));
  return OK;
};

export const colorMoves: Record<string, CommandHandler> = {
  moveHue: needs(Capability.hueSat, moveHue(false)),
  stepHue: needs(Capability.hueSat, stepHue(false)),
  moveSaturation: needs(Capability.hueSat, moveSaturation),
  enhancedMoveHue: needs(Capability.enhancedHue, moveHue(true)),
  enhancedStepHue: needs(Capability.enhancedHue, stepHue(true)),
  moveColor: needs(Capability.xy, moveColor),
  stepColor: needs(Capability.xy, stepColor),
};
