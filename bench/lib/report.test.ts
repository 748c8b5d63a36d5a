import { describe, expect, it } from 'vitest';
import { extractSection, renderReport } from './report';

const section = (title: string) => ({ title, method: `how ${title}`, markdown: `| ${title} |` });
const base = { machine: '2 cores', date: '2025-01-01 10:00 UTC', commit: 'commit abc1234', quick: false, suiteNames: ['api', 'mqtt'] };

describe('benchmark report', () => {
  it('should write the header, then each suite with title, method and figures', () => {
    const report = renderReport({ ...base, outcomes: [{ name: 'api', section: section('API') }] });
    expect(report).toMatch(/^# Benchmarks\n\nWritten by `npm run bench` on 2025-01-01 10:00 UTC\. Machine: 2 cores\./);
    expect(report).toContain('How to run: `npm run bench`');
    expect(report).toContain('A change that can move a published figure re-runs that suite');
    expect(extractSection(report, 'api')).toBe(
      [
        '<!-- bench:api:begin -->',
        '## API',
        '',
        'Suite `api`, measured 2025-01-01 10:00 UTC, commit abc1234.',
        '',
        '**Method.** how API',
        '',
        '| API |',
        '<!-- bench:api:end -->',
      ].join('\n'),
    );
  });

  it('should report a failed suite as failed, with its error', () => {
    const report = renderReport({ ...base, outcomes: [{ name: 'mqtt', error: 'Error: broker down' }] });
    expect(extractSection(report, 'mqtt')).toContain('## mqtt: FAILED (2025-01-01 10:00 UTC, commit abc1234)\n\n```\nError: broker down\n```');
  });

  it('should keep the sections of suites not run this time, in suite order', () => {
    const earlier = renderReport({
      ...base,
      outcomes: [
        { name: 'api', section: section('old API') },
        { name: 'mqtt', section: section('old MQTT') },
      ],
    });
    const report = renderReport({ ...base, commit: 'commit def5678', previous: earlier, outcomes: [{ name: 'api', section: section('new API') }] });
    expect(report).toContain('## new API');
    // Each section keeps the commit it measured: the one re-run names the new one, the other its own.
    expect(extractSection(report, 'api')).toContain('commit def5678.');
    expect(extractSection(report, 'mqtt')).toContain('commit abc1234.');
    expect(report).not.toContain('old API');
    expect(report.indexOf('## new API')).toBeLessThan(report.indexOf('## old MQTT'));
  });

  it('should keep sections and notes the file gained during the run, byte for byte', () => {
    const earlier = renderReport({
      ...base,
      outcomes: [
        { name: 'api', section: section('old API') },
        { name: 'mqtt', section: section('old MQTT') },
      ],
    });
    // Another helper's suite (not among this checkout's files) and a note landed while the run went on.
    const landed = `${earlier.trimEnd()}\n\nA hand-written note.\n\n<!-- bench:zz-new:begin -->\n## Theirs\n<!-- bench:zz-new:end -->\n`;
    const report = renderReport({ ...base, previous: landed, outcomes: [{ name: 'mqtt', section: section('new MQTT') }] });
    expect(report).toContain('A hand-written note.');
    expect(extractSection(report, 'zz-new')).toBe('<!-- bench:zz-new:begin -->\n## Theirs\n<!-- bench:zz-new:end -->');
    expect(extractSection(report, 'api')).toBe(extractSection(earlier, 'api'));
    expect(report).toContain('## new MQTT');
    expect(report).not.toContain('old MQTT');
  });

  it("should insert a suite's first section before the sections of later suites", () => {
    const earlier = renderReport({
      ...base,
      suiteNames: ['api', 'bridge', 'mqtt'],
      outcomes: [
        { name: 'api', section: section('API') },
        { name: 'mqtt', section: section('MQTT') },
      ],
    });
    const report = renderReport({
      ...base,
      suiteNames: ['api', 'bridge', 'mqtt'],
      previous: earlier,
      outcomes: [{ name: 'bridge', section: section('Bridge') }],
    });
    expect(report.indexOf('## API')).toBeLessThan(report.indexOf('## Bridge'));
    expect(report.indexOf('## Bridge')).toBeLessThan(report.indexOf('## MQTT'));
  });

  it('should flag a quick run so nobody quotes it', () => {
    const report = renderReport({ ...base, quick: true, outcomes: [] });
    expect(report).toContain('Quick smoke run');
  });
});
