import type { Logger } from 'pino';

/** How often, at most, a pairing burst is summed up at info level. */
export const PAIRING_SUMMARY_MS = 5_000;

export interface PairingSummary {
  joined(ieee: string): void;
  interviewed(ieee: string, ok: boolean): void;
  stop(): void;
}

interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}

const REAL_TIMERS: Timers = {
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/**
 * Pairing progress as a few info lines instead of one per device and step (the per-device lines
 * are debug): while devices join and are interviewed, one line every few seconds with the counts
 * of this burst, and one when every device that joined has been interviewed.
 */
export function pairingSummary(log: Logger, timers: Timers = REAL_TIMERS): PairingSummary {
  const pending = new Set<string>();
  let interviewed = 0;
  let failed = 0;
  let timer: unknown;

  const flush = () => {
    timer = undefined;
    const counts = { interviewed, failed, pending: pending.size };
    if (pending.size > 0) {
      log.info(counts, `pairing: ${interviewed} interviewed, ${pending.size} in progress`);
      schedule();
      return;
    }
    log.info(counts, `pairing: ${interviewed} device${interviewed === 1 ? '' : 's'} interviewed${failed > 0 ? `, ${failed} failed` : ''}; all done`);
    interviewed = 0;
    failed = 0;
  };
  const schedule = () => {
    timer ??= timers.set(flush, PAIRING_SUMMARY_MS);
  };

  return {
    joined(ieee) {
      pending.add(ieee);
      schedule();
    },
    interviewed(ieee, ok) {
      pending.delete(ieee);
      if (ok) interviewed += 1;
      else failed += 1;
      schedule();
    },
    stop() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
    },
  };
}
