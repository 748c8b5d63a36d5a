import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectDeconzError } from '../helpers/conformance';
import { startTestGateway, type TestGateway } from '../helpers/gateway';

/**
 * `DELETE /api/config/password` works only after a start an operator caused (docs/security.md).
 * Node only: it is about how the process stopped (the clean-shutdown marker in the database file);
 * a Durable Object never stops cleanly, so on workerd only a fresh database opens the window, which
 * whitelist-password.test.ts checks on both runtimes.
 */
describe('password reset window', () => {
  let dir: string;
  let gw: TestGateway | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'herdgate-reset-'));
  });
  afterEach(async () => {
    await gw?.close();
    gw = undefined;
    await rm(dir, { recursive: true, force: true });
  });
  const reset = () => gw!.request('/api/config/password', { method: 'DELETE' });

  /** What a crash leaves: the previous run never wrote its clean-shutdown marker. */
  async function forgetCleanShutdown(): Promise<void> {
    const client = createClient({ url: `file:${join(dir, 'herdgate.db')}` });
    await client.execute("DELETE FROM settings WHERE key = '@clean-shutdown'");
    client.close();
  }

  it('should open on a fresh database and after a clean stop and start, for 10 minutes', async () => {
    gw = await startTestGateway({}, dir);
    expect((await reset()).status).toBe(200);
    gw = await gw.restart();
    expect((await reset()).status).toBe(200);
    gw.clock.advance(10 * 60 * 1000 + 1);
    await expectDeconzError(await reset(), 403, 1);
  });

  it('should stay closed after a run that did not shut down cleanly', async () => {
    gw = await startTestGateway({}, dir);
    await gw.close();
    await forgetCleanShutdown();
    gw = await startTestGateway({}, dir);
    await expectDeconzError(await reset(), 403, 1);
    // A clean stop and start by the operator opens it again.
    gw = await gw.restart();
    expect((await reset()).status).toBe(200);
  });

  it('should stay closed when the supervisor brought the api back', async () => {
    gw = await startTestGateway({}, dir);
    await gw.close();
    gw = await startTestGateway({ HERDGATE_RESTARTED_BY_SUPERVISOR: '1' }, dir);
    await expectDeconzError(await reset(), 403, 1);
  });
});
