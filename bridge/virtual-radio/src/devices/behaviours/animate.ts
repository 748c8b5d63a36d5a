/**
 * Moves numeric attributes linearly to targets over time on the radio's clock, one step every
 * `stepMs` (catalogue), each at the point the elapsed time gives, ending exactly on the target
 * once the duration has passed. A new animation with the same key replaces
 * the old one, which is how "stop" and a second command mid-transition behave on real lamps.
 */
import type { BehaviourHost } from '../behaviour';

export interface AnimateOptions {
  onDone?: () => void;
}

/** Timer keys of animations and drives start with this, so they can be listed and cleared together. */
const ANIMATION = 'anim:';
const timerKey = (endpoint: number, cluster: string, key: string) => `${ANIMATION}${endpoint}:${cluster}:${key}`;

export function animate(
  host: BehaviourHost,
  endpoint: number,
  cluster: string,
  key: string,
  targets: Record<string, number>,
  durationMs: number,
  options: AnimateOptions = {},
): void {
  const tk = timerKey(endpoint, cluster, key);
  host.timers.clear(tk);
  const starts = Object.fromEntries(Object.keys(targets).map((attr) => [attr, host.num(endpoint, cluster, attr)]));
  const steps = Math.ceil(Math.max(0, durationMs) / host.config.stepMs);
  const finish = () => {
    for (const [attr, target] of Object.entries(targets)) host.set(endpoint, cluster, attr, Math.round(target));
    options.onDone?.();
  };
  if (steps <= 1) {
    if (steps === 1) host.timers.set(tk, finish, durationMs);
    else finish();
    return;
  }
  // Each step sets where the motion is by the clock, not by counting steps: a timer that fires late
  // (a loaded machine) moves the value further, so the motion ends when its duration has passed, as
  // a real motor or lamp does, instead of stretching by every late step.
  const started = host.now();
  host.timers.every(
    tk,
    () => {
      const done = Math.min(1, (host.now() - started) / durationMs);
      if (done >= 1) {
        finish();
        return false;
      }
      for (const [attr, target] of Object.entries(targets)) {
        host.set(endpoint, cluster, attr, Math.round(starts[attr] + (target - starts[attr]) * done));
      }
      return true;
    },
    durationMs / steps,
  );
}

/**
 * Runs `tick(elapsedMs)` every `stepMs` under the same key as `animate` (so a stop or the next command
 * replaces it) until it returns false: for motions with no fixed end, or ones that wrap round.
 */
export function drive(host: BehaviourHost, endpoint: number, cluster: string, key: string, tick: (elapsedMs: number) => boolean): void {
  const tk = timerKey(endpoint, cluster, key);
  host.timers.clear(tk);
  const started = host.now();
  host.timers.every(tk, () => tick(host.now() - started), host.config.stepMs);
}

export function stopAnimation(host: BehaviourHost, endpoint: number, cluster: string, key?: string): void {
  if (key) host.timers.clear(timerKey(endpoint, cluster, key));
  else host.timers.clearPrefix(`${ANIMATION}${endpoint}:${cluster}:`);
}

/** The animations and drives under way on a device, as `endpoint:cluster:key`. */
export function motions(host: Pick<BehaviourHost, 'timers'>): string[] {
  return host.timers.keys(ANIMATION).map((key) => key.slice(ANIMATION.length));
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
