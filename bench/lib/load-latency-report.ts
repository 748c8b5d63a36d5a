/**
 * Markdown for latency under read load (bench/suites/gateway-load.ts): per gateway layout and per
 * condition (without and with the read load), percentiles over the samples of every interleaved
 * round, the spread of the per-round medians, the ratios to the baseline layout and to the same
 * layout without load, and the read throughput the load achieved. Pure.
 */
import { table } from './markdown';
import { median, percentile, spread } from './stats';

/** What one read route achieved in one round's measured phase. */
export interface RouteReads {
  name: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non200: number;
  errors: number;
}

/** One round of one condition: the latency samples and, under load, the reads beside them. */
export interface ConditionRound {
  commandMs: number[];
  ackMs: number[];
  reportMs: number[];
  failed: number;
  reads?: RouteReads[];
}

export interface LayoutFigures {
  label: string;
  /** Indexed by round; both conditions of a round ran on the same start of the gateway. */
  quiet: ConditionRound[];
  loaded: ConditionRound[];
}

export interface LoadLatencyInput {
  subject: LayoutFigures;
  baseline: LayoutFigures;
  /** Read load description for the table, e.g. "10 connections". */
  loadLabel: string;
  target: { p50: number; p99: number };
}

type Metric = 'commandMs' | 'ackMs' | 'reportMs';
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const x = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : '—');
const pooled = (rounds: readonly ConditionRound[], metric: Metric) => rounds.flatMap((r) => r[metric]);

export function verdict(values: readonly number[], target: { p50: number; p99: number }): 'met' | 'missed' {
  return values.length > 0 && percentile(values, 50) <= target.p50 && percentile(values, 99) <= target.p99 ? 'met' : 'missed';
}

/** Pooled p50 and p99 ratio, and the median (range) of the per-round p50 ratios. */
function ratios(subject: readonly ConditionRound[], baseline: readonly ConditionRound[], metric: Metric): string {
  const [s, b] = [pooled(subject, metric), pooled(baseline, metric)];
  const perRound = subject.map((round, i) => median(round[metric]) / median(baseline[i]?.[metric] ?? [])).filter(Number.isFinite);
  const r = spread(perRound);
  return `${x(percentile(s, 50) / percentile(b, 50))} / ${x(percentile(s, 99) / percentile(b, 99))} (rounds ${x(r.median)}, ${x(r.min)}–${x(r.max)})`;
}

export function latencyTable(input: LoadLatencyInput, metric: Metric, title: string, judged: boolean): string {
  const rows: string[][] = [];
  for (const loaded of [false, true]) {
    for (const layout of [input.subject, input.baseline]) {
      const rounds = loaded ? layout.loaded : layout.quiet;
      const values = pooled(rounds, metric);
      const perRound = spread(rounds.map((r) => median(r[metric])));
      const versusBaseline = layout === input.subject ? ratios(rounds, loaded ? input.baseline.loaded : input.baseline.quiet, metric) : '(baseline)';
      const versusQuiet = loaded ? ratios(rounds, layout.quiet, metric) : '';
      const failed = rounds.reduce((sum, r) => sum + r.failed, 0);
      rows.push([
        layout.label,
        loaded ? input.loadLabel : 'none',
        `${values.length}${failed > 0 ? ` (${failed} failed)` : ''}`,
        ms(percentile(values, 50)),
        ms(percentile(values, 99)),
        `${ms(perRound.median)} (${ms(perRound.min)}–${ms(perRound.max)})`,
        versusBaseline,
        versusQuiet,
        judged ? `p50 ≤ ${input.target.p50}, p99 ≤ ${input.target.p99}: ${verdict(values, input.target) === 'met' ? 'met' : '**missed**'}` : 'informative',
      ]);
    }
  }
  const header = [
    'Gateway',
    'Read load',
    'samples',
    'p50 ms',
    'p99 ms',
    'per-round p50, median (min–max)',
    `÷ ${input.baseline.label}: p50 / p99 (per-round p50 ratios)`,
    '÷ same without load: p50 / p99 (per round)',
    'Target',
  ];
  return `**${title}** (ms)\n\n${table(header, rows)}`;
}

/** Read throughput during the loaded samples, per route, median (min–max) over rounds. */
export function readsTable(input: LoadLatencyInput): string {
  const routeNames = input.subject.loaded[0]?.reads?.map((r) => r.name) ?? [];
  const total = (round: ConditionRound) => (round.reads ?? []).reduce((sum, r) => sum + r.rps, 0);
  const rate = (values: number[]) => {
    const s = spread(values);
    return `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`;
  };
  const rows = [input.subject, input.baseline].map((layout) => {
    const routes = routeNames.map((name) => rate(layout.loaded.map((r) => r.reads?.find((route) => route.name === name)?.rps ?? Number.NaN)));
    const reads = layout.loaded.flatMap((r) => r.reads ?? []);
    const latency = `${ms(median(reads.map((r) => r.p50Ms)))} / ${ms(median(reads.map((r) => r.p99Ms)))}`;
    const bad = `${reads.reduce((s, r) => s + r.non200, 0)} / ${reads.reduce((s, r) => s + r.errors, 0)}`;
    const perRound = spread(layout.loaded.map((round, i) => total(round) / total(input.baseline.loaded[i]!)).filter(Number.isFinite));
    const versus = layout === input.baseline ? '(baseline)' : `${x(perRound.median)} (${x(perRound.min)}–${x(perRound.max)})`;
    return [layout.label, ...routes, rate(layout.loaded.map(total)), latency, bad, versus];
  });
  const header = [
    'Gateway',
    ...routeNames.map((n) => `${n} req/s`),
    'all reads req/s',
    'read p50 / p99 ms (median of routes × rounds)',
    'non-200 / transport errors',
    `total ÷ ${input.baseline.label} (per round)`,
  ];
  return `**Reads achieved during the loaded samples** (median (min–max) over rounds)\n\n${table(header, rows)}`;
}
