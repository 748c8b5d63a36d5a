/**
 * Named timers on the radio's clock; one key = at most one pending timer, all cleared on stop.
 * Timers are not gated on start(): a command that arrives before start() still completes its transition.
 */
import type { DeviceContext } from '../network/types';

export class Timers {
  private readonly pending = new Map<string, unknown>();
  constructor(private readonly ctx: DeviceContext) {}

  /** Runs `fn` once after `ms`, replacing any timer with the same key. */
  set(key: string, fn: () => void, ms: number): void {
    this.clear(key);
    const handle = this.ctx.setTimeout(
      () => {
        this.pending.delete(key);
        fn();
      },
      Math.max(0, ms),
    );
    this.pending.set(key, handle);
  }

  /** Runs `fn` every `ms` until cleared; `fn` returning false stops the repetition. */
  // biome-ignore lint/suspicious/noConfusingVoidType: most callbacks return nothing, only a stop returns false
  every(key: string, fn: () => boolean | void, ms: number): void {
    const tick = () => {
      if (fn() !== false) this.set(key, tick, ms);
    };
    this.set(key, tick, ms);
  }

  /** The keys of pending timers that start with `prefix`. */
  keys(prefix = ''): string[] {
    return [...this.pending.keys()].filter((key) => key.startsWith(prefix));
  }

  has(key: string): boolean {
    return this.pending.has(key);
  }

  clear(key: string): void {
    const handle = this.pending.get(key);
    if (handle === undefined) return;
    this.ctx.clearTimeout(handle);
    this.pending.delete(key);
  }

  /** Clears every timer whose key starts with `prefix`. */
  clearPrefix(prefix: string): void {
    for (const key of this.keys(prefix)) this.clear(key);
  }

  stop(): void {
    for (const key of [...this.pending.keys()]) this.clear(key);
  }
}
