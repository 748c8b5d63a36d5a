/**
 * The benchmark contract shared by every suite. `npm run bench` (bench/run.ts) imports each
 * `bench/suites/<name>.ts` in name order (or only those named on the command line), calls its
 * default export and writes docs/benchmarks.md from the sections they return.
 */
export interface BenchContext {
  /** Progress lines for whoever watches the run (stderr); not part of the report. */
  log(line: string): void;
  /** `BENCH_QUICK=1`: a few short iterations, only to smoke-test the suite; figures mean nothing. */
  quick: boolean;
}

export interface BenchSection {
  title: string;
  /** How it was measured: what ran where, warm-up, rounds, durations, what the baseline is. */
  method: string;
  /**
   * The figures: a markdown table of medians/percentiles and ratios against a baseline measured
   * side by side in the same run (the machines are shared and noisy, so ratios travel, absolutes don't).
   */
  markdown: string;
}

/** A suite file's default export. It must stop every process it starts and bound every loop. */
export type BenchSuite = (ctx: BenchContext) => Promise<BenchSection>;
