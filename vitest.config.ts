import { defineConfig } from 'vitest/config';

// One config for the whole monorepo. Each test file runs in its own forked process, which is what
// zigbee-herdsman needs (one Controller per process); cross-process tests spawn their own children.
export default defineConfig({
  test: {
    include: ['{shared,api,bridge,test,bench,scripts,web}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/data/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
