import { defineConfig } from 'vitest/config';

// The root config's include does not cover bench/ yet; until it does, run these with
// `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: {
    include: ['bench/**/*.test.ts'],
    root: new URL('..', import.meta.url).pathname,
    pool: 'forks',
    testTimeout: 30_000,
  },
});
