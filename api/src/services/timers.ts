/**
 * Timers that must fire without a request arriving (schedules, the automation clock tick, the
 * Daylight sensor). Injected so each runtime decides what backs them: plain timers on Node,
 * Durable Object alarms on workerd, and tests decide when they fire.
 */
export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const platformTimers: Timers = {
  set(callback, ms) {
    const handle = setTimeout(callback, ms) as unknown as { unref?: () => void };
    // A pending timer must not keep a Node process alive on shutdown.
    handle.unref?.();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
