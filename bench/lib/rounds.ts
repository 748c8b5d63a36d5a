import { runLoad, type LoadOptions, type LoadResult } from './load';
import { median, spread, type Spread } from './stats';

/**
 * Side-by-side measurement: every target is measured once per round, rounds repeat, and the start
 * position rotates, so machine noise and drift hit every target (and the baseline) alike.
 */
export interface Target {
  name: string;
  path: string;
  headers?: Readonly<Record<string, string>>;
}

export interface RoundsOptions {
  host: string;
  port: number;
  targets: readonly Target[];
  rounds: number;
  durationMs: number;
  warmupMs: number;
  connections: number;
  log(line: string): void;
}

export interface TargetFigures {
  target: Target;
  runs: LoadResult[];
  rps: Spread;
  p50Ms: number;
  p99Ms: number;
  clientCpuPercent: number;
}

export async function measureRounds(options: RoundsOptions): Promise<TargetFigures[]> {
  const load = (target: Target, durationMs: number): Promise<LoadResult> => {
    const settings: Omit<LoadOptions, 'path'> = { host: options.host, port: options.port, connections: options.connections, durationMs };
    return runLoad({ ...settings, path: target.path, headers: target.headers }).then((result) => checked(target, result));
  };
  // Warm-up: the JIT and caches settle before anything counts.
  for (const target of options.targets) await load(target, options.warmupMs);
  const runs = new Map<Target, LoadResult[]>(options.targets.map((target) => [target, []]));
  for (let round = 0; round < options.rounds; round++) {
    const order = rotate(options.targets, round);
    for (const target of order) {
      const result = await load(target, options.durationMs);
      runs.get(target)!.push(result);
      options.log(`round ${round + 1}/${options.rounds} ${target.name}: ${Math.round(result.rps)} req/s`);
    }
  }
  return options.targets.map((target) => figures(target, runs.get(target)!));
}

/** Per-round ratios to the baseline: each pair was measured seconds apart, under much the same noise. */
export function pairedRatio(subject: TargetFigures, baseline: TargetFigures): Spread {
  return spread(subject.runs.map((run, round) => run.rps / baseline.runs[round].rps));
}

function figures(target: Target, runs: LoadResult[]): TargetFigures {
  return {
    target,
    runs,
    rps: spread(runs.map((run) => run.rps)),
    p50Ms: median(runs.map((run) => run.latencyMs.p50)),
    p99Ms: median(runs.map((run) => run.latencyMs.p99)),
    clientCpuPercent: median(runs.map((run) => run.clientCpuPercent)),
  };
}

function checked(target: Target, result: LoadResult): LoadResult {
  const other = Object.entries(result.statuses).filter(([status]) => status !== '200');
  if (result.errors > 0 || other.length > 0 || result.requests === 0) {
    throw new Error(
      `${target.name} (${target.path}): ${result.requests} answers, statuses ${JSON.stringify(result.statuses)}, ${result.errors} transport errors`,
    );
  }
  return result;
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/**
 * One table row per route: name, median req/s, req/s range, p50, p99 and the median (range) of the
 * per-round ratios to the first route, the baseline. Suites append their own columns.
 */
export function ratioRows(
  results: TargetFigures[],
  fmt: { rate: (n: number) => string; ms: (n: number) => string; percent: (n: number) => string },
): Array<{ cells: string[]; ratio: Spread }> {
  const [bare] = results;
  return results.map((result, index) => {
    const ratio = pairedRatio(result, bare);
    return {
      ratio,
      cells: [
        result.target.name,
        fmt.rate(result.rps.median),
        `${fmt.rate(result.rps.min)}–${fmt.rate(result.rps.max)}`,
        fmt.ms(result.p50Ms),
        fmt.ms(result.p99Ms),
        index === 0 ? '100% (baseline)' : `${fmt.percent(ratio.median)} (${fmt.percent(ratio.min)}–${fmt.percent(ratio.max)})`,
      ],
    };
  });
}
