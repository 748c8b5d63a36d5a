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
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const mib = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '—');

export function renderBridgeReport(input: BridgeReportInput): string {
  const find = (stack: string, size: number) => input.results.find((r) => r.stack === stack && r.size === size);
  const parts: string[] = [];
  if (input.missing.length > 0) parts.push(`**Comparison incomplete.** ${input.missing.join(' ')}`);
  for (const [metric, pick, target] of [
    ['MQTT command → frame at the radio', (r: RoundFigures) => r.commandMs, { p50: 5, p99: 20 }],
    ['radio report → MQTT state', (r: RoundFigures) => r.reportMs, { p50: 5, p99: 20 }],
  ] as const) {
    const rows = input.sizes.map((size) => {
      const subject = (find(input.subject, size)?.rounds ?? []).flatMap(pick);
      const base = (find(input.baseline, size)?.rounds ?? []).flatMap(pick);
      const [s50, s99, b50, b99] = [percentile(subject, 50), percentile(subject, 99), percentile(base, 50), percentile(base, 99)];
      const met = s50 <= target.p50 && s99 <= target.p99 ? 'met' : '**missed**';
      return [`${size} devices`, `${subject.length}`, ms(s50), ms(s99), ms(b50), ms(b99), ratio(s50, b50), ratio(s99, b99), `p50 ≤ ${target.p50}, p99 ≤ ${target.p99}: ${met}`];
    });
    parts.push(`**${metric}** (ms)\n\n${table(['Network', 'samples each', `${input.subject} p50`, `${input.subject} p99`, `${input.baseline} p50`, `${input.baseline} p99`, 'ratio p50', 'ratio p99', 'Target (herdgate)'], rows)}`);
  }
  const perRound = (title: string, unit: string, fmt: (v: number) => string, pick: (r: RoundFigures) => number) => {
    const rows = input.sizes.map((size) => {
      // Rounds without the figure (not measured there, process gone) are left out.
      const measured = (stack: string) => (find(stack, size)?.rounds ?? []).map(pick).filter(Number.isFinite);
      const [subject, base] = [spread(measured(input.subject)), spread(measured(input.baseline))];
      return [`${size} devices`, fmt(subject.median), `${fmt(subject.min)}–${fmt(subject.max)}`, fmt(base.median), `${fmt(base.min)}–${fmt(base.max)}`, ratio(subject.median, base.median)];
    });
    return `**${title}** (${unit}, median and min–max over restarts)\n\n${table(['Network', `${input.subject} median`, `${input.subject} min–max`, `${input.baseline} median`, `${input.baseline} min–max`, 'ratio of medians'], rows)}`;
  };
  parts.push(perRound('Start: spawn → online with every device available', 'ms', ms, (r) => r.startMs));
  parts.push(perRound('RSS once started (+2 s settle)', 'MiB', mib, (r) => r.rssIdleMiB));
  parts.push(perRound('RSS after the latency samples', 'MiB', mib, (r) => r.rssAfterMiB));
  const quiet = input.results.flatMap((r) => r.rounds.map((round) => round.quietMs).filter((v) => v !== undefined));
  if (quiet.length > 0) {
    const title = `RSS after the samples and ${Math.round(Math.max(...quiet) / 1000)} s without traffic (last restart)`;
    parts.push(perRound(title, 'MiB', mib, (r) => r.rssQuietMiB ?? Number.NaN));
  }
  const pairing = input.sizes.map((size) => {
    const [subject, base] = [find(input.subject, size)?.pairingMs ?? Number.NaN, find(input.baseline, size)?.pairingMs ?? Number.NaN];
    return [`${size} devices`, ms(subject / 1000), ms(base / 1000), ratio(subject, base)];
  });
  parts.push(`**First start on a fresh radio: spawn → every device joined and interviewed** (s, one run each, informative)\n\n${table(['Network', input.subject, input.baseline, 'ratio'], pairing)}`);
  return parts.join('\n\n');
}
