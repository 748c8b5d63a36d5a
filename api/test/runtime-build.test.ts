import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../scripts/build';
import type { BuildResult } from '@herdgate/shared/build';

/**
 * The bundle `npm start` and `npm run start:api` run (plain JavaScript, no tsx in the process):
 * built as they build it, then started with plain node on a fresh database (migrations found from
 * the bundle), answering REST, and stopped cleanly by SIGTERM.
 */
describe('api build', () => {
  let built: BuildResult;
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-api-build-'));

  beforeAll(async () => {
    built = await buildApi();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should bundle the api and @herdgate/shared sources and leave npm packages to node_modules', () => {
    expect(built.inputs).toContain('api/src/runtime/node/main.ts');
    expect(built.inputs.some((file) => file.startsWith('shared/src/errors/'))).toBe(true);
    expect(built.inputs.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(built.external).toEqual(expect.arrayContaining(['@libsql/client', 'hono', 'pino']));
    expect(readFileSync(built.bundle, 'utf8')).not.toMatch(/from ["']@herdgate\//);
  });

  it('should run with plain node: migrate a fresh database, answer REST, stop on SIGTERM', async () => {
    const env = {
      ...process.env,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: '0',
      WEBSOCKET_PORT: '0',
      MQTT_URL: 'none',
      RELEASES_URL: 'none',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `file:${join(dir, 'api.db')}`,
    };
    const child = spawn(process.execPath, [built.bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      // Log lines share stdout; the supervisor's ready line is the one naming its event.
      let ready: { event?: string; httpPort: number } | undefined;
      for await (const line of createInterface({ input: child.stdout })) {
        ready = JSON.parse(line) as { event?: string; httpPort: number };
        if (ready.event === 'api-ready') break;
      }
      expect(ready?.event).toBe('api-ready');
      const res = await fetch(`http://127.0.0.1:${ready!.httpPort}/api/config`, { signal: AbortSignal.timeout(10_000) });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ apiversion: expect.any(String) });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
