/**
 * Installs a pinned Zigbee2MQTT into a scratch folder outside the repo (reused across runs), so the
 * bridge benchmark can run it side by side with herdgate. It is never a dependency of the project.
 * Failure is a value: the suite still measures herdgate and reports why the comparison is missing.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** 2.14.1 is the newest release the registry offers; it runs on Node 20 (its engines allow `<=26.2`). */
export const Z2M_VERSION = '2.14.1';
const INSTALL_TIMEOUT_MS = 5 * 60_000;

export interface Z2mInstall {
  ok: true;
  version: string;
  /** `node_modules/zigbee2mqtt/index.js`: the entry its own `npm start` runs. */
  entry: string;
  /** Versions of the Zigbee stack it brought, for the method text. */
  herdsman: string;
  converters: string;
}

export type Z2mInstallResult = Z2mInstall | { ok: false; error: string };

export const z2mScratchDir = (): string => join(tmpdir(), 'herdgate-bench-z2m');

export async function ensureZigbee2mqtt(log: (line: string) => void, dir = z2mScratchDir()): Promise<Z2mInstallResult> {
  try {
    mkdirSync(dir, { recursive: true });
    if (installedVersion(dir, 'zigbee2mqtt') !== Z2M_VERSION) {
      log(`installing zigbee2mqtt@${Z2M_VERSION} into ${dir}`);
      const manifest = { name: 'herdgate-bench-z2m', private: true, version: '0.0.0', dependencies: { zigbee2mqtt: Z2M_VERSION } };
      writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      await npmInstall(dir);
    }
    const entry = join(dir, 'node_modules', 'zigbee2mqtt', 'index.js');
    if (!existsSync(entry)) return { ok: false, error: `npm install finished but ${entry} is missing` };
    return {
      ok: true,
      version: installedVersion(dir, 'zigbee2mqtt') ?? 'unknown',
      entry,
      herdsman: installedVersion(dir, 'zigbee-herdsman') ?? 'unknown',
      converters: installedVersion(dir, 'zigbee-herdsman-converters') ?? 'unknown',
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function installedVersion(dir: string, name: string): string | undefined {
  const manifest = join(dir, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

function npmInstall(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', '--omit=dev'],
      { cwd: dir, timeout: INSTALL_TIMEOUT_MS, maxBuffer: 8 * 2 ** 20 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`npm install zigbee2mqtt@${Z2M_VERSION} failed: ${error.message}\n${stderr.slice(-2_000)}`));
        else resolve();
      },
    );
  });
}
