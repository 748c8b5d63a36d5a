import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes, RUNTIMES } from '../helpers/runtimes';
import { clipState, createClip, setClipState } from './clip-sensors';

/** The webhooks' receiver on loopback (workerd's fetch reaches it as Node's does). */
let server: Server;
const received: { method: string; url: string; body: string }[] = [];
const port = () => (server.address() as AddressInfo).port;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.statusCode = req.url === '/fail' ? 500 : 200;
      // Elsewhere on this same host: followed, it would be a hop the target check never saw.
      if (req.url === '/redirect') res.writeHead(302, { Location: `http://127.0.0.1:${port()}/redirected` });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface LoopGateway {
  request(path: string, init?: RequestInit): Promise<Response>;
  idle(): Promise<void>;
}

/** Rules whose actions keep changing their own conditions must not run the gateway in circles: two rules that set a status the other one fires on; returns once the chain has run out. */
async function startLoop(gw: LoopGateway, key: string) {
  const rule = async (name: string, status: string, when: number, then: number): Promise<string> => {
    const res = await gw.request(
      `/api/${key}/rules`,
      jsonInit('POST', {
        name,
        conditions: [
          { address: `/sensors/${status}/state/status`, operator: 'eq', value: String(when) },
          { address: `/sensors/${status}/state/status`, operator: 'dx' },
        ],
        actions: [{ address: `/sensors/${status}/state`, method: 'PUT', body: { status: then } }],
      }),
    );
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

describeOnRuntimes('rules firing', (gw) => {
  let key: string;
  let flag: string;

  beforeAll(async () => {
    key = await gw().createKey();
    flag = await createClip(gw(), key, 'CLIPGenericFlag');
  });
  beforeEach(async () => {
    await setClipState(gw(), key, flag, { flag: false });
    await gw().idle();
  });

  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const raise = { address: `/sensors/FLAG/state`, method: 'PUT', body: { flag: true } };
  async function createRule(conditions: unknown[], extra: Record<string, unknown> = {}): Promise<string> {
    const actions = [{ ...raise, address: `/sensors/${flag}/state` }];
    const res = await api('/rules', jsonInit('POST', { name: 'test rule', conditions, actions, ...extra }));
    const answer = (await res.json()) as [{ success: { id: string } }];
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer[0].success.id;
  }
  async function set(id: string, state: Record<string, unknown>) {
    await setClipState(gw(), key, id, state);
    await gw().idle();
  }
  const rule = async (id: string) => (await (await api(`/rules/${id}`)).json()) as { timestriggered: number; lasttriggered: string; status: string };
  const flagValue = async () => (await clipState(gw(), key, flag)).flag;

  it('should fire a button rule on every press, repeated presses included (eq + dx on lastupdated)', async () => {
    const button = await createClip(gw(), key, 'CLIPSwitch');
    const id = await createRule([
      { address: `/sensors/${button}/state/buttonevent`, operator: 'eq', value: '1002' },
      { address: `/sensors/${button}/state/lastupdated`, operator: 'dx' },
    ]);
    await set(button, { buttonevent: 1002 });
    expect(await flagValue()).toBe(true);
    await setClipState(gw(), key, flag, { flag: false });
    await gw().clock.advance(1000);
    await set(button, { buttonevent: 1002 });
    expect(await flagValue()).toBe(true);
    await set(button, { buttonevent: 2002 });
    expect(await rule(id)).toMatchObject({ timestriggered: 2, lasttriggered: '2026-01-15T12:00:01' });
  });

  it('should fire eq only when its item changes to the value, and ne when it changes away', async () => {
    const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
    const eq = await createRule([{ address: `/sensors/${status}/state/status`, operator: 'eq', value: '5' }]);
    const ne = await createRule([{ address: `/sensors/${status}/state/status`, operator: 'ne', value: '5' }]);
    await set(status, { status: 5 });
    await set(status, { status: 5 });
    expect((await rule(eq)).timestriggered).toBe(1);
    await set(status, { status: 6 });
    await set(status, { status: 7 });
    expect((await rule(ne)).timestriggered).toBe(2);
  });

  it('should fire gt and lt when the threshold is crossed, not while it stays crossed', async () => {
    const temperature = await createClip(gw(), key, 'CLIPTemperature', { temperature: 2000 });
    const gt = await createRule([{ address: `/sensors/${temperature}/state/temperature`, operator: 'gt', value: 2500 }]);
    const lt = await createRule([{ address: `/sensors/${temperature}/state/temperature`, operator: 'lt', value: '1800' }]);
    for (const value of [2600, 2700, 2400, 2600, 1700, 1600]) await set(temperature, { temperature: value });
    expect((await rule(gt)).timestriggered).toBe(2);
    expect((await rule(lt)).timestriggered).toBe(1);
  });

  it('should fire ddx once after the duration and hold stable only once settled, on the fake clock', async () => {
    const presence = await createClip(gw(), key, 'CLIPPresence');
    await set(presence, { presence: true });
    const ddx = await createRule([{ address: `/sensors/${presence}/state/presence`, operator: 'ddx', value: 'PT00:01:00' }]);
    await set(presence, { presence: false });
    await gw().clock.advance(30_000);
    await gw().settle();
    expect((await rule(ddx)).timestriggered).toBe(0);
    await gw().clock.advance(30_000);
    await gw().settle();
    await gw().clock.advance(1_000);
    await gw().settle();
    expect((await rule(ddx)).timestriggered).toBe(1);

    const button = await createClip(gw(), key, 'CLIPSwitch');
    const stable = await createRule([
      { address: `/sensors/${button}/state/buttonevent`, operator: 'dx' },
      { address: `/sensors/${presence}/state/presence`, operator: 'stable', value: 'PT00:05:00' },
    ]);
    await set(button, { buttonevent: 1002 });
    expect((await rule(stable)).timestriggered).toBe(0);
    await gw().clock.advance(5 * 60_000);
    await set(button, { buttonevent: 1002 });
    expect((await rule(stable)).timestriggered).toBe(1);
  });

  it('should light a room on motion only at night (in window over localtime)', async () => {
    const presence = await createClip(gw(), key, 'CLIPPresence');
    const id = await createRule([
      { address: `/sensors/${presence}/state/presence`, operator: 'eq', value: 'true' },
      { address: '/config/localtime', operator: 'in', value: 'T22:00:00/T06:00:00' },
    ]);
    await set(presence, { presence: true });
    await set(presence, { presence: false });
    expect(await flagValue()).toBe(false);
    await gw().clock.set(Date.UTC(2026, 0, 15, 23, 0, 0));
    await gw().settle();
    await set(presence, { presence: true });
    expect(await flagValue()).toBe(true);
    expect((await rule(id)).timestriggered).toBe(1);
    await gw().clock.set(Date.UTC(2026, 0, 16, 12, 0, 0));
    await gw().settle();
  });

  it('should throttle with periodic, never fire when disabled, and stop at a failing action', async () => {
    const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
    const address = `/sensors/${status}/state/status`;
    const throttled = await createRule([{ address, operator: 'dx' }], { periodic: 10_000 });
    const disabled = await createRule([{ address, operator: 'dx' }], { status: 'disabled' });
    const failing = await api(
      '/rules',
      jsonInit('POST', {
        name: 'fails first',
        conditions: [{ address, operator: 'dx' }],
        actions: [
          { address: '/sensors/99999/state', method: 'PUT', body: { flag: true } },
          { address: `/sensors/${flag}/state`, method: 'PUT', body: { flag: true } },
        ],
      }),
    );
    const failingId = ((await failing.json()) as [{ success: { id: string } }])[0].success.id;
    await set(status, { status: 1 });
    await set(status, { status: 2 });
    expect((await rule(throttled)).timestriggered).toBe(1);
    await gw().clock.advance(10_000);
    await set(status, { status: 3 });
    expect((await rule(throttled)).timestriggered).toBe(2);
    expect((await rule(disabled)).timestriggered).toBe(0);
    expect((await rule(failingId)).timestriggered).toBe(0);
    await api(`/rules/${throttled}`, { method: 'DELETE' });
  });

  it('should skip rules whose condition sensor is switched off (config.on false)', async () => {
    const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
    const id = await createRule([{ address: `/sensors/${status}/state/status`, operator: 'dx' }]);
    expect((await api(`/sensors/${status}/config`, jsonInit('PUT', { on: false }))).status).toBe(200);
    await set(status, { status: 1 });
    expect((await rule(id)).timestriggered).toBe(0);
    expect((await api(`/sensors/${status}/config`, jsonInit('PUT', { on: true }))).status).toBe(200);
    await set(status, { status: 2 });
    expect((await rule(id)).timestriggered).toBe(1);
  });

  it('should disable a rule whose condition sensor is deleted, and not crash', async () => {
    const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
    const id = await createRule([{ address: `/sensors/${status}/state/status`, operator: 'dx' }]);
    expect((await api(`/sensors/${status}`, { method: 'DELETE' })).status).toBe(200);
    await gw().idle();
    await expect.poll(async () => (await rule(id)).status, { timeout: 2_000 }).toBe('disabled');
  });

  // On this gateway, which has no WEBHOOK_ALLOW_LOCAL.
  it('should refuse webhooks to loopback and link-local addresses unless the operator allows them', async () => {
    const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
    received.length = 0;
    const names: string[] = [];
    for (const address of [
      `http://127.0.0.1:${port()}/local`,
      `http://localhost:${port()}/name`,
      `http://[::ffff:127.0.0.1]:${port()}/mapped`,
      'http://169.254.169.254/latest/meta-data',
    ]) {
      names.push(`hook ${address}`.slice(0, 32));
      await api(
        '/rules',
        jsonInit('POST', {
          name: names.at(-1),
          conditions: [{ address: `/sensors/${status}/state/status`, operator: 'dx' }],
          actions: [{ address, method: 'POST', body: {} }],
        }),
      );
    }
    await set(status, { status: 1 });
    expect(received).toEqual([]);
    const rules = Object.values((await (await api('/rules')).json()) as Record<string, { name: string; timestriggered: number }>);
    expect(rules.filter((r) => names.includes(r.name)).map((r) => r.timestriggered)).toEqual([0, 0, 0, 0]);
  });

  describe('rule loops', () => {
    it('should stop a chain of rules that retrigger each other and disable the looping rule', async () => {
      const loop = await startLoop(gw(), key);
      const [a, b] = [await loop.ping(), await loop.pong()];
      expect([a.status, b.status]).toContain('disabled');
      expect(a.timestriggered + b.timestriggered).toBeLessThanOrEqual(2 * 21);
      // The gateway carries on: the sensor still takes writes and nothing fires any more.
      const settled = (await loop.ping()).timestriggered + (await loop.pong()).timestriggered;
      await set(loop.status, { status: 7 });
      expect((await loop.ping()).timestriggered + (await loop.pong()).timestriggered).toBe(settled);
    });

    it('should say in the log that it disabled the looping rule', async () => {
      await startLoop(gw(), key);
      const logged = (await gw().logs()).filter((line) => String(line.msg).startsWith('rule disabled: it retriggers itself'));
      expect(logged.length).toBeGreaterThan(0);
      expect(logged[0]?.level).toBe(40);
    });
  });

  // Last: the restart.
  it('should keep counters across a restart', async () => {
    const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
    const id = await createRule([{ address: `/sensors/${status}/state/status`, operator: 'dx' }]);
    await set(status, { status: 9 });
    const before = await rule(id);
    expect(before.timestriggered).toBe(1);
    await gw().restart();
    expect(await rule(id)).toEqual(before);
    await set(status, { status: 10 });
    expect((await rule(id)).timestriggered).toBe(2);
  });
});

describeOnRuntimes(
  'rules webhooks',
  (gw) => {
    let key: string;

    beforeAll(async () => {
      key = await gw().createKey();
      received.length = 0;
    });

    it('should call a webhook with the method and body, and stop the chain when it fails', async () => {
      const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
      const res = await gw().request(
        `/api/${key}/rules`,
        jsonInit('POST', {
          name: 'hooks',
          conditions: [{ address: `/sensors/${status}/state/status`, operator: 'dx' }],
          actions: [
            { address: `http://127.0.0.1:${port()}/hook`, method: 'POST', body: { hello: 'world' } },
            { address: `http://127.0.0.1:${port()}/fail`, method: 'PUT', body: {} },
            { address: `http://127.0.0.1:${port()}/never`, method: 'POST', body: {} },
          ],
        }),
      );
      const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
      await setClipState(gw(), key, status, { status: 1 });
      await gw().idle();
      expect(received).toEqual([
        { method: 'POST', url: '/hook', body: '{"hello":"world"}' },
        { method: 'PUT', url: '/fail', body: '{}' },
      ]);
      const rule = (await (await gw().request(`/api/${key}/rules/${id}`)).json()) as { timestriggered: number };
      expect(rule.timestriggered).toBe(0);
    });

    it('should not follow a redirect, and fail the action so the chain stops', async () => {
      received.length = 0;
      const status = await createClip(gw(), key, 'CLIPGenericStatus', { status: 0 });
      const res = await gw().request(
        `/api/${key}/rules`,
        jsonInit('POST', {
          name: 'redirected hook',
          conditions: [{ address: `/sensors/${status}/state/status`, operator: 'dx' }],
          actions: [
            { address: `http://127.0.0.1:${port()}/redirect`, method: 'POST', body: { hello: 'world' } },
            { address: `http://127.0.0.1:${port()}/never`, method: 'POST', body: {} },
          ],
        }),
      );
      const id = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
      await setClipState(gw(), key, status, { status: 1 });
      await gw().idle();
      expect(received).toEqual([{ method: 'POST', url: '/redirect', body: '{"hello":"world"}' }]);
      const rule = (await (await gw().request(`/api/${key}/rules/${id}`)).json()) as { timestriggered: number };
      expect(rule.timestriggered).toBe(0);
    });
  },
  RUNTIMES,
  () => ({ WEBHOOK_ALLOW_LOCAL: '1' }),
);
