/**
 * A DeviceContext for unit tests: records every emission and runs timers on a manual clock
 * (`advance(ms)` fires due timers in time order). Test-only, but kept beside the code it serves.
 */
import type { DeviceContext, Emission, OtaPacingName } from '../network/types';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

export class FakeContext implements DeviceContext {
  readonly sent: Emission[] = [];
  changes = 0;
  /** Reboots the device asked for (their downtime, ms). */
  readonly reboots: number[] = [];
  pacing: OtaPacingName = 'realistic';
  /** Set it to give the device an OTA server to check in with (none by default). */
  otaServer?: () => number | undefined;
  private clock = 0;
  private seq = 0;
  private readonly timers = new Map<number, Pending>();

  constructor(private readonly coordinator = '00212effff001122') {}

  send(frame: Emission): void {
    this.sent.push(frame);
  }

  coordinatorIeee(): string {
    return this.coordinator;
  }

  now(): number {
    return this.clock;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.clock + ms, seq: id, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  changed(): void {
    this.changes += 1;
  }

  reboot(downMs: number): void {
    this.reboots.push(downMs);
  }

  otaPacing(): OtaPacingName {
    return this.pacing;
  }

  pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves the clock forward, firing due timers (including ones they schedule) in order. */
  advance(ms: number): void {
    const end = this.clock + ms;
    for (;;) {
      const next = [...this.timers.values()].filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers.delete(next.seq);
      this.clock = Math.max(this.clock, next.at);
      next.fn();
    }
    this.clock = end;
  }

  /** Emissions since the last call. */
  take(): Emission[] {
    return this.sent.splice(0, this.sent.length);
  }
}
