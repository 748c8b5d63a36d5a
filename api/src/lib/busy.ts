/**
 * A dependency could not take a call in time (the database's write queue is full, a call ran past
 * its timeout, a file is locked). The error renderer answers it 503 type 951 ("gateway busy",
 * which deCONZ clients retry) with `Retry-After`, without knowing which dependency it was.
 */
export class BusyError extends Error {
  override name = 'BusyError';
  constructor(
    /** What was busy, for the log line ("database"). */
    readonly what: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${what} unavailable: ${reason}`, options);
  }
}
