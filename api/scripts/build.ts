/**
 * Builds the api's Node entry into one plain-JavaScript file, `api/dist/runtime/node/main.mjs`: what
 * `npm run start:api` (`npm start -w @herdgate/api`), `npm start` (scripts/start.ts) and the
 * benchmarks run, so the tsx loader and its transformed sources stay out of the api process
 * (`@herdgate/shared/build`, shared with the bridge's build).
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEntry, type BuildResult } from '@herdgate/shared/build';

const API = fileURLToPath(new URL('..', import.meta.url));
export const API_ENTRY = join(API, 'src', 'runtime', 'node', 'main.ts');
/**
 * Three levels below the workspace, like the entry's folder: the database module finds the
 * migrations at `../../../drizzle` from its own URL, which in the bundle is this file's.
 */
export const API_BUNDLE = join(API, 'dist', 'runtime', 'node', 'main.mjs');

export const buildApi = (outfile = API_BUNDLE): Promise<BuildResult> => bundleEntry(API_ENTRY, outfile);

// `tsx api/scripts/build.ts` (the workspace's build / prestart script).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { bundle, inputs, external } = await buildApi();
  process.stdout.write(`api built: ${bundle} (${inputs.length} sources; external: ${external.join(', ')})\n`);
}
