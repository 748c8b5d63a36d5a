/**
 * The libSQL schema. Migrations under `api/drizzle/` are generated from this file with
 * `npm run db:generate -w @herdgate/api` and applied at start; never edit them by hand.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The whitelist: one row per API key. Times are epoch milliseconds (UTC). */
export const apiKeys = sqliteTable('api_keys', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  createdAt: integer('created_at').notNull(),
  lastUsedAt: integer('last_used_at').notNull(),
  userAgent: text('user_agent'),
});

/** Gateway settings as key → JSON value, so a new setting needs no migration. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Monotonic id allocation per resource kind (`lights`, `sensors`, `rules`…): ids are never reused,
 * even after a delete, so a client holding an old id never addresses a different resource.
 */
export const idSequences = sqliteTable('id_sequences', {
  name: text('name').primaryKey(),
  lastId: integer('last_id').notNull(),
});
