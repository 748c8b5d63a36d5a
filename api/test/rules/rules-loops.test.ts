import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit, startTestGateway, type TestGateway } from '../helpers/gateway';
import { capturedLogger } from '../helpers/logs';
import { createClip, setClipState } from './clip-sensors';

/** Rules whose actions keep changing their own conditions must not run the gateway in circles. */
describe('rule loops', () => {
  let gw: TestGateway;
  let key: string;
  const logs = capturedLogger('info');

  beforeAll(async () => {
    gw = await startTestGateway({}, undefined, { logger: logs.logger });
    key = await gw.createKey();
  });
  afterAll(async () => {
    await gw?.close();
  });

  async function rule(name: string, status: string, when: number, then: number): Promise<string> {
    const res = await gw.request(`/api/${key}/rules`, jsonInit('POST', {
      name,
      conditions: [
        { address: `/sensors/${status}/state/status`, operator: 'eq', value: String(when) },
        { address: `/sensors/${status}/state/status`, operator: 'dx' },
      ],
      actions: [{ address: `/sensors/${status}/state`, method: 'PUT', body: { status: then } }],
    }));
    return ((await res.json()) as [{ success: { id: string } }])[0].success.id;
  }
  const get = async (id: string) => (await (await gw.request(`/api/${key}/rules/${id}`)).json()) as { status: string; timestriggered: number };

  it('should stop a chain of rules that retrigger each other, disable the looping rule and say so in the log', async () => {
    const status = await createClip(gw, key, 'CLIPGenericStatus', { status: 0 });
    const ping = await rule('ping', status, 1, 2);
    const pong = await rule('pong', status, 2, 1);
    await setClipState(gw, key, status, { status: 1 });
    const automation = gw.gateway.services.automation;
    for (let round = 0; round < 5; round++) await automation.idle();
    const [a, b] = [await get(ping), await get(pong)];
    expect([a.status, b.status]).toContain('disabled');
    expect(a.timestriggered + b.timestriggered).toBeLessThanOrEqual(2 * 21);
    expect(logs.lines.some((line) => line.includes('rule disabled: it retriggers itself'))).toBe(true);
    // The gateway carries on: the sensor still takes writes and nothing fires any more.
    const settled = (await get(ping)).timestriggered + (await get(pong)).timestriggered;
    await setClipState(gw, key, status, { status: 7 });
    await automation.idle();
    expect((await get(ping)).timestriggered + (await get(pong)).timestriggered).toBe(settled);
  });
});
