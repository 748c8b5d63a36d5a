import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createNodeGateway } from './gateway';
import { withTimeout } from '../../../../test/helpers/wait';

async function runChild(which: string): Promise<{ code: number | null; output: string }> {
  const entry = fileURLToPath(new URL('./gateway-start.child.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry, which], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const code = await withTimeout(exited, 20_000, `child to exit on its own (${which}); output: ${output}`);
    return { code, output };
  } finally {
    child.kill('SIGKILL');
  }
}

describe('node gateway start', () => {
  it.each(['http', 'websocket'])('should stop everything it started when the %s port is in use, so the process can exit', async (which) => {
    const { code, output } = await runChild(which);
    expect(output).toMatch(/^failed .*EADDRINUSE.*\n$/);
    expect(code).toBe(0);
  });

  it('should run without a bridge link with MQTT_URL=none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'herdgate-no-mqtt-'));
    const gateway = await createNodeGateway(
      { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: `file:${join(dir, 'test.db')}`, MQTT_URL: 'none' },
      { logger: pino({ level: 'silent' }) },
    );
    try {
      // The disconnected link answers at once and says no bridge is linked (an MQTT link would be dialling).
      expect(await gateway.services.bridge.request('permit_join', { time: 10 })).toEqual({
        status: 'error',
        code: 'not_connected',
        message: 'no bridge is linked',
      });
      const config = (await (await fetch(`http://127.0.0.1:${gateway.httpPort}/api/config`)).json()) as Record<string, unknown>;
      expect(config.bridgeid).toMatch(/^[0-9A-F]{16}$/);
    } finally {
      await gateway.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
