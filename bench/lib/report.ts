import type { BenchSection } from './types';

/**
 * docs/benchmarks.md after a run. Each suite's section sits between markers; a run replaces only the
 * sections of the suites it ran (inserted in suite order when new) and keeps everything else of the
 * file as it is at the end of the run, byte for byte: sections of suites not run, sections other
 * helpers landed while a long suite ran, and hand-written notes between sections.
 */
export type SuiteOutcome = { name: string; section: BenchSection } | { name: string; error: string };

export interface ReportInput {
  machine: string;
  date: string;
  /** Which code ran (bench/lib/commit-stamp.ts), e.g. "commit 0e311e2": named in every section written. */
  commit: string;
  quick: boolean;
  /** Every suite file, in run order: where a section not yet in the file goes. */
  suiteNames: readonly string[];
  outcomes: readonly SuiteOutcome[];
  /** The file as it is now (read when writing, not when the run started), if any. */
  previous?: string;
}

const begin = (name: string) => `<!-- bench:${name}:begin -->`;
const end = (name: string) => `<!-- bench:${name}:end -->`;
const SECTION = /<!-- bench:([\w-]+):begin -->/g;

export function renderReport(input: ReportInput): string {
  let body = input.previous === undefined ? '' : bodyOf(input.previous);
  for (const outcome of input.outcomes) body = putSection(body, outcome.name, renderSection(outcome, input.date, input.commit), input.suiteNames);
  return `${header(input).join('\n\n')}\n\n${body.trim()}\n`;
}

function header(input: ReportInput): string[] {
  return [
    '# Benchmarks',
    input.quick ? '> **Quick smoke run (`BENCH_QUICK=1`): too short to mean anything; do not quote these figures.**' : '',
    `Written by \`npm run bench\` on ${input.date}. Machine: ${input.machine}.`,
    [
      'How to run: `npm run bench` runs every suite in `bench/suites/` and rewrites this file;',
      '`npm run bench -- api` runs only the named suites and keeps the other sections;',
      '`BENCH_QUICK=1 npm run bench` is a fast smoke test that writes to a temporary file unless `BENCH_OUT` names one.',
      'These machines are shared and noisy: compare the ratios against the baseline measured in the same run, not absolute figures across runs.',
    ].join('\n'),
    [
      'Each section names the date and the commit it measured. A change that can move a published figure re-runs that suite',
      '(`npm run bench -- <suite>`) and lands the new section before its issue is resolved, so no figure here outlives the code it describes.',
    ].join('\n'),
  ].filter((paragraph) => paragraph !== '');
}

/** Everything from the first section on: the header above it is rewritten on every run. */
function bodyOf(report: string): string {
  const first = report.search(SECTION);
  return first < 0 ? '' : report.slice(first);
}

/** Replaces the suite's section, or inserts it before the first section of a later suite. */
function putSection(body: string, name: string, section: string, suiteNames: readonly string[]): string {
  const start = body.indexOf(begin(name));
  const stop = start < 0 ? -1 : body.indexOf(end(name), start);
  if (start >= 0 && stop >= 0) return body.slice(0, start) + section + body.slice(stop + end(name).length);
  const order = (other: string) => {
    const at = suiteNames.indexOf(other);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const later = [...body.matchAll(SECTION)].find((match) => order(match[1]!) > order(name));
  if (!later) return body.trim() === '' ? section : `${body.trimEnd()}\n\n${section}`;
  return `${body.slice(0, later.index)}${section}\n\n${body.slice(later.index)}`;
}

function renderSection(outcome: SuiteOutcome, date: string, commit: string): string {
  const body =
    'error' in outcome
      ? [`## ${outcome.name}: FAILED (${date}, ${commit})`, '', '```', outcome.error, '```']
      : [
          `## ${outcome.section.title}`,
          '',
          `Suite \`${outcome.name}\`, measured ${date}, ${commit}.`,
          '',
          `**Method.** ${outcome.section.method}`,
          '',
          outcome.section.markdown,
        ];
  return [begin(outcome.name), ...body, end(outcome.name)].join('\n');
}

export function extractSection(report: string, name: string): string | undefined {
  const start = report.indexOf(begin(name));
  const stop = report.indexOf(end(name), start);
  if (start < 0 || stop < 0) return undefined;
  return report.slice(start, stop + end(name).length);
}
