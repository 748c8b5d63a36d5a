/**
 * Frames the host sent, counted per destination, so tests can assert e.g. "one groupcast, no
 * unicasts" for a group command.
 */
export interface CounterSnapshot {
  nwk: Record<string, number>;
  group: Record<string, number>;
  broadcast: Record<string, number>;
  total: number;
}

export type CounterKind = 'nwk' | 'group' | 'broadcast';

export class FrameCounters {
  private counts: CounterSnapshot = FrameCounters.empty();

  private static empty(): CounterSnapshot {
    return { nwk: {}, group: {}, broadcast: {}, total: 0 };
  }

  count(kind: CounterKind, address: number): void {
    const key = kind === 'group' ? String(address) : `0x${address.toString(16).padStart(4, '0')}`;
    this.counts[kind][key] = (this.counts[kind][key] ?? 0) + 1;
    this.counts.total += 1;
  }

  snapshot(): CounterSnapshot {
    return structuredClone(this.counts);
  }

  reset(): void {
    this.counts = FrameCounters.empty();
  }
}
