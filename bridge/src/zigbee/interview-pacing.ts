import type { Controller, Models } from 'zigbee-herdsman';
import type { Logger } from 'pino';
import { InterviewGate } from './interview-gate';

/**
 * How the bridge paces interviews on a big network (see interview-gate.ts for why): joining
 * devices wait for one of `INTERVIEW_SLOTS` slots before herdsman interviews them, and a failed
 * interview is tried again later, in a slot too, up to `RETRIES` times with a growing pause, instead
 * of leaving the device half-known until someone pairs it again.
 */
export const INTERVIEW_SLOTS = 8;
const RETRIES = 3;
const RETRY_PAUSE_MS = 10_000;

export interface InterviewPacing {
  /** herdsman's acceptJoiningDeviceHandler: waits for a slot when herdsman will interview. */
  admit(controller: Controller, ieee: string): Promise<boolean>;
  /** herdsman reported the interview failed: free the slot and plan another try. */
  failed(ieee: string): void;
  /** The interview succeeded and the device is configured (or gave up): free the slot. */
  done(ieee: string): void;
  /** The device left: no more tries. */
  forget(ieee: string): void;
}

export interface PacingDeps {
  /** The current controller, or undefined while the network is down. */
  controller(): Controller | undefined;
  /** A retried interview started / failed / succeeded (success: prepare, then report). */
  started(device: Models.Device): void;
  failedAgain(device: Models.Device): void;
  succeeded(device: Models.Device): Promise<void>;
  log: Logger;
}

export function createInterviewPacing(deps: PacingDeps, slots = INTERVIEW_SLOTS, pauseMs = RETRY_PAUSE_MS): InterviewPacing {
  const gate = new InterviewGate(slots);
  const attempts = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();

  const interviewable = (device: Models.Device | undefined) =>
    device !== undefined && !device.isDeleted && (device.interviewState === 'PENDING' || device.interviewState === 'FAILED');

  const retry = async (ieee: string) => {
    timers.delete(ieee);
    const before = deps.controller()?.getDeviceByIeeeAddr(ieee);
    if (!interviewable(before)) return;
    await gate.enter(ieee);
    // The device may have rejoined (and been interviewed by herdsman) while it waited.
    const device = deps.controller()?.getDeviceByIeeeAddr(ieee);
    if (!device || !interviewable(device)) return gate.leave(ieee);
    deps.started(device);
    try {
      await device.interview();
    } catch (err) {
      deps.log.warn({ ieee, attempt: attempts.get(ieee), err: err instanceof Error ? err.message : String(err) }, 'interview retry failed');
      gate.leave(ieee);
      deps.failedAgain(device);
      plan(ieee);
      return;
    }
    attempts.delete(ieee);
    try {
      await deps.succeeded(device);
    } finally {
      gate.leave(ieee);
    }
  };

  const plan = (ieee: string) => {
    const attempt = (attempts.get(ieee) ?? 0) + 1;
    if (attempt > RETRIES || timers.has(ieee)) {
      if (attempt > RETRIES) deps.log.warn({ ieee, tries: RETRIES }, 'interview failed after retries; pair the device again');
      return;
    }
    attempts.set(ieee, attempt);
    const timer = setTimeout(() => {
      retry(ieee).catch((err: unknown) => deps.log.error({ err, ieee }, 'interview retry broke'));
    }, pauseMs * attempt);
    timers.set(ieee, timer.unref());
  };

  return {
    async admit(controller, ieee) {
      const known = controller.getDeviceByIeeeAddr(ieee);
      if (known && !interviewable(known)) return true;
      await gate.enter(ieee);
      // herdsman starts the interview right after this handler resolves, or not at all (a removed
      // device coming back already interviewed): then the slot is not needed.
      setTimeout(() => {
        if (controller.getDeviceByIeeeAddr(ieee)?.interviewState !== 'IN_PROGRESS') gate.leave(ieee);
      }, 0);
      return true;
    },
    failed(ieee) {
      gate.leave(ieee);
      plan(ieee);
    },
    done(ieee) {
      gate.leave(ieee);
    },
    forget(ieee) {
      gate.leave(ieee);
      attempts.delete(ieee);
      clearTimeout(timers.get(ieee));
      timers.delete(ieee);
    },
  };
}
