import { describe, expect, it } from 'vitest';
import { renderBridgeReport, renderRatioSummary, type StackResult } from './bridge-report';
import type { RoundFigures } from './bridge-rounds';

const round = (startMs: number, rss: number, latency: number): RoundFigures => ({
  startMs,
  rssIdleMiB: rss,
  rssAfterMiB: rss + 1,
  commandMs: [latency, latency, latency],
  reportMs: [latency / 2, latency / 2, latency / 2],
});

const results: StackResult[] = [
  { stack: 'herdgate', size: 50, pairingMs: 10_000, rounds: [round(1000, 100, 4), round(1200, 110, 4), round(1100, 105, 4)] },
  { stack: 'Zigbee2MQTT', size: 50, pairingMs: 20_000, rounds: [round(2000, 200, 8), round(2400, 220, 8), round(2200, 210, 8)] },
];

describe('bridge benchmark report', () => {
  it('should put medians side by side with herdgate ÷ Zigbee2MQTT ratios', () => {
    const markdown = renderBridgeReport({ subject: 'herdgate', baseline: 'Zigbee2MQTT', sizes: [50], results, missing: [] });
    expect(markdown).toContain('| 50 devices | 9 | 4.0 | 4.0 | 8.0 | 8.0 | 0.50× | 0.50× | p50 ≤ 5, p99 ≤ 20: met |');
    // The start adds the median per device: 1100 ms over 50 devices, 2200 over 50.
    expect(markdown).toContain('| 50 devices | 1100.0 | 1000.0–1200.0 | 2200.0 | 2000.0–2400.0 | 0.50× | 22.0 | 44.0 |');
    expect(markdown).toContain('| 50 devices | 105 | 100–110 | 210 | 200–220 | 0.50× |');
    expect(markdown).toContain('| 50 devices | 10.0 | 20.0 | 0.50× | 200.0 | 400.0 |');
    expect(markdown).not.toContain('Comparison incomplete');
  });

  it('should add the quiet RSS table from the rounds that measured it, leaving the others out', () => {
    const quietly = (r: RoundFigures, rss: number): RoundFigures => ({ ...r, rssQuietMiB: rss, quietMs: 20_000 });
    const withQuiet = [
      { ...results[0], rounds: [...results[0].rounds.slice(0, 2), quietly(results[0].rounds[2], 80)] },
      { ...results[1], rounds: [...results[1].rounds.slice(0, 2), quietly(results[1].rounds[2], 100)] },
    ];
    const markdown = renderBridgeReport({ subject: 'herdgate', baseline: 'Zigbee2MQTT', sizes: [50], results: withQuiet, missing: [] });
    expect(markdown).toContain('**RSS after the samples and 20 s without traffic (last restart)** (MiB, median and min–max over restarts)');
    expect(markdown).toContain('| 50 devices | 80 | 80–80 | 100 | 100–100 | 0.80× |');
    expect(renderBridgeReport({ subject: 'herdgate', baseline: 'Zigbee2MQTT', sizes: [50], results, missing: [] })).not.toContain('without traffic');
  });

  it('should mark a missed target', () => {
    const slow = [{ ...results[0], rounds: [round(1000, 100, 30)] }, results[1]];
    const markdown = renderBridgeReport({ subject: 'herdgate', baseline: 'Zigbee2MQTT', sizes: [50], results: slow, missing: [] });
    expect(markdown).toContain('p50 ≤ 5, p99 ≤ 20: **missed**');
  });

  it('should say why the comparison is missing and leave its cells empty', () => {
    const markdown = renderBridgeReport({
      subject: 'herdgate',
      baseline: 'Zigbee2MQTT',
      sizes: [50],
      results: [results[0]],
      missing: ['Zigbee2MQTT could not be installed: npm ERR! 404'],
    });
    expect(markdown).toContain('**Comparison incomplete.** Zigbee2MQTT could not be installed: npm ERR! 404');
    expect(markdown).toContain('| 50 devices | 1100.0 | 1000.0–1200.0 | — | —–— | — | 22.0 | — |');
  });

  it('should report a size measured for herdgate alone as not run for the baseline, with its time per device', () => {
    const large: StackResult = { stack: 'herdgate', size: 1000, pairingMs: 500_000, rounds: [round(9000, 150, 4), round(10_000, 150, 4)] };
    const markdown = renderBridgeReport({
      subject: 'herdgate',
      baseline: 'Zigbee2MQTT',
      sizes: [50, 1000],
      results: [...results, large],
      missing: [],
      alone: [1000],
    });
    expect(markdown).toContain('| 1000 devices | 9500.0 | 9000.0–10000.0 | not run | – | — | 9.5 | – |');
    expect(markdown).toContain('| 1000 devices | 6 | 4.0 | 4.0 | not run | not run | — | — | p50 ≤ 5, p99 ≤ 20: met |');
    expect(markdown).toContain('| 1000 devices | 500.0 | not run | — | 500.0 | – |');
    expect(markdown).not.toContain('Comparison incomplete');
  });
});

describe('ratio summary', () => {
  it('should put one row of herdgate ÷ Zigbee2MQTT ratios per front, and — where a stack is missing', () => {
    const onFront = (front: string) => results.map((r) => ({ ...r, stack: `${r.stack} on ${front}` }));
    const pairs = ['ConBee', 'EmberZNet'].map((label) => ({ label, subject: `herdgate on ${label}`, baseline: `Zigbee2MQTT on ${label}` }));
    const markdown = renderRatioSummary({ subject: 'herdgate', baseline: 'Zigbee2MQTT', pairs, sizes: [50], results: onFront('ConBee') });
    expect(markdown).toContain('**Ratios, herdgate ÷ Zigbee2MQTT**');
    expect(markdown).toContain('| ConBee | 50 devices | 0.50× | 0.50× | 0.50× | 0.50× | 0.50× | 0.50× | — |');
    expect(markdown).toContain('| EmberZNet | 50 devices | — | — | — | — | — | — | — |');
  });
});
