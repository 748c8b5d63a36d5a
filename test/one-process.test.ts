import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOneProcess } from '../scripts/one-process/build';
import { jsonLine } from './helpers/child-process';
import { childrenOf } from './helpers/processes';
import { startSupervisedGateway, type SupervisedGateway } from './helpers/supervised-gateway';
import { waitFor } from './helpers/wait';

/**
 * `npm start` runs the bridge and the api in one node process (scripts/one-process/). They share one
 * fate, which the docs state: when the radio is lost the bridge stops the whole process and the
 * supervisor starts it again, api included, and both serve again with their state intact.
 */
const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');

describe('one-process gateway', () => {
  let gateway: SupervisedGateway;
  const lines = () => gateway.process.output.flatMap((chunk) => chunk.split('\n')).map((line) => line.replace(/^\S+\s*\|\s/, ''));
  const apiReadies = () => lines().filter((line) => jsonLine(line)?.event === 'api-ready').length;

  beforeAll(async () => {
    gateway = await startSupervisedGateway('herdgate-one-process-');
  }, 90_000);
  afterAll(async () => {
    await gateway?.stop();
  });

  it('should build an entry that only loads the bridge and api bundles, holding none of their code', async () => {
    const { inputs, external } = await buildOneProcess();
    expect(inputs).toContain('scripts/one-process/main.ts');
    expect(inputs.filter((file) => file.startsWith('bridge/') || file.startsWith('api/'))).toEqual([]);
    expect(external).toEqual([]);
  });

  it('should run bridge and api in one child process beside the radio', () => {
    const children = childrenOf(gateway.process.process.pid!)
      .map(commandOf)
      .filter((command) => !command.includes('esbuild'));
    expect(children.filter((command) => command.includes('one-process.mjs'))).toHaveLength(1);
    expect(children.some((command) => command.includes('virtual-radio'))).toBe(true);
    expect(children.some((command) => / \S*(bridge\/dist\/main|api\/dist\/runtime\/node)\.mjs$/.test(command))).toBe(false);
    // At most two malloc arenas (scripts/lib/node-child-env.ts): read from the process's own environment.
    const gatewayPid = childrenOf(gateway.process.process.pid!).find((pid) => commandOf(pid).includes('one-process.mjs'))!;
    expect(readFileSync(`/proc/${gatewayPid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
  });

  it('should restart both halves when the radio is lost, and serve again with the same key', async () => {
    const before = apiReadies();
    const radio = childrenOf(gateway.process.process.pid!).find((pid) => commandOf(pid).includes('virtual-radio'));
    expect(radio).toBeDefined();
    process.kill(radio!, 'SIGKILL');
    await waitFor(() => apiReadies() > before, 'the api ready again after the gateway process restarted', 60_000, 200);
    const output = lines().join('\n');
    expect(output).toContain('radio adapter disconnected');
    expect(output).toMatch(/gateway exited \(code 1\); restarting/);
    const config = await waitFor(
      async () => {
        const { status, body } = await gateway.rest.get('/config');
        return status === 200 ? (body as { rfconnected?: boolean }) : undefined;
      },
      'REST with the key made before the restart',
      30_000,
    );
    expect(config).toMatchObject({ rfconnected: expect.any(Boolean) });
    // The api stopped cleanly with the bridge, but the restart was the supervisor's, not an operator's:
    // the password-reset window stays shut (docs/security.md).
    const reset = await fetch(`http://127.0.0.1:${gateway.ports.http}/api/config/password`, { method: 'DELETE' });
    expect(reset.status).toBe(403);
  }, 90_000);
});
