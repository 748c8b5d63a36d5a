/**
 * Bounded waiting, the one poll of every test folder: `probe` until it gives something other than
 * undefined or false (a probe that throws is tried again), then its value. Every wait ends, with a
 * message saying what was awaited; `what` may be a function, so a message quoting output is built
 * only when the wait fails.
 */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string | (() => string),
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      const awaited = typeof what === 'function' ? what() : what;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${awaited}${last ? ` (last error: ${String(last)})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** `what` may be a function, so a message that quotes output is built when the wait fails, not before. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string | (() => string)): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const describe = () => (typeof what === 'function' ? what() : what);
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${describe()}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
