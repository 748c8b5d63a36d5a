/** The drizzle-kit migrations as data, written by api/scripts/bundle-migrations.ts (wrangler.toml `[alias]`). */
declare module 'herdgate:migrations' {
  const migrations: import('../store/migrate').BundledMigration[];
  export default migrations;
}
