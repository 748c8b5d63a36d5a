import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedPaths, commitStamp, formatStamp } from './commit-stamp';

describe('benchmark commit stamp', () => {
  it('should name the short hash alone when the tree matches HEAD', () => {
    expect(formatStamp('0e311e2', [])).toBe('commit 0e311e2');
  });

  it('should say the tree was dirty and how many files differed', () => {
    expect(formatStamp('0e311e2', ['bench/run.ts'])).toBe('commit 0e311e2 plus uncommitted changes in 1 file (tree dirty)');
    expect(formatStamp('0e311e2', ['a.ts', 'b.ts'])).toContain('in 2 files (tree dirty)');
  });

  it('should read modified, new and renamed paths, and not count the report itself', () => {
    const porcelain = [' M bench/run.ts', '?? bench/lib/new.ts', 'R  old.ts -> new.ts', ' M docs/benchmarks.md', ''].join('\n');
    expect(changedPaths(porcelain)).toEqual(['bench/run.ts', 'bench/lib/new.ts', 'new.ts']);
  });

  it('should say the commit is unknown outside a git checkout', () => {
    expect(formatStamp(undefined, [])).toBe('commit unknown (not a git checkout)');
    const outside = mkdtempSync(join(tmpdir(), 'herdgate-stamp-'));
    try {
      expect(commitStamp(outside)).toBe('commit unknown (not a git checkout)');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('should read this checkout', () => {
    expect(commitStamp(fileURLToPath(new URL('../..', import.meta.url)))).toMatch(
      /^commit [0-9a-f]{7,}( plus uncommitted changes in \d+ files? \(tree dirty\))?$/,
    );
  });
});
