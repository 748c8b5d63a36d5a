import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'herdgate-matter-probe-'));

/** The matter.js modules a fresh Node process resolves while importing `entries`. */
function matterModulesLoadedBy(entries: string[], name: string): string[] {
  const out = join(scratch, `${name}.txt`);
  const stdout = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'matter/test/probe-child.ts'), ...entries], {
    cwd: ROOT,
    env: { ...process.env, MATTER_PROBE_OUT: out },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(stdout).toContain('imported');
  return existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : [];
}

/**
 * matter.js costs ~140 MB when loaded: without MATTER=1 nothing of it may be imported. The bridge
 * and the api (what the default gateway runs), and the Matter process's own runner before it
 * starts the node, load none of it; the probe sees it once the Matter node module is imported.
 */
describe('matter: not loaded unless enabled', () => {
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("should load no matter.js module with the bridge, the api and the start script's helpers", () => {
    const entries = [
      '@herdgate/bridge/run',
      '@herdgate/api/run',
      '@herdgate/api',
      join(ROOT, 'scripts/lib/gateway-report.ts'),
      join(ROOT, 'matter/src/run-matter.ts'),
    ];
    expect(matterModulesLoadedBy(entries, 'default')).toEqual([]);
  }, 90_000);

  it('should see matter.js once the Matter node is imported (the probe works)', () => {
    const loaded = matterModulesLoadedBy([join(ROOT, 'matter/src/bridge-node.ts')], 'enabled');
    expect(loaded.some((url) => url.includes('/@matter/main/'))).toBe(true);
  }, 90_000);
});
