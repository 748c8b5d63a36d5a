import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const DEMO = fileURLToPath(new URL('../../networks/demo.json', import.meta.url));

describe('virtual radio process', () => {
  const dir = tempDir('vr-main');
  afterAll(() => dir.remove());

  it('should print both ports as JSON lines, serve control, and flush its state on SIGTERM', async () => {
    const statePath = join(dir.path, 'radio.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, '--port', '0', '--control-port', '0', '--state', statePath, '--network', DEMO, '--log-level', 'silent'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const lines: Array<{ service: string; port: number; msg: string }> = [];
      const reader = createInterface({ input: child.stdout! });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no port lines within 15 s')), 15_000);
        reader.on('line', (line) => {
          lines.push(JSON.parse(line));
          if (lines.length === 2) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(lines.map((l) => l.service)).toEqual(['radio', 'control']);
      expect(lines[0].msg).toBe(`virtual-radio listening on 127.0.0.1:${lines[0].port}`);
      const health = await fetch(`http://127.0.0.1:${lines[1].port}/health`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.json());
      // Every device of a fresh demo network waits in the pool (the demo grows: count it, don't pin it).
      const demoDevices = (JSON.parse(readFileSync(DEMO, 'utf8')) as { devices: unknown[] }).devices.length;
      expect(health).toMatchObject({ ok: true, port: lines[0].port, pool: demoDevices, devices: 0 });
      // A fresh radio's coordinator sits in the ConBee II range, as deCONZ clients expect of a bridgeid.
      expect((health as { coordinator: string }).coordinator).toMatch(/^00212effff[0-9a-f]{6}$/);

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(JSON.parse(readFileSync(statePath, 'utf8')).network.pool).toHaveLength(demoDevices);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('should exit 1 with a message for a bad option', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', 'abc'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr).toMatch(/virtual-radio: port/);
  });
});
