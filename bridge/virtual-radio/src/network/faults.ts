/**
 * Injected faults. A fault targets one device (by IEEE) or every device, and lasts for a number of
 * frames, a duration, or until cleared.
 *  - drop: the radio reports APS confirm 0xE9 (MAC no-ack) and the device never gets the frame;
 *  - delay: frames to and from the device take `ms` longer;
 *  - no-ack: the device gets the frame (confirm success) but nothing it says reaches the host.
 */
import type { Ieee } from './types';

export type FaultKind = 'drop' | 'delay' | 'no-ack';

export interface FaultSpec {
  kind: FaultKind;
  /** Omitted = every device. */
  ieee?: Ieee;
  /** Number of frames the fault applies to (drop only); omitted = no limit. */
  frames?: number;
  /** How long the fault lasts; omitted = until cleared. */
  durationMs?: number;
  /** Added latency for `delay`. */
  ms?: number;
}

export interface Fault extends FaultSpec {
  id: number;
  until?: number;
}

export class FaultTable {
  private faults: Fault[] = [];
  private nextId = 1;

  constructor(private readonly now: () => number) {}

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: this.nextId++ };
    if (spec.durationMs !== undefined) fault.until = this.now() + spec.durationMs;
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    this.prune();
    return this.faults.map((f) => ({ ...f }));
  }

  remove(id: number): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
  }

  /** True when a frame to `ieee` must be dropped; consumes one frame of a counted fault. */
  takeDrop(ieee: Ieee): boolean {
    const fault = this.active('drop', ieee);
    if (!fault) return false;
    if (fault.frames !== undefined) {
      fault.frames -= 1;
      if (fault.frames <= 0) this.remove(fault.id);
    }
    return true;
  }

  delayFor(ieee: Ieee): number {
    return this.active('delay', ieee)?.ms ?? 0;
  }

  silenced(ieee: Ieee): boolean {
    return this.active('no-ack', ieee) !== undefined;
  }

  private active(kind: FaultKind, ieee: Ieee): Fault | undefined {
    this.prune();
    return this.faults.find((f) => f.kind === kind && (f.ieee === undefined || f.ieee === ieee));
  }

  private prune(): void {
    const now = this.now();
    this.faults = this.faults.filter((f) => f.until === undefined || f.until > now);
  }
}
