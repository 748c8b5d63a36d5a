/**
 * `npm run bench [suite…]`: runs bench/suites/<name>.ts (all, in name order, or those named) and
 * writes docs/benchmarks.md. A failing or overrunning suite is reported in the file as failed and
 * makes the process exit non-zero. Contract: bench/lib/types.ts.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commitStamp } from './lib/commit-stamp';
import { renderReport, type SuiteOutcome } from './lib/report';
import type { BenchContext, BenchSuite } from './lib/types';

const root = fileURLToPath(new URL('..', import.meta.url));
const suitesDir = join(root, 'bench', 'suites');
const args = process.argv.slice(2);
// `npm run bench -- <suite> --quick` is the same smoke run as BENCH_QUICK=1.
const quick = process.env.BENCH_QUICK === '1' || args.includes('--quick');
const suiteTimeoutMs = Number(process.env.BENCH_SUITE_TIMEOUT_MS ?? 10 * 60_000);
const output = process.env.BENCH_OUT ?? (quick ? join(tmpdir(), 'herdgate-benchmarks-quick.md') : join(root, 'docs', 'benchmarks.md'));

const suiteFiles = () =>
  readdirSync(suitesDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
const available = suiteFiles();
const requested = args.filter((arg) => arg !== '--quick');
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  process.stderr.write(`unknown suite(s): ${unknown.join(', ')}; available: ${available.join(', ')}\n`);
  process.exit(2);
}
const selected = requested.length > 0 ? available.filter((name) => requested.includes(name)) : available;

class SuiteTimeout extends Error {}

// Read before anything runs: the code measured is the code checked out now (a landing meanwhile does not change it).
const commit = commitStamp(root);
process.stderr.write(`[bench] measuring ${commit}\n`);

const outcomes: SuiteOutcome[] = [];
let overran = false;
for (const name of selected) {
  const started = Date.now();
  const ctx: BenchContext = { quick, log: (line) => process.stderr.write(`[bench ${name}] ${line}\n`) };
  ctx.log(quick ? 'starting (quick)' : 'starting');
  try {
    const suite = (await import(pathToFileURL(join(suitesDir, `${name}.ts`)).href)) as { default: BenchSuite; timeoutMs?: (ctx: BenchContext) => number };
    // A long suite (the soak) names its own limit; BENCH_SUITE_TIMEOUT_MS still caps the others.
    const limit = Math.max(suiteTimeoutMs, suite.timeoutMs?.(ctx) ?? 0);
    outcomes.push({ name, section: await withTimeout(suite.default(ctx), limit, name) });
    ctx.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    overran ||= error instanceof SuiteTimeout;
    outcomes.push({ name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    ctx.log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    // A suite that overran may still hold children and timers: stop here, report, and exit hard.
    if (overran) break;
  }
}

// Read-modify-write at the end, of only the sections run: the file may have gained sections (a
// rebase onto others' runs) while a long suite ran. Written to a temporary name and renamed.
const cpuList = cpus();
const temporary = `${output}.${process.pid}.tmp`;
writeFileSync(
  temporary,
  renderReport({
    machine: `${cpuList.length} cores (${cpuList[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`,
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    commit,
    quick,
    suiteNames: suiteFiles(),
    outcomes,
    previous: existsSync(output) ? readFileSync(output, 'utf8') : undefined,
  }),
);
renameSync(temporary, output);
process.stderr.write(`[bench] wrote ${output}\n`);
const failed = outcomes.filter((outcome) => 'error' in outcome).length;
process.exit(failed > 0 ? 1 : 0);

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SuiteTimeout(`suite ${name} overran ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
