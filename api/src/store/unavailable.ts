import { BusyError } from '../lib/busy';

/**
 * The database could not take a call in time: the write queue is full, a call ran past its
 * timeout, or the file is locked by someone else. Routes answer 503 type 951 ("gateway busy",
 * which deCONZ clients retry) instead of hanging; nothing was acknowledged.
 */
export class StoreUnavailableError extends BusyError {
  override name = 'StoreUnavailableError';
  constructor(
    override readonly reason: 'queue full' | 'timeout' | 'locked',
    options?: { cause?: unknown },
  ) {
    super('database', reason, options);
  }
}

/** libSQL/SQLite's "someone else holds the lock" errors. */
export function isLockError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  const text = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : '';
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || /database is locked|SQLITE_BUSY/i.test(text);
}
