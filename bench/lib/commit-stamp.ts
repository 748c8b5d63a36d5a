/**
 * Which code a benchmark run measured: the short hash of HEAD and whether the work tree differed
 * from it, read once when the run starts. Every section the run writes names it, so a figure in
 * docs/benchmarks.md can be traced to its commit and a stale one is visible as such.
 */
import { execFileSync } from 'node:child_process';

/** The report itself changes with every run: a modified docs/benchmarks.md does not make the tree dirty. */
const IGNORED = new Set(['docs/benchmarks.md']);

/**
 * `git status --porcelain` lines → the paths that differ from HEAD (tracked changes and new files),
 * minus the report. Pure.
 */
export function changedPaths(porcelain: string, ignored: ReadonlySet<string> = IGNORED): string[] {
  return (
    porcelain
      .split('\n')
      .filter((line) => line.length > 3)
      // "XY path" or "XY old -> new" (a rename counts as its new path).
      .map((line) => line.slice(3).split(' -> ').pop()!.replace(/^"|"$/g, ''))
      .filter((path) => !ignored.has(path))
  );
}

/** "commit 0e311e2" or "commit 0e311e2 plus uncommitted changes in 3 files". Pure. */
export function formatStamp(shortHash: string | undefined, changed: readonly string[]): string {
  if (shortHash === undefined) return 'commit unknown (not a git checkout)';
  if (changed.length === 0) return `commit ${shortHash}`;
  return `commit ${shortHash} plus uncommitted changes in ${changed.length} file${changed.length === 1 ? '' : 's'} (tree dirty)`;
}

/** Reads HEAD and the tree's state in `cwd`; a missing git or repository gives "commit unknown". */
export function commitStamp(cwd: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    return formatStamp(git('rev-parse', '--short', 'HEAD').trim(), changedPaths(git('status', '--porcelain')));
  } catch {
    return formatStamp(undefined, []);
  }
}
