/** Time as the gateway sees it; injected so tests can move it (unlock windows, reset window). */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told; for tests and simulations. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}
