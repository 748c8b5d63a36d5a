/**
 * Writes the committed drizzle-kit migrations (`api/drizzle/`) as one JSON module the Worker
 * bundle imports (workerd has no file system to read the folder from). Runs before every
 * `wrangler dev`/`deploy` build (wrangler.toml `[build]`), so the Worker always has every migration.
 * Usage: tsx api/scripts/bundle-migrations.ts [out-file]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BundledMigration } from '../src/store/migrate';

const FOLDER = fileURLToPath(new URL('../drizzle/', import.meta.url));
export const DEFAULT_BUNDLE = fileURLToPath(new URL('../.generated/migrations.json', import.meta.url));

export function readMigrationBundle(folder = FOLDER): BundledMigration[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((entry) => {
    const text = readFileSync(`${folder}/${entry.tag}.sql`, 'utf8');
    return { sql: text.split('--> statement-breakpoint'), folderMillis: entry.when, hash: createHash('sha256').update(text).digest('hex') };
  });
}

export function writeMigrationBundle(out = DEFAULT_BUNDLE): void {
  mkdirSync(dirname(out), { recursive: true });
  const json = JSON.stringify(readMigrationBundle());
  // Unchanged content is not rewritten, so a watching wrangler does not rebuild for nothing.
  let current: string | undefined;
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== json) writeFileSync(out, json);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeMigrationBundle(process.argv[2]);
