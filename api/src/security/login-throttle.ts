/**
 * Failed `POST /api` logins per client address. Up to `FREE_FAILURES` are free; each further
 * attempt must wait twice as long as the one before (1 s, 2 s, 4 s… up to 15 min) after the last
 * failure, and is refused without checking the password, so guessing costs time and not our CPU.
 * A success forgets the client. The table is bounded: the oldest entries go first.
 */
export const FREE_FAILURES = 5;
const MAX_DELAY_MS = 15 * 60 * 1000;
const FORGET_AFTER_MS = 60 * 60 * 1000;
const MAX_CLIENTS = 10_000;

interface Failures {
  count: number;
  last: number;
}

export class LoginThrottle {
  private readonly clients = new Map<string, Failures>();

  /** Milliseconds the client must still wait before its next attempt (0: go ahead). */
  waitFor(client: string, now: number): number {
    const entry = this.clients.get(client);
    if (!entry || entry.count < FREE_FAILURES) return 0;
    if (now - entry.last > FORGET_AFTER_MS) {
      this.clients.delete(client);
      return 0;
    }
    const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** (entry.count - FREE_FAILURES));
    return Math.max(0, entry.last + delay - now);
  }

  failed(client: string, now: number): void {
    const entry = this.clients.get(client) ?? { count: 0, last: now };
    this.clients.delete(client);
    this.clients.set(client, { count: entry.count + 1, last: now });
    if (this.clients.size > MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value!);
  }

  succeeded(client: string): void {
    this.clients.delete(client);
  }
}
