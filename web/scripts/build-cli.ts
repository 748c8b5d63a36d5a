import { BUNDLE_BUDGET_BYTES } from './budget';
import { ASSETS_PATH, gzippedSize, writeWebApp } from './build';

// `npm run build -w @herdgate/web` (also run by the root postinstall, npm start and wrangler's build).
const bundle = await writeWebApp();
const size = gzippedSize(bundle);
console.log(`web app built: ${ASSETS_PATH} (${(size / 1024).toFixed(1)} KiB gzipped, budget ${(BUNDLE_BUDGET_BYTES / 1024).toFixed(0)} KiB)`);
if (size > BUNDLE_BUDGET_BYTES) {
  console.error(`web app over its size budget: ${size} > ${BUNDLE_BUDGET_BYTES} bytes gzipped (docs/benchmarks.md)`);
  process.exit(1);
}
