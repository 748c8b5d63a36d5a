/**
 * Child of test/deconz-import-kill9.test.ts: imports the deCONZ export argv[2] into the data dir
 * argv[3], printing `staged` once the new data is written and holding there until it is killed.
 */
import { importDeconz } from '../../scripts/import/deconz/import-deconz';

await importDeconz({
  source: process.argv[2]!,
  dataDir: process.argv[3]!,
  dryRun: false,
  onStaged: async () => {
    process.stdout.write('staged\n');
    await new Promise(() => {});
  },
});
