import { StoreUnavailableError } from './unavailable';

export interface SerialQueueOptions {
  /** Jobs that may wait behind the running one; more are refused at once (`queue full`). */
  maxWaiting?: number;
  /** A caller stops waiting for its job after this long (`timeout`); the job itself still runs to its end. */
  timeoutMs?: number;
}

export const DEFAULT_MAX_WAITING = 1_000;
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Runs async jobs one at a time in submission order. libSQL file databases allow one writer, and
 * "commit, then update memory" only keeps memory in database order if writes never interleave.
 * Bounded: a stuck database makes callers fail fast instead of piling up forever. A job whose
 * caller timed out is not abandoned (that would break the order); the queue waits for it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;

  constructor(options: SerialQueueOptions = {}) {
    this.maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxWaiting) return Promise.reject(new StoreUnavailableError('queue full'));
    this.waiting += 1;
    const result = this.tail.then(() => {
      this.waiting -= 1;
      return job();
    });
    // The chain must survive a failed job; the caller still sees the rejection through `result`.
    this.tail = result.catch(() => undefined);
    return this.bounded(result);
  }

  /** Resolves once every job submitted so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  private bounded<T>(result: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailableError('timeout')), this.timeoutMs);
    });
    return Promise.race([result, timeout]).finally(() => clearTimeout(timer));
  }
}
