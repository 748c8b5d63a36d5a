/** What a correlated call ends with: the bridge's data, or an error code from the contract. */
export type Settled<T> = { status: 'ok'; data: T } | { status: 'error'; code: string; message: string; field?: string };

interface Waiter {
  settle(outcome: Settled<unknown>): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Calls waiting for the bridge's answer, keyed by the `transaction` the api put in the request.
 * Every wait is bounded; the timer is the only way a call can end without an answer.
 */
export class PendingCalls {
  private readonly waiting = new Map<string, Waiter>();
  private counter = 0;
  private readonly prefix: string;

  constructor(prefix = 'api') {
    // Unique across api restarts, so a late answer to a previous process never matches.
    const random = crypto.getRandomValues(new Uint8Array(4));
    this.prefix = `${prefix}-${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  }

  size(): number {
    return this.waiting.size;
  }

  nextTransaction(): string {
    this.counter += 1;
    return `${this.prefix}-${this.counter}`;
  }

  /** Wait for `transaction`; `what` names the call in the timeout message. */
  wait<T>(transaction: string, timeoutMs: number, what: string): Promise<Settled<T>> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(transaction);
        resolve({ status: 'error', code: 'timeout', message: `${what}: no answer from the bridge within ${timeoutMs} ms` });
      }, timeoutMs);
      this.waiting.set(transaction, { settle: resolve as (outcome: Settled<unknown>) => void, timer });
    });
  }

  /** An answer arrived; false when nobody waits for it (another client's, or too late). */
  settle(transaction: string, outcome: Settled<unknown>): boolean {
    const waiter = this.waiting.get(transaction);
    if (!waiter) return false;
    this.waiting.delete(transaction);
    clearTimeout(waiter.timer);
    waiter.settle(outcome);
    return true;
  }

  /** The bridge went away: nobody will answer the calls in flight. */
  failAll(code: string, message: string): void {
    for (const [transaction] of [...this.waiting]) this.settle(transaction, { status: 'error', code, message });
  }
}
