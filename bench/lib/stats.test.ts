import { describe, expect, it } from 'vitest';
import { median, percentile, spread } from './stats';

describe('stats', () => {
  it('should interpolate percentiles between closest ranks', () => {
    const values = [40, 10, 30, 20];
    expect(percentile(values, 0)).toBe(10);
    expect(percentile(values, 100)).toBe(40);
    expect(percentile(values, 50)).toBe(25);
    expect(percentile(values, 90)).toBeCloseTo(37);
  });

  it('should sort numerically, not as strings', () => {
    expect(median([9, 100, 20])).toBe(20);
  });

  it('should leave the input untouched', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('should give NaN for no values rather than a made-up figure', () => {
    expect(median([])).toBeNaN();
    expect(spread([]).max).toBeNaN();
  });

  it('should report median, min and max', () => {
    expect(spread([5, 1, 9, 3, 7])).toEqual({ median: 5, min: 1, max: 9 });
  });
});
