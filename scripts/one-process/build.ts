/**
 * Builds the one-process gateway's entry (scripts/one-process/main.ts) into plain JavaScript,
 * `scripts/dist/one-process.mjs`, with the same bundler as the bridge and the api. The entry only
 * loads their bundles: none of their code goes into this one.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry, type BuildResult } from '@herdgate/shared/build';

const SCRIPTS = fileURLToPath(new URL('..', import.meta.url));
export const ONE_PROCESS_BUNDLE = join(SCRIPTS, 'dist', 'one-process.mjs');

export const buildOneProcess = (outfile = ONE_PROCESS_BUNDLE): Promise<BuildResult> => bundleEntry(join(SCRIPTS, 'one-process', 'main.ts'), outfile);
