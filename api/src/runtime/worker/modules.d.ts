/** The drizzle-kit migrations as data, written by api/scripts/bundle-migrations.ts (wrangler.toml `[alias]`). */
declare module 'herdgate:migrations' {
  const migrations: import('../../store/migrate').BundledMigration[];
  export default migrations;
}

/** The built web app (web/dist/assets.json, written by the web build that wrangler's build runs first). */
declare module 'herdgate:web-assets' {
  const assets: import('../../routes/web').WebAssets;
  export default assets;
}
