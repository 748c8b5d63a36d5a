import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { checkCoverage, parseCoverage, type Sources } from './coverage-table';

const root = new URL('../../../', import.meta.url);
const readRepo = (path: string): string | undefined => {
  try {
    return readFileSync(new URL(path, root), 'utf8');
  } catch {
    return undefined;
  }
};

describe('spec coverage table', () => {
  let gw: TestGateway;
  let routes: string[];

  beforeAll(async () => {
    gw = await startTestGateway();
    routes = gw.gateway.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api')).map((r) => `${r.method} ${r.path}`);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('should hold for docs/spec-coverage.md against the tests, api/README.md and the route table', () => {
    const problems = checkCoverage(readRepo('docs/spec-coverage.md') ?? '', { read: readRepo, readme: readRepo('api/README.md') ?? '', routes });
    expect(problems).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });
});

/** The checker must be able to fail: each fixture breaks one rule. */
describe('spec coverage checker', () => {
  const HEAD = '| Id | Spec item | Status | Implemented in | Test | Notes |\n|---|---|---|---|---|---|\n';
  const files: Record<string, string> = {
    'src/a.ts': 'export {}',
    't/a.test.ts': "it('should do the thing', () => {}); const rows = [{ row: 'b.tagged' }];",
  };
  const sources = (routes: string[] = []): Sources => ({
    read: (path) => files[path],
    readme: 'Intro.\n- **Long keys.** Keys are 32 characters\n  instead of 10.\n- **Paths** `/a|b` are taken.',
    routes,
  });
  const good = [
    '| `a.one` | `GET /api/:key/things` | done | `src/a.ts` | `t/a.test.ts` › `should do the thing` |  |',
    '| `b.tagged` | tagged row | done | `src/a.ts` | `t/a.test.ts` › `b.tagged` |  |',
    '| `c.dev` | a deviation | deviates on purpose | `src/a.ts` | `t/a.test.ts` › `should do the thing` | Long keys. Keys are 32 characters instead of 10. |',
    '| `d.later` | not built | not yet — issue 12 | `src/a.ts` |  | builds it |',
  ];
  const table = (lines: string[]) => `${HEAD}${lines.join('\n')}\n`;

  it('should pass a table that holds', () => {
    expect(checkCoverage(table(good), sources(['GET /api/:key/things', 'GET /api/:key/things/']))).toEqual([]);
    expect(parseCoverage(table(good)).rows.map((r) => r.id)).toEqual(['a.one', 'b.tagged', 'c.dev', 'd.later']);
  });

  it.each([
    ['a duplicate id', [...good, good[0]!], /duplicate id/],
    ['an unknown status', [good[0]!.replace('| done |', '| finished |')], /status "finished"/],
    ['a done row without a test', [good[0]!.replace(/`t\/a.test.ts` › `should do the thing`/, '')], /must name a test/],
    ['a test file that does not exist', [good[0]!.replace('t/a.test.ts', 't/gone.test.ts')], /does not exist/],
    ['a test name that does not occur', [good[0]!.replace('should do the thing', 'should do another thing')], /does not occur/],
    ['an implementation file that does not exist', [good[0]!.replace('src/a.ts', 'src/gone.ts')], /implementation file/],
    ['a deviation in other words than the README', [good[2]!.replace('32 characters', 'long')], /word for word/],
    ['a deviation without a reason', [good[2]!.replace(/Long keys\..*instead of 10\. \|/, ' |')], /must say why/],
    ['a malformed row', ['| `x` | too | few |'], /expected 6 cells/],
    ['a bad id', [good[0]!.replace('a.one', 'A One')], /id must be/],
  ])('should report %s', (_what, lines, expected) => {
    const problems = checkCoverage(table(lines as string[]), sources());
    expect(
      problems.some((p) => (expected as RegExp).test(p)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('should read an escaped pipe in a table cell as the README writes it', () => {
    const row = '| `e.pipe` | pipes | deviates on purpose | `src/a.ts` | `t/a.test.ts` › `should do the thing` | **Paths** `/a\\|b` are taken. |';
    expect(checkCoverage(table([row]), sources())).toEqual([]);
    expect(checkCoverage(table([row.replace('/a\\|b', '/a/b')]), sources()).join()).toMatch(/word for word/);
  });

  it('should report a registered route that no row names', () => {
    expect(checkCoverage(table(good), sources(['GET /api/:key/things', 'DELETE /api/:key/things/:id']))).toEqual([
      'route DELETE /api/:key/things/:id has no row',
    ]);
  });

  it('should report an empty table', () => {
    expect(checkCoverage('# nothing here\n', sources())).toContain('no coverage rows found');
  });
});
