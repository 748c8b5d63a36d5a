import { describe, expect, it } from 'vitest';
import { latencyTable, readsTable, verdict, type ConditionRound, type LoadLatencyInput } from './load-latency-report';

const round = (command: number, report: number, rps?: number): ConditionRound => ({
  commandMs: [command, command, command],
  ackMs: [command * 2, command * 2, command * 2],
  reportMs: [report, report, report],
  failed: 0,
  ...(rps === undefined
    ? {}
    : {
        reads: [
          { name: '`GET /sensors`', rps, p50Ms: 2, p99Ms: 8, non200: 0, errors: 0 },
          { name: '`GET /lights`', rps: rps / 2, p50Ms: 4, p99Ms: 10, non200: 1, errors: 0 },
        ],
      }),
});

const input: LoadLatencyInput = {
  subject: { label: 'one', quiet: [round(2, 3), round(4, 3)], loaded: [round(8, 6, 1000), round(12, 6, 1200)] },
  baseline: { label: 'split', quiet: [round(2, 3), round(2, 3)], loaded: [round(4, 3, 500), round(4, 3, 600)] },
  loadLabel: '10 connections reading',
  target: { p50: 5, p99: 20 },
};

describe('latency under read load report', () => {
  it('should pool the rounds, give the per-round spread and the ratios to the baseline and to no load', () => {
    const markdown = latencyTable(input, 'commandMs', 'REST command → frame', true);
    // one, no load: samples 2,2,2,4,4,4 → p50 3; rounds' medians 2 and 4; against split's 2: 1.5× pooled, per round 1× and 2×.
    expect(markdown).toContain('| one | none | 6 | 3.0 | 4.0 | 3.0 (2.0–4.0) | 1.50× / 2.00× (rounds 1.50×, 1.00×–2.00×) |  | p50 ≤ 5, p99 ≤ 20: met |');
    // one under load: 8 and 12 against split's 4 (2× and 3×), and against its own 2 and 4 without load (4× and 3×).
    expect(markdown).toContain(
      '| one | 10 connections reading | 6 | 10.0 | 12.0 | 10.0 (8.0–12.0) | 2.50× / 3.00× (rounds 2.50×, 2.00×–3.00×) | 3.33× / 3.00× (rounds 3.50×, 3.00×–4.00×) | p50 ≤ 5, p99 ≤ 20: **missed** |',
    );
    expect(markdown).toContain('| split | none | 6 | 2.0 | 2.0 | 2.0 (2.0–2.0) | (baseline) |  |');
    expect(latencyTable(input, 'ackMs', 'acknowledged', false)).toContain('| informative |');
  });

  it('should count failed samples beside the samples', () => {
    const failing = { ...input, baseline: { ...input.baseline, quiet: [{ ...round(2, 3), failed: 2 }, round(2, 3)] } };
    expect(latencyTable(failing, 'reportMs', 'report', true)).toContain('| split | none | 6 (2 failed) |');
  });

  it('should give the reads achieved per route and in all, against the baseline round by round', () => {
    const markdown = readsTable(input);
    expect(markdown).toContain('| Gateway | `GET /sensors` req/s | `GET /lights` req/s | all reads req/s |');
    // one: 1000+500 and 1200+600 against split's 500+250 and 600+300: 2× in both rounds; one non-200 per route per round.
    expect(markdown).toContain('| one | 1100 (1000–1200) | 550 (500–600) | 1650 (1500–1800) | 3.0 / 9.0 | 2 / 0 | 2.00× (2.00×–2.00×) |');
    expect(markdown).toContain('| split | 550 (500–600) | 275 (250–300) | 825 (750–900) | 3.0 / 9.0 | 2 / 0 | (baseline) |');
  });

  it('should judge both percentiles and miss without samples', () => {
    expect(verdict([1, 2, 3], { p50: 5, p99: 20 })).toBe('met');
    expect(verdict([1, 2, 30], { p50: 5, p99: 20 })).toBe('missed');
    expect(verdict([], { p50: 5, p99: 20 })).toBe('missed');
  });
});
