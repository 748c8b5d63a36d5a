import type { Logger } from 'pino';
import type { DurableObjectStorage } from '@cloudflare/workers-types';
import type { Timers } from '../../services/timers';

/**
 * Timers backed by the Durable Object's alarm: the object keeps its pending callbacks in memory and
 * one storage alarm at the earliest of them, and `fireDue()` (called from the object's `alarm()`)
 * runs what is due. Nothing depends on a request arriving. If the object was evicted meanwhile, the
 * alarm starts it again, and the gateway's start re-plans every timer from the database.
 * `heartbeatMs` keeps an alarm at most that far away (the bridge link watchdog).
 */
export class AlarmTimers implements Timers {
  private readonly pending = new Map<number, { due: number; callback: () => void }>();
  private sequence = 0;
  /** The alarm currently set, if any. */
  private armedAt: number | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly logger: Logger,
    private readonly heartbeatMs?: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  set(callback: () => void, ms: number): unknown {
    const id = ++this.sequence;
    this.pending.set(id, { due: this.now() + Math.max(0, ms), callback });
    this.arm();
    return id;
  }

  clear(handle: unknown): void {
    // The alarm stays; firing with nothing due only sets the next one.
    this.pending.delete(handle as number);
  }

  size(): number {
    return this.pending.size;
  }

  /** Run every callback that is due, in due order, then set the alarm for the next one. */
  fireDue(): number {
    this.armedAt = undefined;
    const now = this.now();
    const due = [...this.pending].filter(([, timer]) => timer.due <= now).sort((a, b) => a[1].due - b[1].due);
    for (const [id, timer] of due) {
      this.pending.delete(id);
      try {
        timer.callback();
      } catch (err) {
        this.logger.error({ err }, 'timer callback failed');
      }
    }
    this.arm();
    return due.length;
  }

  private arm(): void {
    let next = Number.POSITIVE_INFINITY;
    for (const timer of this.pending.values()) next = Math.min(next, timer.due);
    if (this.heartbeatMs !== undefined) next = Math.min(next, this.now() + this.heartbeatMs);
    if (next === Number.POSITIVE_INFINITY) return;
    if (this.armedAt !== undefined && this.armedAt <= next) return;
    this.armedAt = next;
    this.storage.setAlarm(next).catch((err: unknown) => this.logger.error({ err }, 'could not set the alarm'));
  }
}
