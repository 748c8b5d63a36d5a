import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit, startTestGateway, type TestGateway } from '../helpers/gateway';
import { capturedLogger } from '../helpers/logs';
import { createClip, setClipState } from './clip-sensors';

/**
 * Node only (the Worker cannot resolve names; api/README.md "On workerd"): rule webhooks connect
 * through the same resolver their target check asks, and check again at connect time. The names
 * are under `.test`, which no DNS answers, so only the injected resolver can make them reach the
 * loopback receiver here.
 */
describe('rule webhooks checked at connect time', () => {
  let server: Server;
  const received: { url: string; host: string }[] = [];
  /** Per name, the answers the resolver gives in turn (the last one repeats); every name asked. */
  const answers = new Map<string, string[][]>();
  const asked: string[] = [];
  const resolveHost = async (host: string): Promise<string[]> => {
    asked.push(host);
    const queue = answers.get(host) ?? [];
    return (queue.length > 1 ? queue.shift() : queue[0]) ?? [];
  };
  const logs = capturedLogger('warn');
  let guarded: TestGateway;
  let allowing: TestGateway;
  const port = () => (server.address() as AddressInfo).port;

  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push({ url: req.url ?? '', host: req.headers.host ?? '' });
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    guarded = await startTestGateway({}, undefined, { resolveHost, logger: logs.logger });
    allowing = await startTestGateway({ WEBHOOK_ALLOW_LOCAL: '1' }, undefined, { resolveHost });
  });
  afterAll(async () => {
    await guarded?.close();
    await allowing?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A rule with one webhook, fired once; its `timestriggered` afterwards (0 when the action failed). */
  async function fire(gw: TestGateway, address: string): Promise<number> {
    const key = await gw.createKey();
    const status = await createClip(gw, key, 'CLIPGenericStatus', { status: 0 });
    const res = await gw.request(
      `/api/${key}/rules`,
      jsonInit('POST', {
        name: `hook ${address}`.slice(0, 32),
        conditions: [{ address: `/sensors/${status}/state/status`, operator: 'dx' }],
        actions: [{ address, method: 'POST', body: {} }],
      }),
    );
    const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
    await setClipState(gw, key, status, { status: 1 });
    await gw.idle();
    return ((await (await gw.request(`/api/${key}/rules/${id}`)).json()) as { timestriggered: number }).timestriggered;
  }

  it('should connect to the address the resolver gave, with the name as Host', async () => {
    answers.set('hooks.test', [['127.0.0.1']]);
    received.length = 0;
    expect(await fire(allowing, `http://hooks.test:${port()}/allowed`)).toBe(1);
    expect(received).toEqual([{ url: '/allowed', host: `hooks.test:${port()}` }]);
  });

  it('should refuse a name whose answer turns to loopback between the check and the connection, and never reach the server', async () => {
    answers.set('rebind.test', [['203.0.113.7'], ['127.0.0.1']]);
    received.length = 0;
    asked.length = 0;
    expect(await fire(guarded, `http://rebind.test:${port()}/rebound`)).toBe(0);
    expect(received).toEqual([]);
    // Once for the check, once more for the connection.
    expect(asked.filter((host) => host === 'rebind.test').length).toBeGreaterThanOrEqual(2);
    const failures = logs.lines
      .map((line) => JSON.parse(line) as { msg: string; failure?: string })
      .filter((line) => line.msg.startsWith('rule action failed'));
    expect(failures.at(-1)?.failure).toMatch(/refused at connect: rebind\.test resolves to 127\.0\.0\.1/);
  });
});
