import { defineConfig } from 'drizzle-kit';

// Generation only (`npm run db:generate -w @herdgate/api`); the gateway applies the output itself at start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './drizzle',
});
