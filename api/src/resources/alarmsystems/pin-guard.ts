/**
 * PIN guessing throttle per alarm system (deCONZ has none). Five wrong PINs within a minute, from
 * REST or a keypad alike, lock every PIN attempt out, the right PIN included; each lock-out that
 * follows another without a correct PIN in between lasts twice as long, up to an hour. Pure: the
 * caller passes the time.
 */

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 60_000;
export const FIRST_LOCKOUT_MS = 60_000;
export const MAX_LOCKOUT_MS = 3_600_000;

export interface GuardState {
  /** Times of recent wrong PINs (within the window). */
  failures: readonly number[];
  /** Epoch ms until which every attempt is refused; 0 = open. */
  lockedUntil: number;
  /** How many lock-outs in a row (grows the next one). */
  lockouts: number;
}

export const OPEN_GUARD: GuardState = { failures: [], lockedUntil: 0, lockouts: 0 };

/** Epoch ms the lock-out ends, or 0 when attempts are allowed now. */
export function lockedUntil(guard: GuardState, now: number): number {
  return guard.lockedUntil > now ? guard.lockedUntil : 0;
}

export interface FailureOutcome {
  guard: GuardState;
  /** Set when this failure started a lock-out: its length. */
  lockoutMs?: number;
}

/** Count a wrong PIN; the fifth in the window starts a lock-out. */
export function recordFailure(guard: GuardState, now: number): FailureOutcome {
  const failures = [...guard.failures.filter((at) => at > now - FAILURE_WINDOW_MS), now];
  if (failures.length < MAX_FAILURES) return { guard: { ...guard, failures } };
  const lockoutMs = Math.min(MAX_LOCKOUT_MS, FIRST_LOCKOUT_MS * 2 ** guard.lockouts);
  return { guard: { failures: [], lockedUntil: now + lockoutMs, lockouts: guard.lockouts + 1 }, lockoutMs };
}

/** A correct PIN (outside a lock-out) forgets the past failures and lock-outs. */
export function recordSuccess(): GuardState {
  return OPEN_GUARD;
}
