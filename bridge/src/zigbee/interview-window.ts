/**
 * How many interviews may run at once, moved by how the radio answers (as TCP moves its window):
 * one more after each interview that ended in time, half as many after one failed, one fewer after
 * one that took far longer than the same model's best. Between `min` and `max`; starts at `initial`.
 *
 * Why: herdsman's deCONZ adapter matches an answer to its request by cluster and 8-bit transaction
 * number only (interview-gate.ts), so with too many requests waiting, answers cross between devices
 * and interviews fail; a fixed 8 kept 1,000 devices safe but halved the pace of a 200-device
 * network, whose radio answers 30 interviews at once in time. A failure (a timeout or a crossed
 * answer: INVALID_EP, UNSUPPORTED_CLUSTER) halves the window; slow answers (the same work taking
 * `slowFactor` times as long, beyond `slowMarginMs`) mean the driver's queue is filling: one fewer.
 */
export interface WindowOptions {
  min: number;
  max: number;
  initial: number;
  slowFactor: number;
  slowMarginMs: number;
}

export const WINDOW_DEFAULTS = { min: 1, initial: 8, slowFactor: 3, slowMarginMs: 2_000 } as const;

export class InterviewWindow {
  private size: number;
  /** Model -> its fastest interview so far (ms). */
  private readonly best = new Map<string, number>();
  private readonly options: WindowOptions;

  constructor(max: number, options: Partial<Omit<WindowOptions, 'max'>> = {}) {
    this.options = { ...WINDOW_DEFAULTS, ...options, max };
    this.size = Math.max(this.options.min, Math.min(max, this.options.initial));
  }

  get current(): number {
    return this.size;
  }

  /** An interview (with its configure) ended well after `ms`; `model` groups the same work. */
  succeeded(model: string, ms: number): number {
    const best = this.best.get(model);
    if (best === undefined || ms < best) this.best.set(model, ms);
    const slow = best !== undefined && ms > best * this.options.slowFactor && ms - best > this.options.slowMarginMs;
    return this.set(slow ? this.size - 1 : this.size + 1);
  }

  failed(): number {
    return this.set(Math.floor(this.size / 2));
  }

  private set(size: number): number {
    this.size = Math.max(this.options.min, Math.min(this.options.max, size));
    return this.size;
  }
}
