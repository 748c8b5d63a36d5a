/**
 * How many interviews may run at once, moved by how the radio answers (as TCP moves its window):
 * one more after each interview that ended in time, half as many after one failed, one fewer after
 * one that took far longer than the same model's recent ones. Between `min` and `max`; starts at `initial`.
 *
 * Why: herdsman's deCONZ adapter matches an answer to its request by cluster and 8-bit transaction
 * number only (interview-gate.ts), so with too many requests waiting, answers cross between devices
 * and interviews fail; a fixed 8 kept 1,000 devices safe but held a 200-device network to
 * half the pace it paired at without a limit. A failure (a timeout or a crossed
 * answer: INVALID_EP, UNSUPPORTED_CLUSTER) halves the window; slow answers (the same work taking
 * `slowFactor` times as long as its moving average, beyond `slowMarginMs`) mean the driver's queue
 * filled at once: one fewer. The average, not the best time, so a host that is slow as a whole (a
 * busy CPU) does not close the window; a failure still halves it.
 */
export interface WindowOptions {
  min: number;
  max: number;
  initial: number;
  slowFactor: number;
  slowMarginMs: number;
}

/** Weight of the newest interview in a model's moving average. */
const AVERAGE_WEIGHT = 0.2;

export const WINDOW_DEFAULTS = { min: 1, initial: 8, slowFactor: 3, slowMarginMs: 2_000 } as const;

export class InterviewWindow {
  private size: number;
  /** Model -> its recent interview time (ms, moving average): follows a host slowing down as a whole. */
  private readonly usual = new Map<string, number>();
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
    const usual = this.usual.get(model);
    this.usual.set(model, usual === undefined ? ms : usual * (1 - AVERAGE_WEIGHT) + ms * AVERAGE_WEIGHT);
    const slow = usual !== undefined && ms > usual * this.options.slowFactor && ms - usual > this.options.slowMarginMs;
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
