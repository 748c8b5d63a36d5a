/**
 * Faults of the EmberZNet front's serial link, set through the control API: host DATA frames NAKed
 * instead of taken, NCP frames lost on the wire, a stuck NCP that hears nothing for a while, and an
 * NCP reset by itself (RSTACK with a reset reason, as after a watchdog or an assert).
 */
export type LinkFaultSpec =
  | { kind: 'ash-nak'; frames: number }
  | { kind: 'ash-lose'; frames: number }
  | { kind: 'ncp-stuck'; durationMs: number }
  | { kind: 'ncp-reset'; reason: number };

export const LINK_FAULT_KINDS = ['ash-nak', 'ash-lose', 'ncp-stuck', 'ncp-reset'] as const;

export class LinkFaults {
  /** Host DATA frames still to NAK, NCP DATA frames still to lose. */
  nak = 0;
  lose = 0;
  private stuckUntil = 0;

  constructor(private readonly now: () => number = Date.now) {}

  stuck(): boolean {
    return this.now() < this.stuckUntil;
  }

  setStuck(durationMs: number): void {
    this.stuckUntil = this.now() + durationMs;
  }

  /** Takes one frame from a counter: true when the fault applies to this frame. */
  static take(faults: LinkFaults, which: 'nak' | 'lose'): boolean {
    if (faults[which] <= 0) return false;
    faults[which]--;
    return true;
  }

  clear(): void {
    this.nak = 0;
    this.lose = 0;
    this.stuckUntil = 0;
  }

  describe(): Record<string, number> {
    return { nak: this.nak, lose: this.lose, stuckMs: Math.max(0, this.stuckUntil - this.now()) };
  }
}
