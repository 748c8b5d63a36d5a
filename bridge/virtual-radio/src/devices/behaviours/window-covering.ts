/** closuresWindowCovering server (ZCL 7.4): lift and tilt travel at the catalogue's speed; 0 % = open. */
import type { Behaviour, BehaviourHost, CommandHandler } from '../behaviour';
import { animate, clamp, stopAnimation } from './animate';

const W = 'closuresWindowCovering';
const OK = { status: 0 } as const;

function travel(host: BehaviourHost, ep: number, axis: 'Lift' | 'Tilt', percent: number): void {
  const attr = `currentPosition${axis}Percentage`;
  const target = clamp(Math.round(percent), 0, 100);
  const ms = (Math.abs(target - host.num(ep, W, attr)) / host.config.coverSpeed) * 1000;
  animate(host, ep, W, axis, { [attr]: target }, ms);
}

const goTo =
  (axis: 'Lift' | 'Tilt', field: string): CommandHandler =>
  (host, { endpoint, args }) => {
    const percent = Number(args[field]);
    if (percent > 100) return { status: 0x87 }; // INVALID_VALUE
    travel(host, endpoint, axis, percent);
    return OK;
  };

export const windowCovering: Behaviour = {
  defaults: { windowCoveringType: 0, configStatus: 0x03, currentPositionLiftPercentage: 0, currentPositionTiltPercentage: 0, windowCoveringMode: 0 },
  commands: {
    upOpen: (host, { endpoint }) => (travel(host, endpoint, 'Lift', 0), OK),
    downClose: (host, { endpoint }) => (travel(host, endpoint, 'Lift', 100), OK),
    stop: (host, { endpoint }) => (stopAnimation(host, endpoint, W), OK),
    goToLiftPercentage: goTo('Lift', 'percentageliftvalue'),
    goToTiltPercentage: goTo('Tilt', 'percentagetiltvalue'),
  },
  applyScene: (host, endpoint, values) => {
    if (values.currentPositionLiftPercentage !== undefined) travel(host, endpoint, 'Lift', values.currentPositionLiftPercentage);
    if (values.currentPositionTiltPercentage !== undefined) travel(host, endpoint, 'Tilt', values.currentPositionTiltPercentage);
  },
};
