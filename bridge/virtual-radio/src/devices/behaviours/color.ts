/**
 * lightingColorCtrl server (ZCL 5.2): xy, colour temperature, hue/saturation, enhanced hue and colour
 * loop, each with transitions (continuous moves and wrapping hue steps live in color-move.ts).
 * colorMode/enhancedColorMode follow the last command; commands the lamp's colorCapabilities
 * (catalogue) do not allow are refused with UNSUP_CLUSTER_COMMAND.
 */
import type { Behaviour, BehaviourHost, CommandHandler } from '../behaviour';
import { animate, clamp, stopAnimation } from './animate';
import { C, Capability, Mode, OK, needs, setMode, tenthsToMs } from './color-common';
import { colorLoop } from './color-loop';
import { colorMoves } from './color-move';

export { Capability, Mode } from './color-common';

function ctBounds(host: BehaviourHost, ep: number): [number, number] {
  return [host.num(ep, C, 'colorTempPhysicalMin', 153), host.num(ep, C, 'colorTempPhysicalMax', 500)];
}

function toCt(host: BehaviourHost, ep: number, mireds: number, ms: number): void {
  const [min, max] = ctBounds(host, ep);
  colorLoop.stop(host, ep);
  setMode(host, ep, Mode.ct);
  animate(host, ep, C, 'color', { colorTemperature: clamp(mireds, min, max) }, ms);
}

function toHueSat(host: BehaviourHost, ep: number, targets: { hue?: number; saturation?: number; enhancedHue?: number }, ms: number): void {
  colorLoop.stop(host, ep);
  const t: Record<string, number> = {};
  if (targets.enhancedHue !== undefined) {
    t.enhancedCurrentHue = targets.enhancedHue;
    t.currentHue = Math.min(254, targets.enhancedHue >> 8);
  } else if (targets.hue !== undefined) {
    t.currentHue = clamp(targets.hue, 0, 254);
    t.enhancedCurrentHue = t.currentHue << 8;
  }
  if (targets.saturation !== undefined) t.currentSaturation = clamp(targets.saturation, 0, 254);
  setMode(host, ep, targets.enhancedHue !== undefined ? Mode.enhancedHue : Mode.hueSat);
  animate(host, ep, C, 'color', t, ms);
}

const commands: Record<string, CommandHandler> = {
  moveToColor: needs(Capability.xy, (host, { endpoint, args }) => {
    colorLoop.stop(host, endpoint);
    setMode(host, endpoint, Mode.xy);
    animate(host, endpoint, C, 'color', { currentX: Number(args.colorx), currentY: Number(args.colory) }, tenthsToMs(args.transtime));
    return OK;
  }),
  moveToColorTemp: needs(Capability.ct, (host, { endpoint, args }) => (toCt(host, endpoint, Number(args.colortemp), tenthsToMs(args.transtime)), OK)),
  moveColorTemp: needs(Capability.ct, (host, { endpoint, args }) => {
    const mode = Number(args.movemode);
    if (mode === 0) return (stopAnimation(host, endpoint, C, 'color'), OK);
    const [pmin, pmax] = ctBounds(host, endpoint);
    const lo = Math.max(pmin, Number(args.minimum) || pmin);
    const hi = Math.min(pmax, Number(args.maximum) || pmax);
    const target = mode === 1 ? hi : lo;
    const rate = Number(args.rate) || 1;
    toCt(host, endpoint, target, (Math.abs(target - host.num(endpoint, C, 'colorTemperature')) / rate) * 1000);
    return OK;
  }),
  stepColorTemp: needs(Capability.ct, (host, { endpoint, args }) => {
    const sign = Number(args.stepmode) === 1 ? 1 : -1;
    toCt(host, endpoint, host.num(endpoint, C, 'colorTemperature') + sign * Number(args.stepsize), tenthsToMs(args.transtime));
    return OK;
  }),
  moveToHue: needs(Capability.hueSat, (host, { endpoint, args }) => (toHueSat(host, endpoint, { hue: Number(args.hue) }, tenthsToMs(args.transtime)), OK)),
  moveToSaturation: needs(
    Capability.hueSat,
    (host, { endpoint, args }) => (toHueSat(host, endpoint, { saturation: Number(args.saturation) }, tenthsToMs(args.transtime)), OK),
  ),
  moveToHueAndSaturation: needs(
    Capability.hueSat,
    (host, { endpoint, args }) => (toHueSat(host, endpoint, { hue: Number(args.hue), saturation: Number(args.saturation) }, tenthsToMs(args.transtime)), OK),
  ),
  stepSaturation: needs(Capability.hueSat, (host, { endpoint, args }) => {
    const sign = Number(args.stepmode) === 1 ? 1 : -1;
    const saturation = host.num(endpoint, C, 'currentSaturation') + sign * Number(args.stepsize);
    return (toHueSat(host, endpoint, { saturation }, Number(args.transtime) * 100), OK);
  }),
  enhancedMoveToHue: needs(
    Capability.enhancedHue,
    (host, { endpoint, args }) => (toHueSat(host, endpoint, { enhancedHue: Number(args.enhancehue) }, tenthsToMs(args.transtime)), OK),
  ),
  enhancedMoveToHueAndSaturation: needs(
    Capability.enhancedHue,
    (host, { endpoint, args }) => (
      toHueSat(host, endpoint, { enhancedHue: Number(args.enhancehue), saturation: Number(args.saturation) }, tenthsToMs(args.transtime)), OK
    ),
  ),
  colorLoopSet: needs(Capability.loop, (host, call) => {
    colorLoop.set(host, call.endpoint, call.args);
    return OK;
  }),
  stopMoveStep: (host, { endpoint }) => (stopAnimation(host, endpoint, C, 'color'), OK),
  ...colorMoves,
};

export const color: Behaviour = {
  defaults: {
    currentHue: 0,
    currentSaturation: 0,
    remainingTime: 0,
    currentX: 24939,
    currentY: 24701,
    colorTemperature: 366,
    colorMode: Mode.ct,
    enhancedColorMode: Mode.ct,
    options: 0,
    enhancedCurrentHue: 0,
    colorLoopActive: 0,
    colorLoopDirection: 0,
    colorLoopTime: 25,
    colorLoopStartEnhancedHue: 0x2300,
    colorLoopStoredEnhancedHue: 0,
    colorCapabilities: 0x1f,
    colorTempPhysicalMin: 153,
    colorTempPhysicalMax: 500,
  },
  commands,
  start: (host, endpoint) => colorLoop.resume(host, endpoint),
  applyScene: (host, endpoint, values, ms) => {
    const mode = values.colorMode ?? (values.colorTemperature && !values.currentX && !values.currentY ? Mode.ct : Mode.xy);
    if (mode === Mode.ct && values.colorTemperature !== undefined) return toCt(host, endpoint, values.colorTemperature, ms);
    if ((mode === Mode.hueSat || mode === Mode.enhancedHue) && values.enhancedCurrentHue !== undefined) {
      return toHueSat(host, endpoint, { enhancedHue: values.enhancedCurrentHue, saturation: values.currentSaturation }, ms);
    }
    if (values.currentX !== undefined && values.currentY !== undefined) {
      setMode(host, endpoint, Mode.xy);
      animate(host, endpoint, C, 'color', { currentX: values.currentX, currentY: values.currentY }, ms);
    }
  },
};
