/**
 * Child of test/data-swap-kill9.test.ts: replaces the data dir (argv[2]) again and again from generation argv[3], each
 * generation with its own set of names and one content, printing `committed <n>` after each swap,
 * until it is killed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceDataDir } from '@herdgate/shared/node';
import { generationFiles } from './data-swap-generation';

const dataDir = process.argv[2]!;
const first = Number(process.argv[3] ?? '1');
process.stdout.write('swapping\n');
for (let gen = first; ; gen++) {
  await replaceDataDir(dataDir, async (staging) => {
    for (const [path, content] of Object.entries(generationFiles(gen))) {
      await mkdir(join(staging, path, '..'), { recursive: true });
      await writeFile(join(staging, path), content);
    }
  });
  process.stdout.write(`committed ${gen}\n`);
}
