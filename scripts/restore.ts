/**
 * `npm run restore -- <archive> [--same-stick] [--adapter <name>] [--force]`: replaces a stopped
 * gateway's data (DATA_DIR, DATABASE_URL, as the gateway reads them) with a backup's. The archive is
 * read and checked whole, and whether the stick can take the network, before anything changes; the
 * replacement is atomic (data-swap in @herdgate/shared/node). Start the gateway afterwards: herdsman restores
 * the network onto a new stick from the coordinator backup (docs/backup.md).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decodeArchive } from '@herdgate/shared/backup';
import { parseArgs } from './lib/backup/args';
import { gatewayPaths, runningGateway } from './lib/backup/gateway-paths';
import { restoreArchive, RestoreRefused } from './lib/backup/restore-archive';

async function main(): Promise<number> {
  const { options, positional } = parseArgs(process.argv.slice(2), { 'same-stick': 'flag', adapter: 'value', force: 'flag' });
  if (positional.length !== 1) return fail('usage: npm run restore -- <archive> [--same-stick] [--adapter deconz|zstack|ember|…] [--force]');
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), positional[0]);
  const running = options.force ? undefined : await runningGateway(process.env);
  if (running) return fail(`the gateway seems to be running (${running}); stop it first (--force skips this check)`);
  const bytes = await readFile(file).catch((err: NodeJS.ErrnoException) => fail(`cannot read ${file}: ${err.message}`));
  if (typeof bytes === 'number') return bytes;
  const decoded = await decodeArchive(new Uint8Array(bytes));
  if (!decoded.ok) return fail(`${file} refused (${decoded.refusal.reason}): ${decoded.refusal.message}; nothing was changed`);
  const { manifest } = decoded.archive;
  const adapter = typeof options.adapter === 'string' ? options.adapter : process.env.ZIGBEE_ADAPTER || process.env.RADIO_PROTOCOL || 'deconz';
  const paths = gatewayPaths(process.env);
  say(`restoring the backup of ${manifest.gateway.name} (${manifest.gateway.bridgeid}, ${manifest.created}) into ${paths.dataDir}`);
  try {
    await restoreArchive(paths, decoded.archive, { adapter, sameStick: options['same-stick'] === true, log: say });
  } catch (err) {
    if (err instanceof RestoreRefused) return fail(`${err.message}; nothing was changed`);
    throw err;
  }
  say('restored; start the gateway (npm start)');
  return 0;
}

function say(line: string): void {
  process.stdout.write(`restore: ${line}\n`);
}

function fail(message: string): number {
  process.stderr.write(`restore: ${message}\n`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`restore: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
