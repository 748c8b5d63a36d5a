import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalRequests } from '../internal-requests';
import { runActions } from './actions';
import type { RuleRecord } from './repository';
import { waitFor } from '../../../../test/helpers/wait';

function rule(actions: RuleRecord['actions']): RuleRecord {
  return {
    id: '1',
    name: 'r',
    owner: 'OWNERKEY00',
    status: 'enabled',
    periodic: 0,
    conditions: [],
    actions,
    createdAt: 0,
    lastTriggeredAt: null,
    timesTriggered: 0,
    etag: 'e',
  };
}

describe('rule actions', () => {
  let server: Server;
  let base: string;
  const paths: string[] = [];

  beforeAll(async () => {
    // `/hang` never answers: the webhook timeout must end the wait.
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      if (req.url !== '/hang') res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('should run internal actions under the owner key through the bound app, in order', async () => {
    const internal = new InternalRequests();
    const seen: string[] = [];
    internal.bind(async (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()} ${request.headers.get('x-request-id')}`);
      return new Response('[]', { status: 200 });
    });
    const outcome = await runActions(
      rule([
        { address: '/groups/1/action', method: 'PUT', body: { on: true } },
        { address: '/lights/2', method: 'GET', body: {} },
        { address: '/scenes/3', method: 'DELETE', body: {} },
      ]),
      { internal, logger: pino({ level: 'silent' }), fetch, webhookTimeoutMs: 1_000 },
      'req',
    );
    expect(outcome).toEqual({ completed: 3 });
    expect(seen).toEqual(['PUT /api/OWNERKEY00/groups/1/action {"on":true} req-a0', 'DELETE /api/OWNERKEY00/scenes/3  req-a2']);
  });

  it('should give up on a webhook that does not answer within the timeout and skip the rest', async () => {
    // The test decides when the timeout fires: once the hanging request has reached the server,
    // however slow the machine is.
    const armed: { fire: () => void; ms: number }[] = [];
    const timers = { set: (fire: () => void, ms: number) => armed.push({ fire, ms }), clear: () => undefined };
    const running = runActions(
      rule([
        { address: `${base}/hang`, method: 'POST', body: {} },
        { address: `${base}/after`, method: 'POST', body: {} },
      ]),
      { internal: new InternalRequests(), logger: pino({ level: 'silent' }), fetch, webhookTimeoutMs: 200, webhookAllowLocal: true, timers },
      'req',
    );
    await waitFor(() => paths.includes('/hang'), "paths.includes('/hang')");
    expect(armed.map((timer) => timer.ms)).toEqual([200]);
    armed[0]!.fire();
    const outcome = await running;
    expect(outcome.completed).toBe(0);
    expect(outcome.failure).toMatch(/timeout/i);
    expect(paths).toEqual(['/hang']);
  });

  it('should report an unbound app as a failed action, not throw', async () => {
    const outcome = await runActions(
      rule([{ address: '/groups/1/action', method: 'PUT', body: {} }]),
      { internal: new InternalRequests(), logger: pino({ level: 'silent' }), fetch, webhookTimeoutMs: 200 },
      'req',
    );
    expect(outcome).toEqual({ completed: 0, failure: 'internal requests are not bound to an app' });
  });
});
