/**
 * closuresWindowCovering server (ZCL 7.4): lift and tilt travel at the catalogue's speed; 0 % = open.
 * The absolute positions (currentPositionLift/Tilt, between the installed open and closed limits)
 * travel with the percentages, so go-to-value and go-to-percentage are the same motion.
 */
import type { Behaviour, BehaviourHost, CommandHandler } from '../behaviour';
import { animate, clamp, stopAnimation } from './animate';
import { liftArrived, liftStarted, liftStopped, twinWritten } from './cover-calibration';

const W = 'closuresWindowCovering';
const OK = { status: 0 } as const;
const INVALID_VALUE = { status: 0x87 } as const;
type Axis = 'Lift' | 'Tilt';

/** [open, closed] limits of an axis in its own units (lift: cm, tilt: tenths of a degree). */
function limits(host: BehaviourHost, ep: number, axis: Axis): [number, number] {
  return [host.num(ep, W, `installedOpenLimit${axis}`), host.num(ep, W, `installedClosedLimit${axis}`)];
}

const valueAt = ([open, closed]: [number, number], percent: number) => Math.round(open + ((closed - open) * percent) / 100);

function travel(host: BehaviourHost, ep: number, axis: Axis, percent: number): void {
  const attr = `currentPosition${axis}Percentage`;
  const target = clamp(Math.round(percent), 0, 100);
  const from = host.num(ep, W, attr);
  const ms = (Math.abs(target - from) / host.config.coverSpeed) * 1000;
  if (axis === 'Lift') liftStarted(host, ep, from, target);
  const onDone = axis === 'Lift' ? () => liftArrived(host, ep) : undefined;
  animate(host, ep, W, axis, { [attr]: target, [`currentPosition${axis}`]: valueAt(limits(host, ep, axis), target) }, ms, { onDone });
}

const goToPercentage =
  (axis: Axis, field: string): CommandHandler =>
  (host, { endpoint, args }) => {
    const percent = Number(args[field]);
    if (percent > 100) return INVALID_VALUE;
    travel(host, endpoint, axis, percent);
    return OK;
  };

const goToValue =
  (axis: Axis, field: string): CommandHandler =>
  (host, { endpoint, args }) => {
    const [open, closed] = limits(host, endpoint, axis);
    const value = Number(args[field]);
    if (open === closed || value < Math.min(open, closed) || value > Math.max(open, closed)) return INVALID_VALUE;
    travel(host, endpoint, axis, ((value - open) * 100) / (closed - open));
    return OK;
  };

export const windowCovering: Behaviour = {
  defaults: {
    windowCoveringType: 0,
    configStatus: 0x03,
    currentPositionLiftPercentage: 0,
    currentPositionTiltPercentage: 0,
    currentPositionLift: 0,
    currentPositionTilt: 0,
    installedOpenLimitLift: 0,
    installedClosedLimitLift: 200,
    installedOpenLimitTilt: 0,
    installedClosedLimitTilt: 900,
    windowCoveringMode: 0,
  },
  commands: {
    upOpen: (host, { endpoint }) => (travel(host, endpoint, 'Lift', 0), OK),
    downClose: (host, { endpoint }) => (travel(host, endpoint, 'Lift', 100), OK),
    stop: (host, { endpoint }) => (stopAnimation(host, endpoint, W), liftStopped(host, endpoint), OK),
    goToLiftValue: goToValue('Lift', 'liftvalue'),
    goToLiftPercentage: goToPercentage('Lift', 'percentageliftvalue'),
    goToTiltValue: goToValue('Tilt', 'tiltvalue'),
    goToTiltPercentage: goToPercentage('Tilt', 'percentagetiltvalue'),
  },
  written: twinWritten,
  // Catalogue seeds may set only the percentages: bring the absolute positions in line once.
  start: (host, endpoint) => {
    for (const axis of ['Lift', 'Tilt'] as const) {
      const percent = host.num(endpoint, W, `currentPosition${axis}Percentage`);
      host.set(endpoint, W, `currentPosition${axis}`, valueAt(limits(host, endpoint, axis), percent));
    }
  },
  applyScene: (host, endpoint, values) => {
    if (values.currentPositionLiftPercentage !== undefined) travel(host, endpoint, 'Lift', values.currentPositionLiftPercentage);
    if (values.currentPositionTiltPercentage !== undefined) travel(host, endpoint, 'Tilt', values.currentPositionTiltPercentage);
  },
};
