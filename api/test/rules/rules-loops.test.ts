import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit, startTestGateway, type TestGateway } from '../helpers/gateway';
import { capturedLogger } from '../helpers/logs';
import { describeOnRuntimes } from '../helpers/runtimes';
import { createClip, setClipState } from './clip-sensors';

interface LoopGateway {
  request(path: string, init?: RequestInit): Promise<Response>;
  idle(): Promise<void>;
}

/** Two rules that set a status the other one fires on; returns once the chain has run out. */
async function startLoop(gw: LoopGateway, key: string) {
  const rule = async (name: string, status: string, when: number, then: number): Promise<string> => {
    const res = await gw.request(`/api/${key}/rules`, jsonInit('POST', {
      name,
      conditions: [
        { address: `/sensors/${status}/state/status`, operator: 'eq', value: String(when) },
        { address: `/sensors/${status}/state/status`, operator: 'dx' },
      ],
      actions: [{ address: `/sensors/${status}/state`, method: 'PUT', body: { status: then } }],
    }));
    return ((await res.json()) as [{ success: { id: string } }])[0].success.id;
  };
  const status = await createClip(gw, key, 'CLIPGenericStatus', { status: 0 });
  const ping = await rule('ping', status, 1, 2);
  const pong = await rule('pong', status, 2, 1);
  await setClipState(gw, key, status, { status: 1 });
  for (let round = 0; round < 5; round++) await gw.idle();
  const get = async (id: string) => (await (await gw.request(`/api/${key}/rules/${id}`)).json()) as { status: string; timestriggered: number };
  return { status, ping: () => get(ping), pong: () => get(pong) };
}

/** Rules whose actions keep changing their own conditions must not run the gateway in circles. */
describeOnRuntimes('rule loops', (gw) => {
  let key: string;

  beforeAll(async () => {
    key = await gw().createKey();
  });

  it('should stop a chain of rules that retrigger each other and disable the looping rule', async () => {
    const loop = await startLoop(gw(), key);
    const [a, b] = [await loop.ping(), await loop.pong()];
    expect([a.status, b.status]).toContain('disabled');
    expect(a.timestriggered + b.timestriggered).toBeLessThanOrEqual(2 * 21);
    // The gateway carries on: the sensor still takes writes and nothing fires any more.
    const settled = (await loop.ping()).timestriggered + (await loop.pong()).timestriggered;
    await setClipState(gw(), key, loop.status, { status: 7 });
    await gw().idle();
    expect((await loop.ping()).timestriggered + (await loop.pong()).timestriggered).toBe(settled);
  });
});

// Node only: the Worker logs to wrangler's console, not to a logger a test can hold.
describe('rule loops in the log', () => {
  let gw: TestGateway;
  const logs = capturedLogger('info');

  beforeAll(async () => {
    gw = await startTestGateway({}, undefined, { logger: logs.logger });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('should say in the log that it disabled the looping rule', async () => {
    await startLoop(gw, await gw.createKey());
    expect(logs.lines.some((line) => line.includes('rule disabled: it retriggers itself'))).toBe(true);
  });
});
