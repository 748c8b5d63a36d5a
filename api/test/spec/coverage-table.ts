/**
 * The checker of docs/spec-coverage.md: parses its tables and reports every way the table can
 * drift from the code (a done row without a test that exists, a deviation whose reason is not the
 * one api/README.md gives, a registered route no row names). Pure: files come through `Sources`.
 */

export const STATUSES = ['done', 'deviates on purpose', 'not yet'] as const;
const STATUS = /^(done|deviates on purpose|not yet( — issue \d+)?)$/;
const HEADER = '| Id | Spec item | Status | Implemented in | Test | Notes |';
const ID = /^[a-z0-9][a-z0-9._-]*$/;
const ROUTE = /`(GET|PUT|POST|DELETE) (\/api[^\s`]*)`/g;

export interface CoverageRow {
  line: number;
  id: string;
  item: string;
  status: string;
  impl: string;
  testFile?: string;
  needle?: string;
  notes: string;
}

export interface Sources {
  /** Text of a repository file, or undefined when it does not exist. */
  read(path: string): string | undefined;
  /** api/README.md. */
  readme: string;
  /** Routes the api registers, as `METHOD /api/...` with Hono's `:param` names. */
  routes: readonly string[];
}

const code = (cell: string): string | undefined => /^`([^`]+)`$/.exec(cell.trim())?.[1];

/** Rows of every table with the coverage header; a malformed row is reported, not skipped. */
export function parseCoverage(markdown: string): { rows: CoverageRow[]; problems: string[] } {
  const rows: CoverageRow[] = [];
  const problems: string[] = [];
  let inTable = false;
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === HEADER) {
      inTable = true;
      return;
    }
    if (!text.startsWith('|')) {
      inTable = false;
      return;
    }
    if (!inTable || /^\|[-| ]+\|$/.test(text.trim())) return;
    const cells = text
      .trim()
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim());
    if (cells.length !== 6) {
      problems.push(`line ${line}: expected 6 cells, found ${cells.length}`);
      return;
    }
    const [idCell, item, status, implCell, test, notes] = cells as [string, string, string, string, string, string];
    const tested = /^`([^`]+)` › `(.+)`$/.exec(test);
    if (test !== '' && !tested) problems.push(`line ${line}: test cell must be \`file\` › \`needle\``);
    rows.push({ line, id: code(idCell) ?? idCell, item, status, impl: code(implCell) ?? implCell, testFile: tested?.[1], needle: tested?.[2], notes });
  });
  return { rows, problems };
}

/** Markdown emphasis, escaped pipes (`\|` inside a table cell) and line breaks do not count. */
const normalise = (text: string): string => text.replace(/\*\*/g, '').replace(/\\\|/g, '|').replace(/\s+/g, ' ').trim();

/** Route as the table writes it: PATCH is PUT's twin, a trailing slash is the same route. */
export function routeKey(method: string, path: string): string {
  return `${method === 'PATCH' ? 'PUT' : method} ${path.length > 1 ? path.replace(/\/$/, '') : path}`;
}

/** Every problem of the table; an empty list means it holds. */
export function checkCoverage(markdown: string, sources: Sources): string[] {
  const { rows, problems } = parseCoverage(markdown);
  if (rows.length === 0) problems.push('no coverage rows found');
  const seen = new Set<string>();
  const readme = normalise(sources.readme);
  const named = new Set<string>();
  for (const row of rows) {
    const at = `line ${row.line} (${row.id})`;
    if (!ID.test(row.id)) problems.push(`${at}: id must be lower-case words joined by . _ -`);
    if (seen.has(row.id)) problems.push(`${at}: duplicate id`);
    seen.add(row.id);
    if (!STATUS.test(row.status)) problems.push(`${at}: status "${row.status}" is not one of ${STATUSES.join(', ')} (optionally "not yet — issue N")`);
    if (sources.read(row.impl) === undefined) problems.push(`${at}: implementation file ${row.impl} does not exist`);
    const proven = row.status === 'done' || row.status === 'deviates on purpose';
    if (proven) {
      if (!row.testFile || !row.needle) problems.push(`${at}: a ${row.status} row must name a test`);
      else {
        const text = sources.read(row.testFile);
        if (text === undefined) problems.push(`${at}: test file ${row.testFile} does not exist`);
        else if (!text.includes(row.needle)) problems.push(`${at}: "${row.needle}" does not occur in ${row.testFile}`);
      }
    }
    if (row.status === 'deviates on purpose') {
      const why = normalise(row.notes);
      if (why === '') problems.push(`${at}: a deviation must say why`);
      else if (!readme.includes(why)) problems.push(`${at}: the reason is not in api/README.md word for word`);
    }
    for (const match of row.item.matchAll(ROUTE)) named.add(routeKey(match[1]!, match[2]!));
  }
  for (const route of new Set(
    sources.routes.map((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return routeKey(method, path);
    }),
  )) {
    if (!named.has(route)) problems.push(`route ${route} has no row`);
  }
  return problems;
}
