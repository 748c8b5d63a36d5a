/**
 * Child of bridge/test/restore-kill9.test.ts: restores the bridge's files into the data dir
 * (argv[2]) again and again, generation after generation from argv[3], as `backup/restore` does
 * (checked, then swapped in with the same scoped swap), printing `committed <n>` after each, until
 * it is killed.
 */
import { gzipSync } from 'node:zlib';
import { sha256Hex } from '@herdgate/shared/backup';
import { checkRestore, swapInRestore } from '../../src/backup/restore-files';
import { restoreGeneration } from './restore-generation';

const dataDir = process.argv[2]!;
const first = Number(process.argv[3] ?? '1');
const stick = { adapter: 'zstack', coordinator: '0x00124b0000000001', network: { panid: 1, extpanid: '0x01' }, devices: 0 };
process.stdout.write('swapping\n');
for (let gen = first; ; gen++) {
  const files: Record<string, { sha256: string; gzip: string }> = {};
  for (const [name, text] of Object.entries(restoreGeneration(gen)))
    files[name] = { sha256: await sha256Hex(Buffer.from(text)), gzip: gzipSync(text).toString('base64') };
  const checked = await checkRestore({ id: await sha256Hex(Buffer.from(String(gen))), files }, stick);
  await swapInRestore(dataDir, checked, async () => {});
  process.stdout.write(`committed ${gen}\n`);
}
