import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBridge } from '@herdgate/bridge/build';
import { ROOT } from './helpers/child-process';
import { startBridgeProcess } from '../bridge/test/support/bridge-process';

/**
 * The systemd units in infra/systemd: valid for systemd (`systemd-analyze verify`), and what their
 * ExecStart runs starts from an installed tree without writing to it (ProtectSystem=strict makes
 * it read-only: the old unit ran `npm run start:bridge`, whose prestart build wrote into it).
 */
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const UNITS = ['herdgate-bridge.service', 'herdgate-api.service'];
const INSTALL = '/opt/herdgate';
const STATE = '/var/lib/herdgate';

function unitSettings(name: string) {
  const text = readFileSync(join(ROOT, 'infra', 'systemd', name), 'utf8');
  const values = (key: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1));
  const environment = Object.fromEntries(values('Environment').map((pair) => pair.split('=', 2) as [string, string]));
  return { text, execStart: values('ExecStart')[0].split(/\s+/), environment, stateDirectory: values('StateDirectory')[0] };
}

describe('systemd units', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(SYSTEMD_ANALYZE))('should pass systemd-analyze verify (skipped: /usr/bin/systemd-analyze is not installed)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'herdgate-units-'));
    dirs.push(dir);
    // verify checks that ExecStart's program exists: point it at this machine's node.
    const paths = UNITS.map((name) => {
      const path = join(dir, name);
      writeFileSync(path, readFileSync(join(ROOT, 'infra', 'systemd', name), 'utf8').replaceAll('/usr/bin/node', process.execPath));
      return path;
    });
    const output = execFileSync(SYSTEMD_ANALYZE, ['verify', ...paths], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output).toBe('');
  });

  it.each(UNITS)('should run %s as node on files the install step made, with state outside the tree', (name) => {
    const { execStart, stateDirectory, environment } = unitSettings(name);
    expect(execStart[0]).toBe('/usr/bin/node');
    expect(execStart.join(' ')).not.toMatch(/\bnpm\b|build/);
    expect(stateDirectory).toBe('herdgate');
    for (const value of Object.values(environment)) expect(value).not.toContain(INSTALL);
    expect(environment.MALLOC_ARENA_MAX).toBe('2');
    const entry = execStart.at(-1)!;
    expect(entry.startsWith(`${INSTALL}/`)).toBe(true);
  });

  it('should start the bridge with exactly what the unit runs once the install step built it', async () => {
    const { execStart, environment } = unitSettings('herdgate-bridge.service');
    await buildBridge();
    const entry = execStart.at(-1)!.replace(INSTALL, ROOT);
    const dataDir = mkdtempSync(join(tmpdir(), 'herdgate-unit-bridge-'));
    dirs.push(dataDir);
    const env = Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value.replace(STATE, dataDir)]));
    const bridge = await startBridgeProcess({ dataDir, entry, env: { ...env, VIRTUAL_RADIO_NETWORK: join(dataDir, 'none.json') } });
    try {
      expect(bridge.bridgeId).toMatch(/^[0-9A-F]{16}$/);
      expect(existsSync(join(dataDir, 'network.json'))).toBe(true);
    } finally {
      await bridge.stop();
    }
  }, 60_000);
});
