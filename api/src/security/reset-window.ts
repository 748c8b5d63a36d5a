/**
 * `DELETE /api/config/password` needs no credentials, so it must only work shortly after a start
 * an operator caused: stopping the gateway cleanly and starting it again needs access to the
 * host. A crash, a kill, a power cut or the supervisor bringing a dead process back must not open
 * it, or anyone able to crash the api could reset the login.
 */
export const RESET_WINDOW_MS = 10 * 60 * 1000;

export interface StartFacts {
  /** The database was created by this start (nothing to protect yet). */
  fresh: boolean;
  /** The previous run left the clean-shutdown marker (it stopped on SIGINT/SIGTERM and closed). */
  cleanShutdown: boolean;
  /** The supervisor restarted this process after it exited on its own. */
  supervisedRestart: boolean;
}

export type ResetWindowReason = 'fresh database' | 'clean restart' | 'previous run did not shut down cleanly' | 'restarted by the supervisor';

/** Until when the window is open (0: closed), and why, for the start log. */
export function resetWindow(facts: StartFacts, startedAt: number): { until: number; reason: ResetWindowReason } {
  if (facts.supervisedRestart) return { until: 0, reason: 'restarted by the supervisor' };
  if (facts.fresh) return { until: startedAt + RESET_WINDOW_MS, reason: 'fresh database' };
  if (facts.cleanShutdown) return { until: startedAt + RESET_WINDOW_MS, reason: 'clean restart' };
  return { until: 0, reason: 'previous run did not shut down cleanly' };
}
