/** Bounded waiting: every wait in the cross-process tests ends, with a message saying what was awaited. */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
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
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
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
