import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry } from '@herdgate/shared/build';
import { BUNDLE_TAG_ENV, BUNDLED_ENTRIES, bundlePath, type BundledEntry } from './bundles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Global setup of the projects that start the product as child processes (vitest.config.ts):
 * bundles each entry of `bundles.ts` from today's sources once for the run, under a tag of its own
 * so runs in the same checkout never share a file, and removes them when the run ends. The test
 * processes inherit the tag and `nodeArgs` finds the bundles by it. Every project names this
 * setup; the first builds, the others reuse its tag.
 */
export default async function setup(): Promise<() => void> {
  if (process.env[BUNDLE_TAG_ENV]) return () => {};
  const tag = `${process.pid}-${randomBytes(3).toString('hex')}`;
  process.env[BUNDLE_TAG_ENV] = tag;
  const entries = Object.keys(BUNDLED_ENTRIES) as BundledEntry[];
  try {
    for (const entry of entries) await bundleEntry(join(ROOT, entry), bundlePath(entry, tag));
  } catch (err) {
    delete process.env[BUNDLE_TAG_ENV];
    throw err;
  }
  return () => {
    for (const entry of entries) {
      const bundle = bundlePath(entry, tag);
      rmSync(bundle, { force: true });
      rmSync(`${bundle}.map`, { force: true });
    }
  };
}
