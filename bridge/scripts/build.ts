/**
 * Builds the bridge into one plain-JavaScript file, `bridge/dist/main.mjs`: what `npm run
 * start:bridge`, `npm start` (scripts/start.ts) and the benchmarks run. The bundling itself (and why
 * plain JavaScript) is `@herdgate/shared/build`, shared with the api's build.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEntry, type BuildResult } from '@herdgate/shared/build';

export type { BuildResult } from '@herdgate/shared/build';

const BRIDGE = fileURLToPath(new URL('..', import.meta.url));
export const BRIDGE_ENTRY = join(BRIDGE, 'src', 'main.ts');
/** Must stay a sibling of src/: main.ts and radio-child.ts find the virtual radio relative to it. */
export const BRIDGE_BUNDLE = join(BRIDGE, 'dist', 'main.mjs');

export const buildBridge = (outfile = BRIDGE_BUNDLE): Promise<BuildResult> => bundleEntry(BRIDGE_ENTRY, outfile);

// `tsx bridge/scripts/build.ts` (the workspace's build / prestart script).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { bundle, inputs, external } = await buildBridge();
  process.stdout.write(`bridge built: ${bundle} (${inputs.length} sources; external: ${external.join(', ')})\n`);
}
