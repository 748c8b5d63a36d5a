/**
 * Runs async jobs one at a time in submission order. libSQL file databases allow one writer, and
 * "commit, then update memory" only keeps memory in database order if writes never interleave.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    // The chain must survive a failed job; the caller still sees the rejection through `result`.
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every job submitted so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
