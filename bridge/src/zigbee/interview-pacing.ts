import type { Controller, Models } from 'zigbee-herdsman';
import type { Logger } from 'pino';
import { InterviewGate } from './interview-gate';
import { InterviewWindow } from './interview-window';

/**
 * How the bridge paces interviews on a big network (see interview-gate.ts for why): joining
 * devices wait for a slot before herdsman interviews them; the number of slots follows how the
 * radio answers (interview-window.ts), at most `INTERVIEW_SLOTS`. A failed interview is tried
 * again later, in a slot too, up to `RETRIES` times with a growing pause, instead of leaving the
 * device half-known until someone pairs it again.
 */
export const INTERVIEW_SLOTS = 32;
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
  /**
   * A known device announced itself with its interview still to do (one taken over from a database
   * that kept no descriptors): interview it now, in a slot, with permit join closed.
   */
  announced(ieee: string): void;
  /** Other work with a device's answers (a configure caught up after start), in a slot too. */
  run<T>(ieee: string, work: () => Promise<T>): Promise<T>;
  /** Slots now (the window). */
  slots(): number;
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
  const window = new InterviewWindow(slots);
  const gate = new InterviewGate(window.current);
  const attempts = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** ieee -> when its interview got its slot, for the window's timing. */
  const since = new Map<string, number>();
  /** Joining devices herdsman is about to interview. */
  const admitting = new Set<string>();

  const resize = (size: number) => {
    gate.resize(size);
    deps.log.debug({ slots: size, active: gate.active, queued: gate.queued }, 'interview slots');
  };
  /** The window moves first, so the freed slot goes to the next device only if the window allows. */
  const ended = (ieee: string, ok: boolean) => {
    const started = since.get(ieee);
    since.delete(ieee);
    if (started !== undefined && !ok) resize(window.failed());
    if (started !== undefined && ok) resize(window.succeeded(deps.controller()?.getDeviceByIeeeAddr(ieee)?.modelID ?? 'unknown', Date.now() - started));
    gate.leave(ieee);
  };

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
    since.set(ieee, Date.now());
    try {
      await device.interview();
    } catch (err) {
      deps.log.warn({ ieee, attempt: attempts.get(ieee), err: err instanceof Error ? err.message : String(err) }, 'interview retry failed');
      ended(ieee, false);
      deps.failedAgain(device);
      plan(ieee);
      return;
    }
    attempts.delete(ieee);
    try {
      await deps.succeeded(device);
    } finally {
      ended(ieee, true);
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
      // A join announces the device too: herdsman interviews it, `announced` must not.
      admitting.add(ieee);
      await gate.enter(ieee);
      // herdsman starts the interview right after this handler resolves, or not at all (a removed
      // device coming back already interviewed): then the slot is not needed.
      setTimeout(() => {
        admitting.delete(ieee);
        if (controller.getDeviceByIeeeAddr(ieee)?.interviewState !== 'IN_PROGRESS') gate.leave(ieee);
        else since.set(ieee, Date.now());
      }, 0);
      return true;
    },
    failed(ieee) {
      ended(ieee, false);
      plan(ieee);
    },
    done(ieee) {
      ended(ieee, true);
    },
    async run(ieee, work) {
      await gate.enter(ieee);
      try {
        return await work();
      } finally {
        // An interview holding this slot (a rejoin) frees it itself.
        if (!since.has(ieee)) gate.leave(ieee);
      }
    },
    slots: () => window.current,
    announced(ieee) {
      if (timers.has(ieee) || since.has(ieee) || admitting.has(ieee) || !interviewable(deps.controller()?.getDeviceByIeeeAddr(ieee))) return;
      retry(ieee).catch((err: unknown) => deps.log.error({ err, ieee }, 'interview on announce broke'));
    },
    forget(ieee) {
      since.delete(ieee);
      admitting.delete(ieee);
      gate.leave(ieee);
      attempts.delete(ieee);
      clearTimeout(timers.get(ieee));
      timers.delete(ieee);
    },
  };
}
