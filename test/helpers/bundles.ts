import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The product's Node entries that tests start as child processes, built once per test run into
 * plain-JavaScript bundles (`bundles-setup.ts`, the projects' global setup) and run with plain
 * node instead of through the tsx loader: a bridge child reaches its first line in about 0.4 s
 * instead of 1.0 s, and the suite starts a few hundred of them. What runs is what `npm start` runs
 * (bridge/scripts/build.ts, api/scripts/build.ts). Each bundle keeps its entry's depth below the
 * package, because the code finds its files relative to itself (the virtual radio's catalogue, the
 * api's migrations, the radio the bridge starts). A test file run outside vitest, or an entry with
 * no bundle, runs through tsx as before.
 */
export const BUNDLED_ENTRIES = {
  'bridge/src/main.ts': 'bridge/dist',
  'bridge/virtual-radio/src/main.ts': 'bridge/virtual-radio/dist/test',
  'api/src/runtime/node/main.ts': 'api/dist/runtime/node',
} as const;

export type BundledEntry = keyof typeof BUNDLED_ENTRIES;

/** The environment variable naming this run's bundle tag (set by the global setup). */
export const BUNDLE_TAG_ENV = 'HERDGATE_TEST_BUNDLE_TAG';

/** Where the bundle of `entry` is for this run's `tag`. */
export function bundlePath(entry: BundledEntry, tag: string): string {
  return join(ROOT, BUNDLED_ENTRIES[entry], `test-${tag}.mjs`);
}

/** The node arguments that run `entry` (absolute or relative to the repository root): its bundle when this run built one, else tsx. */
export function nodeArgs(entry: string): string[] {
  const key = (isAbsolute(entry) ? relative(ROOT, entry) : entry).split(sep).join('/') as BundledEntry;
  const tag = process.env[BUNDLE_TAG_ENV];
  if (tag && key in BUNDLED_ENTRIES) {
    const bundle = bundlePath(key, tag);
    if (existsSync(bundle)) return [bundle];
  }
  return ['--import', 'tsx', isAbsolute(entry) ? entry : join(ROOT, entry)];
}
