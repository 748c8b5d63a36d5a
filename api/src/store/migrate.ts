/**
 * Apply drizzle-kit migrations given as data rather than read from a folder, for runtimes without
 * a file system (workerd). Same bookkeeping as drizzle's libSQL migrator (`__drizzle_migrations`,
 * hash and `created_at` = the journal's `when`), so a database migrated by either runtime is up to
 * date for the other.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './types';

export interface BundledMigration {
  /** Statements, split at drizzle-kit's statement breakpoints. */
  sql: string[];
  /** The journal's `when`: migrations newer than the last applied one run, in order. */
  folderMillis: number;
  /** sha256 of the migration file, as drizzle records it. */
  hash: string;
}

const TABLE = '__drizzle_migrations';

export async function applyMigrations(db: Database, migrations: readonly BundledMigration[]): Promise<number> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS ${sql.identifier(TABLE)} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  const [last] = await db.values<[unknown, string, number]>(sql`SELECT id, hash, created_at FROM ${sql.identifier(TABLE)} ORDER BY created_at DESC LIMIT 1`);
  const pending = migrations.filter((m) => last === undefined || Number(last[2]) < m.folderMillis);
  if (pending.length === 0) return 0;
  const statements = [];
  for (const migration of pending) {
    for (const statement of migration.sql) if (statement.trim() !== '') statements.push(db.run(sql.raw(statement)));
    statements.push(db.run(sql`INSERT INTO ${sql.identifier(TABLE)} ("hash", "created_at") VALUES(${migration.hash}, ${migration.folderMillis})`));
  }
  // One batch, all or nothing; drizzle's libSQL session runs it with foreign keys off, as its
  // own migrator does (table-recreating migrations rely on that).
  const session = (db as unknown as { session: { migrate(queries: unknown[]): Promise<unknown> } }).session;
  await session.migrate(statements);
  return pending.length;
}
