/**
 * At most `limit` devices interviewed (and configured) at a time, first come first served; the
 * limit moves with how the radio answers (interview-window.ts).
 *
 * Why: zigbee-herdsman starts an interview for every joining device at once, and its deCONZ
 * adapter matches a ZDO or ZCL answer to its request by cluster and 8-bit transaction number only,
 * not by sender. With hundreds of interviews in flight (a 1,000-device network opened at once)
 * the numbers repeat, one device's answer completes another device's request, and interviews fail
 * (a simple descriptor asked for an endpoint the device does not have: INVALID_EP). A joining
 * device waits in herdsman's join handler until a slot is free; its slot is freed when its
 * interview has failed or, after success, once it is configured; and after `maxHoldMs` whatever
 * happened, so a lost event cannot block pairing for good.
 */
export class InterviewGate {
  private readonly holders = new Map<string, NodeJS.Timeout>();
  private readonly queue: string[] = [];
  private readonly waiting = new Map<string, { promise: Promise<void>; wake: () => void }>();

  constructor(
    private limit: number,
    private readonly maxHoldMs = 120_000,
  ) {}

  /** A new number of slots (interview-window.ts): more lets waiting devices in; fewer takes no slot back. */
  resize(limit: number): void {
    this.limit = limit;
    this.admitWaiting();
  }

  /** Resolves once `ieee` holds a slot (at once if it already does). */
  enter(ieee: string): Promise<void> {
    if (this.holders.has(ieee)) return Promise.resolve();
    const pending = this.waiting.get(ieee);
    if (pending) return pending.promise;
    if (this.holders.size < this.limit) {
      this.grant(ieee);
      return Promise.resolve();
    }
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => (wake = resolve));
    this.waiting.set(ieee, { promise, wake });
    this.queue.push(ieee);
    return promise;
  }

  /** Frees the slot of `ieee` (nothing if it holds none) and lets the next waiting device in. */
  leave(ieee: string): void {
    const timer = this.holders.get(ieee);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.holders.delete(ieee);
    this.admitWaiting();
  }

  private admitWaiting(): void {
    while (this.holders.size < this.limit && this.queue.length > 0) {
      const next = this.queue.shift()!;
      const entry = this.waiting.get(next);
      this.waiting.delete(next);
      this.grant(next);
      entry?.wake();
    }
  }

  get active(): number {
    return this.holders.size;
  }

  get queued(): number {
    return this.queue.length;
  }

  private grant(ieee: string): void {
    this.holders.set(ieee, setTimeout(() => this.leave(ieee), this.maxHoldMs).unref());
  }
}
