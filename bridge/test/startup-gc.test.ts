import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectAfterStart, collectWhenIdle } from '../src/startup-gc';

/** The GC pauses Node reports while `run` runs (entries arrive in a later task). */
async function pausesDuring(run: () => void): Promise<PerformanceEntry[]> {
  const seen: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  try {
    run();
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    return seen;
  } finally {
    observer.disconnect();
  }
}

const kind = (entry: PerformanceEntry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;

describe('startup-gc', () => {
  it('should run one full collection and say how long it took', async () => {
    let ms: number | undefined;
    const pauses = await pausesDuring(() => {
      ms = collectAfterStart();
    });
    expect(ms).toBeTypeOf('number');
    expect(pauses.map(kind)).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });

  it('should leave no gc() behind for other code', () => {
    collectAfterStart();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it('should collect at the first idle moment after the start and say how long it took', async () => {
    const ms = await new Promise<number | undefined>((resolve) => collectWhenIdle(resolve));
    expect(ms).toBeTypeOf('number');
  });
});
