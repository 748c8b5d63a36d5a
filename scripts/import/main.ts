/**
 * `npm run import -- <kind> <source> [--dry-run]`: takes over another gateway's data into
 * DATA_DIR while herdgate is stopped. Kinds: `deconz` (deCONZ.tar.gz or a deCONZ data folder),
 * `zigbee2mqtt` (a stopped Zigbee2MQTT's data folder, or a tar.gz/zip of it).
 * Exit status 0 when done (or planned, with --dry-run), 1 when refused, 2 on a usage error.
 */
import { resolve } from 'node:path';
import { importDeconz, ImportRefused } from './deconz/import-deconz';
import { importZigbee2mqtt } from './zigbee2mqtt/import-zigbee2mqtt';

const USAGE = [
  'usage: npm run import -- deconz <deCONZ.tar.gz | deCONZ data folder> [--dry-run]',
  '       npm run import -- zigbee2mqtt <Zigbee2MQTT data folder | tar.gz | zip of it> [--dry-run]',
  '',
].join('\n');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const [kind, source, ...rest] = args.filter((a) => a !== '--dry-run');
if ((kind !== 'deconz' && kind !== 'zigbee2mqtt') || !source || rest.length > 0) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const database = process.env.DATABASE_URL;
if (
  database &&
  database !== `file:${process.env.DATA_DIR ?? './data'}/herdgate.db` &&
  resolve(database.replace(/^file:/, '')) !== resolve(dataDir, 'herdgate.db')
) {
  process.stderr.write(
    `herdgate import: DATABASE_URL points outside DATA_DIR (${database}); the import writes ${dataDir}/herdgate.db: unset DATABASE_URL or point it there\n`,
  );
  process.exit(1);
}
const adapter = process.env.ZIGBEE_ADAPTER || undefined;
try {
  let start = 'npm start';
  if (kind === 'deconz') {
    process.stdout.write((await importDeconz({ source: resolve(source), dataDir, dryRun, adapter })).report);
  } else {
    const { report, env } = await importZigbee2mqtt({ source: resolve(source), dataDir, dryRun, adapter });
    process.stdout.write(report);
    start = `ZIGBEE_ADAPTER=${env.ZIGBEE_ADAPTER} ZIGBEE_PATH=${env.ZIGBEE_PATH ?? '<serial port>'} npm start`;
  }
  process.stdout.write(dryRun ? 'dry run: nothing written\n' : `imported into ${dataDir}; start herdgate with ${start}\n`);
} catch (err) {
  if (!(err instanceof ImportRefused)) throw err;
  process.stderr.write(`herdgate import refused, nothing changed: ${err.message}\n`);
  process.exit(1);
}
