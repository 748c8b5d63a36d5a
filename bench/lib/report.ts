import type { BenchSection } from './types';

/**
 * docs/benchmarks.md as a pure function of the run. Each suite's section sits between markers, so a
 * run of only some suites keeps the other suites' last figures instead of dropping them.
 */
export type SuiteOutcome = { name: string; section: BenchSection } | { name: string; error: string };

export interface ReportInput {
  machine: string;
  date: string;
  quick: boolean;
  /** Every suite file, in run order; outcomes and kept sections are placed in this order. */
  suiteNames: readonly string[];
  outcomes: readonly SuiteOutcome[];
  /** The report being replaced, if any: sections of suites not run this time are kept from it. */
  previous?: string;
}

const begin = (name: string) => `<!-- bench:${name}:begin -->`;
const end = (name: string) => `<!-- bench:${name}:end -->`;

export function renderReport(input: ReportInput): string {
  const header = [
    '# Benchmarks',
    input.quick ? '> **Quick smoke run (`BENCH_QUICK=1`): too short to mean anything; do not quote these figures.**' : '',
    `Written by \`npm run bench\` on ${input.date}. Machine: ${input.machine}.`,
    ['How to run: `npm run bench` runs every suite in `bench/suites/` and rewrites this file;',
    '`npm run bench -- api` runs only the named suites and keeps the other sections;',
    '`BENCH_QUICK=1 npm run bench` is a fast smoke test that writes to a temporary file unless `BENCH_OUT` names one.',
    'These machines are shared and noisy: compare the ratios against the baseline measured in the same run, not absolute figures across runs.'].join('\n'),
  ].filter((paragraph) => paragraph !== '');
  const sections = input.suiteNames.flatMap((name) => {
    const outcome = input.outcomes.find((candidate) => candidate.name === name);
    if (outcome) return [renderSection(outcome, input.date)];
    const kept = input.previous && extractSection(input.previous, name);
    return kept ? [kept] : [];
  });
  return `${[...header, ...sections].join('\n\n')}\n`;
}

function renderSection(outcome: SuiteOutcome, date: string): string {
  const body =
    'error' in outcome
      ? [`## ${outcome.name}: FAILED (${date})`, '', '```', outcome.error, '```']
      : [`## ${outcome.section.title}`, '', `Suite \`${outcome.name}\`, measured ${date}.`, '', `**Method.** ${outcome.section.method}`, '', outcome.section.markdown];
  return [begin(outcome.name), ...body, end(outcome.name)].join('\n');
}

export function extractSection(report: string, name: string): string | undefined {
  const start = report.indexOf(begin(name));
  const stop = report.indexOf(end(name), start);
  if (start < 0 || stop < 0) return undefined;
  return report.slice(start, stop + end(name).length);
}
