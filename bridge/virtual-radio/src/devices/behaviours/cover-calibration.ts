/**
 * A window covering motor that reports its motion and calibrates itself (the ubisys J1): while a
 * travel runs, `operationalStatus` says opening (1) or closing (2), 0 once it stops. In calibration
 * mode (bit 1 of `windowCoveringMode`) it counts the motor steps of each full travel between the end
 * stops: open to closed into `ubisysTotalSteps`, closed to open into `ubisysTotalSteps2` (the J1's
 * own attributes; the calibration resets them to 0xffff first). Writes of its writable twins of
 * standard attributes (`ubisysWindowCoveringType`…) change the standard attribute too.
 * Only devices whose catalogue seeds these attributes get any of this.
 */
import type { ZclValue } from '../../zcl/index';
import type { BehaviourHost } from '../behaviour';

const W = 'closuresWindowCovering';
const CALIBRATION = 0x02;
/** The J1 drives its motor in steps; 50 a second is the converters' default for converting times. */
const STEPS_PER_SECOND = 50;

const TWINS: Readonly<Record<string, string>> = {
  ubisysWindowCoveringType: 'windowCoveringType',
  ubisysConfigStatus: 'configStatus',
  ubisysInstalledOpenLimitLiftCm: 'installedOpenLimitLift',
  ubisysInstalledClosedLimitLiftCm: 'installedClosedLimitLift',
  ubisysInstalledOpenLimitTiltDdegree: 'installedOpenLimitTilt',
  ubisysInstalledClosedLimitTiltDdegree: 'installedClosedLimitTilt',
};

interface Run {
  from: number;
  to: number;
  at: number;
}
const runs = new WeakMap<BehaviourHost, Map<number, Run>>();
const runsOf = (host: BehaviourHost) => runs.get(host) ?? runs.set(host, new Map()).get(host)!;

const hasOwn = (host: BehaviourHost, endpoint: number, attr: string) => host.get(endpoint, W, attr) !== undefined;

/** A lift travel from `from` to `to` percent starts (0 % = open). */
export function liftStarted(host: BehaviourHost, endpoint: number, from: number, to: number): void {
  if (from === to) return;
  runsOf(host).set(endpoint, { from, to, at: host.now() });
  if (hasOwn(host, endpoint, 'operationalStatus')) host.set(endpoint, W, 'operationalStatus', to < from ? 1 : 2);
}

/** The lift reached its target: a full travel in calibration mode is counted. */
export function liftArrived(host: BehaviourHost, endpoint: number): void {
  const run = runsOf(host).get(endpoint);
  runsOf(host).delete(endpoint);
  if (hasOwn(host, endpoint, 'operationalStatus')) host.set(endpoint, W, 'operationalStatus', 0);
  const calibrating = (host.num(endpoint, W, 'windowCoveringMode') & CALIBRATION) !== 0;
  if (!run || !calibrating || !hasOwn(host, endpoint, 'ubisysTotalSteps')) return;
  const steps = Math.max(1, Math.round(((host.now() - run.at) / 1000) * STEPS_PER_SECOND));
  if (run.from === 0 && run.to === 100) host.set(endpoint, W, 'ubisysTotalSteps', steps);
  if (run.from === 100 && run.to === 0) host.set(endpoint, W, 'ubisysTotalSteps2', steps);
}

/** Stopped on command before the target. */
export function liftStopped(host: BehaviourHost, endpoint: number): void {
  runsOf(host).delete(endpoint);
  if (hasOwn(host, endpoint, 'operationalStatus')) host.set(endpoint, W, 'operationalStatus', 0);
}

export function twinWritten(host: BehaviourHost, endpoint: number, attr: string, value: ZclValue): void {
  const twin = TWINS[attr];
  if (twin) host.set(endpoint, W, twin, value);
}
