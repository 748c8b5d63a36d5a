/** Small order statistics for benchmark figures. Inputs are never modified. */

/** A numerically sorted copy (typed arrays sort by value, and fast, also for 100k latencies). */
export function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/** Percentile by linear interpolation between closest ranks (p in 0..100); NaN for no values. */
export function percentile(values: ArrayLike<number>, p: number): number {
  return percentileOfSorted(sortedCopy(values), p);
}

export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (Math.min(Math.max(p, 0), 100) / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function median(values: ArrayLike<number>): number {
  return percentile(values, 50);
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: ArrayLike<number>): Spread {
  const sorted = sortedCopy(values);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  return { median: percentileOfSorted(sorted, 50), min: sorted[0], max: sorted[sorted.length - 1] };
}
