/**
 * Markdown for the bridge benchmark: one table per metric, herdgate next to Zigbee2MQTT, with
 * ratios (herdgate ÷ Zigbee2MQTT: below 1 means herdgate is faster or smaller). Pure.
 */
import { table } from './markdown';
import { percentile, spread } from './stats';
import type { RoundFigures } from './bridge-rounds';

export interface StackResult {
  stack: string;
  size: number;
  pairingMs: number;
  rounds: RoundFigures[];
}

export interface BridgeReportInput {
  baseline: string;
  subject: string;
  sizes: readonly number[];
  results: readonly StackResult[];
  /** Why the comparison is missing (Zigbee2MQTT not installed or failed), if it is. */
  missing: readonly string[];
  /** Sizes measured for the subject alone by design (the baseline's cells say so rather than —). */
  alone?: readonly number[];
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const mib = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');
const perDevice = (v: number, size: number) => (Number.isFinite(v) ? (v / size).toFixed(1) : '—');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '—');

export function renderBridgeReport(input: BridgeReportInput): string {
  const parts: string[] = [];
  if (input.missing.length > 0) parts.push(`**Comparison incomplete.** ${input.missing.join(' ')}`);
  parts.push(latencyTable(input, 'MQTT command → frame at the radio', (r) => r.commandMs));
  parts.push(latencyTable(input, 'radio report → MQTT state', (r) => r.reportMs));
  parts.push(perRound(input, 'Start: spawn → online with every device available', 'ms', ms, (r) => r.startMs, true));
  parts.push(perRound(input, 'RSS once started (+2 s settle)', 'MiB', mib, (r) => r.rssIdleMiB));
  parts.push(perRound(input, 'RSS after the latency samples', 'MiB', mib, (r) => r.rssAfterMiB));
  const quiet = input.results.flatMap((r) => r.rounds.map((round) => round.quietMs).filter((v) => v !== undefined));
  if (quiet.length > 0) {
    const title = `RSS after the samples and ${Math.round(Math.max(...quiet) / 1000)} s without traffic (last restart)`;
    parts.push(perRound(input, title, 'MiB', mib, (r) => r.rssQuietMiB ?? Number.NaN));
  }
  const pairing = input.sizes.map((size) => {
    const [subject, base] = [find(input, input.subject, size)?.pairingMs ?? Number.NaN, find(input, input.baseline, size)?.pairingMs ?? Number.NaN];
    const solo = alone(input, size);
    return [
      `${size} devices`,
      ms(subject / 1000),
      solo ? 'not run' : ms(base / 1000),
      ratio(subject, base),
      perDevice(subject, size),
      solo ? '–' : perDevice(base, size),
    ];
  });
  parts.push(
    `**First start on a fresh radio: spawn → every device joined and interviewed** (s, one run each, informative)\n\n${table(['Network', input.subject, input.baseline, 'ratio', `${input.subject} ms/device`, `${input.baseline} ms/device`], pairing)}`,
  );
  return parts.join('\n\n');
}

const find = (input: BridgeReportInput, stack: string, size: number) => input.results.find((r) => r.stack === stack && r.size === size);
const alone = (input: BridgeReportInput, size: number) => input.alone?.includes(size) ?? false;
const TARGET = { p50: 5, p99: 20 };

/** Percentiles over every sample of every restart, per network, against the target. */
function latencyTable(input: BridgeReportInput, metric: string, pick: (r: RoundFigures) => number[]): string {
  const rows = input.sizes.map((size) => {
    const subject = (find(input, input.subject, size)?.rounds ?? []).flatMap(pick);
    const base = (find(input, input.baseline, size)?.rounds ?? []).flatMap(pick);
    const [s50, s99, b50, b99] = [percentile(subject, 50), percentile(subject, 99), percentile(base, 50), percentile(base, 99)];
    const met = s50 <= TARGET.p50 && s99 <= TARGET.p99 ? 'met' : '**missed**';
    const baseCells = alone(input, size) ? ['not run', 'not run'] : [ms(b50), ms(b99)];
    return [
      `${size} devices`,
      `${subject.length}`,
      ms(s50),
      ms(s99),
      ...baseCells,
      ratio(s50, b50),
      ratio(s99, b99),
      `p50 ≤ ${TARGET.p50}, p99 ≤ ${TARGET.p99}: ${met}`,
    ];
  });
  const header = [
    'Network',
    'samples each',
    `${input.subject} p50`,
    `${input.subject} p99`,
    `${input.baseline} p50`,
    `${input.baseline} p99`,
    'ratio p50',
    'ratio p99',
    'Target (herdgate)',
  ];
  return `**${metric}** (ms)\n\n${table(header, rows)}`;
}

/** Median and spread over restarts per network; the start table adds the median per device. */
function perRound(
  input: BridgeReportInput,
  title: string,
  unit: string,
  fmt: (v: number) => string,
  pick: (r: RoundFigures) => number,
  perDeviceToo = false,
): string {
  const rows = input.sizes.map((size) => {
    // Rounds without the figure (not measured there, process gone) are left out.
    const measured = (stack: string) => (find(input, stack, size)?.rounds ?? []).map(pick).filter(Number.isFinite);
    const [subject, base] = [spread(measured(input.subject)), spread(measured(input.baseline))];
    const solo = alone(input, size);
    const baseCells = solo ? ['not run', '–'] : [fmt(base.median), `${fmt(base.min)}–${fmt(base.max)}`];
    const perDeviceCells = perDeviceToo ? [perDevice(subject.median, size), solo ? '–' : perDevice(base.median, size)] : [];
    return [
      `${size} devices`,
      fmt(subject.median),
      `${fmt(subject.min)}–${fmt(subject.max)}`,
      ...baseCells,
      ratio(subject.median, base.median),
      ...perDeviceCells,
    ];
  });
  const header = [
    'Network',
    `${input.subject} median`,
    `${input.subject} min–max`,
    `${input.baseline} median`,
    `${input.baseline} min–max`,
    'ratio of medians',
    ...(perDeviceToo ? [`${input.subject} ${unit}/device`, `${input.baseline} ${unit}/device`] : []),
  ];
  return `**${title}** (${unit}, median and min–max over restarts)\n\n${table(header, rows)}`;
}

export interface RatioPair {
  /** The row's name, e.g. the radio front. */
  label: string;
  subject: string;
  baseline: string;
}

/**
 * One row per pair and network: the subject ÷ baseline ratios of every figure the full tables
 * carry (below 1 = the subject ahead), so several pairs measured in one run read side by side.
 */
export function renderRatioSummary(input: {
  subject: string;
  baseline: string;
  pairs: readonly RatioPair[];
  sizes: readonly number[];
  results: readonly StackResult[];
}): string {
  const { pairs, sizes, results } = input;
  const rows = pairs.flatMap((pair) =>
    sizes.map((size) => {
      const of = (stack: string) => results.find((r) => r.stack === stack && r.size === size)?.rounds ?? [];
      const [subject, base] = [of(pair.subject), of(pair.baseline)];
      const latency = (pick: (r: RoundFigures) => number[], p: number) => ratio(percentile(subject.flatMap(pick), p), percentile(base.flatMap(pick), p));
      const perRound = (pick: (r: RoundFigures) => number) => {
        const medianOf = (rounds: RoundFigures[]) => spread(rounds.map(pick).filter(Number.isFinite)).median;
        return ratio(medianOf(subject), medianOf(base));
      };
      return [
        pair.label,
        `${size} devices`,
        perRound((r) => r.startMs),
        latency((r) => r.commandMs, 50),
        latency((r) => r.commandMs, 99),
        latency((r) => r.reportMs, 50),
        latency((r) => r.reportMs, 99),
        perRound((r) => r.rssIdleMiB),
        perRound((r) => r.rssQuietMiB ?? Number.NaN),
      ];
    }),
  );
  const header = ['Front', 'Network', 'start', 'command → frame p50', 'p99', 'report → MQTT p50', 'p99', 'RSS +2 s', 'RSS quiet'];
  return `**Ratios, ${input.subject} ÷ ${input.baseline}** (below 1 = ${input.subject} ahead; medians over restarts, percentiles over all samples)\n\n${table(header, rows)}`;
}
