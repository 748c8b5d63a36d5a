/** genLevelCtrl server: move-to-level, move, step and stop, with and without on/off (ZCL 3.10). */
import type { Behaviour, BehaviourHost, CommandCall, CommandHandler } from '../behaviour';
import { animate, clamp, stopAnimation } from './animate';

const OK = { status: 0 } as const;
const L = 'genLevelCtrl';

function bounds(host: BehaviourHost, ep: number): [number, number] {
  return [host.num(ep, L, 'minLevel', 1), host.num(ep, L, 'maxLevel', 254)];
}

/** Moves to `level` over `ms`; with on/off, turns on first and off when it ends at the minimum. */
function moveTo(host: BehaviourHost, ep: number, level: number, ms: number, withOnOff: boolean): void {
  const [min, max] = bounds(host, ep);
  const target = clamp(level, min, max);
  const hasOnOff = withOnOff && host.has(ep, 'genOnOff');
  if (hasOnOff && level > min) host.set(ep, 'genOnOff', 'onOff', 1);
  const turnsOff = hasOnOff && level <= min;
  animate(host, ep, L, 'level', { currentLevel: target }, ms, {
    onDone: () => {
      if (turnsOff) host.set(ep, 'genOnOff', 'onOff', 0);
    },
  });
}

const moveToLevel =
  (withOnOff: boolean): CommandHandler =>
  (host, { endpoint, args }: CommandCall) => {
    const tenths = Number(args.transtime);
    // 0xFFFF = "use the device's default", which for these lamps is the on/off transition time.
    const ms = (tenths === 0xffff ? host.num(endpoint, L, 'onOffTransitionTime') : tenths) * 100;
    moveTo(host, endpoint, Number(args.level), ms, withOnOff);
    return OK;
  };

const move =
  (withOnOff: boolean): CommandHandler =>
  (host, { endpoint, args }) => {
    const [min, max] = bounds(host, endpoint);
    const up = Number(args.movemode) === 0;
    const rate = Number(args.rate) || 0xff;
    const current = host.num(endpoint, L, 'currentLevel');
    const target = up ? max : withOnOff ? 0 : min;
    const ms = rate === 0xff ? 0 : (Math.abs((up ? max : min) - current) / rate) * 1000;
    moveTo(host, endpoint, target, ms, withOnOff);
    return OK;
  };

const step =
  (withOnOff: boolean): CommandHandler =>
  (host, { endpoint, args }) => {
    const [min] = bounds(host, endpoint);
    const up = Number(args.stepmode) === 0;
    const current = host.num(endpoint, L, 'currentLevel');
    const wanted = current + (up ? 1 : -1) * Number(args.stepsize);
    const target = !up && withOnOff && wanted <= min ? 0 : wanted;
    const tenths = Number(args.transtime);
    moveTo(host, endpoint, target, tenths === 0xffff ? 0 : tenths * 100, withOnOff);
    return OK;
  };

const stop: CommandHandler = (host, { endpoint }) => {
  stopAnimation(host, endpoint, L, 'level');
  return OK;
};

export const level: Behaviour = {
  defaults: { currentLevel: 254, remainingTime: 0, minLevel: 1, maxLevel: 254, options: 0, onOffTransitionTime: 0, onLevel: 255, startUpCurrentLevel: 255 },
  commands: {
    moveToLevel: moveToLevel(false),
    move: move(false),
    step: step(false),
    stop,
    moveToLevelWithOnOff: moveToLevel(true),
    moveWithOnOff: move(true),
    stepWithOnOff: step(true),
    stopWithOnOff: stop,
  },
  applyScene: (host, endpoint, values, ms) => {
    if (values.currentLevel !== undefined) moveTo(host, endpoint, values.currentLevel, ms, false);
  },
};
