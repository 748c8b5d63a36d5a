/**
 * `npm run backup [-- --out <file|folder>] [--force]`: writes a backup archive of a stopped
 * gateway (DATA_DIR, DATABASE_URL, as the gateway reads them) into BACKUP_DIR or `--out`. A
 * running gateway makes its own: `POST /api/<key>/config/export` or the automatic backups.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { nodeArchiveStore } from '@herdgate/api/node-backup';
import { databaseExists, gatewayPaths, runningGateway } from './lib/backup/gateway-paths';
import { offlineArchive } from './lib/backup/offline-archive';
import { softwareVersions } from './lib/backup/software';
import { parseArgs } from './lib/backup/args';

async function main(): Promise<number> {
  const { options: args } = parseArgs(process.argv.slice(2), { out: 'value', force: 'flag' });
  const paths = gatewayPaths(process.env);
  const running = args.force ? undefined : await runningGateway(process.env);
  if (running)
    return fail(
      `the gateway seems to be running (${running}); stop it first, or download a fresh backup with GET /api/<key>/config/export (--force skips this check)`,
    );
  if (!databaseExists(paths)) return fail(`no database at ${paths.databaseFile} (DATABASE_URL)`);
  const archive = await offlineArchive(paths, softwareVersions());
  const out = typeof args.out === 'string' ? resolve(process.env.INIT_CWD ?? process.cwd(), args.out) : undefined;
  const isFolder =
    out === undefined ||
    (await stat(out).then(
      (s) => s.isDirectory(),
      () => out.endsWith('/'),
    ));
  const folder = out === undefined ? paths.backupDir : isFolder ? out : dirname(out);
  const name = isFolder ? archive.name : out!.slice(folder.length + 1);
  await mkdir(folder, { recursive: true });
  await nodeArchiveStore(folder, { anyName: true }).save(name, archive.bytes);
  process.stdout.write(`backup written: ${join(folder, name)} (${archive.bytes.length} bytes)\n`);
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`backup: ${message}\n`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`backup: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
