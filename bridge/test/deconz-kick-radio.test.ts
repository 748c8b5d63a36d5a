import { describe, expect, it } from 'vitest';
import { runKickRounds } from './support/deconz-kick-rounds';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * The pinned herdsman against the virtual radio. Fails if a herdsman upgrade removed or changed the
 * driver members the fast path needs (it would log "deconz fast path unavailable" and not install),
 * or if the fast path stopped taking the driver's 100 ms tick out of an idle command.
 */
describe('deconz fast path on real herdsman', () => {
  it('should install on the pinned driver and cut the idle command round trip well below the tick', async () => {
    const result = await runKickRounds({ rounds: 30, minGapMs: 20, maxGapMs: 200, timeoutMs: 50_000 });
    expect(result.lines.filter((l) => l.includes('unavailable'))).toEqual([]);
    expect(result.installed).toBe(true);
    expect(result.on).toHaveLength(30);
    expect(result.off).toHaveLength(30);
    // Every fast command found an idle driver and kicked it (nothing else was sending).
    expect(result.stats.kicks).toBeGreaterThanOrEqual(30);
    const on = median(result.on);
    const off = median(result.off);
    // Plain herdsman waits 0-100 ms for its tick (about 50 ms); the fast path sends at once.
    expect(off).toBeGreaterThan(20);
    expect(on).toBeLessThan(off / 2);
  }, 60_000);
});
