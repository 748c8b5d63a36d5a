import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { expectDeconzError } from '../helpers/conformance';
import { colorLamp, cover, FakeLink, LAMP_STATE } from './fake-link';
import { listen, startLightingGateway, waitFor } from './harness';

const LAMP = '0x0017880102a3b4c5';

describe('PUT /lights/<id>/state', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const put = (id: string, body: unknown) => gw.request(`/api/${key}/lights/${id}/state`, { method: 'PUT', body: JSON.stringify(body) });

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, LAMP_STATE);
    link.addDevice(cover(), 1, { lift: 0, open: true, tilt: 0, reachable: true, lastupdated: 'none' } as never);
    ({ gw, key } = await startLightingGateway(link));
  });
  afterEach(async () => { await gw.close(); });

  it('should send one command and report each acknowledged parameter', async () => {
    const res = await put('1', { on: true, bri: 255, xy: [0.4, 0.5], transitiontime: 5 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { success: { '/lights/1/state/on': true } },
      { success: { '/lights/1/state/bri': 254 } },
      { success: { '/lights/1/state/xy': [0.4, 0.5] } },
    ]);
    expect(link.sets).toEqual([{ ieee: LAMP, endpoint: 11, command: { on: true, bri: 254, xy: [0.4, 0.5], transitiontime: 5 } }]);
    const light = (await (await gw.request(`/api/${key}/lights/1`)).json()) as { state: Record<string, unknown> };
    expect(light.state).toMatchObject({ on: true, bri: 254 });
  });

  it('should list errors for bad and unknown parameters first and still send the good ones', async () => {
    const res = await put('1', { bri: 300, toggle: true, colormode: 'xy', on: true, ct: 1000 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>[];
    expect(body.map((item) => item.error?.type ?? 'ok')).toEqual([7, 6, 8, 'ok', 'ok']);
    expect(body[0]!.error.address).toBe('/lights/1/state/bri');
    expect(body[4]).toEqual({ success: { '/lights/1/state/ct': 500 } });
    expect(link.sets[0]!.command).toEqual({ on: true, ct: 500 });
  });

  it('should report bri_inc as the resulting bri and let xy win over ct', async () => {
    const res = await put('1', { bri_inc: 20, ct: 250, xy: [0.1, 0.2] });
    expect(await res.json()).toEqual([{ success: { '/lights/1/state/bri': 120 } }, { success: { '/lights/1/state/xy': [0.1, 0.2] } }]);
    expect(link.sets[0]!.command).toEqual({ bri_inc: 20, xy: [0.1, 0.2] });
  });

  it('should answer 400 type 5 for a body that asks for nothing', async () => {
    await expectDeconzError(await put('1', {}), 400, 5, '/lights/1/state');
    await expectDeconzError(await put('1', { colorloopspeed: 10 }), 200, 5);
    expect(link.sets).toHaveLength(0);
  });

  it('should answer only 202 for an unreachable light and send nothing', async () => {
    link.setState(LAMP, 11, { reachable: false });
    await waitFor(() => gw.gateway.services.lights.get('1')!.state.reachable === false);
    const res = await put('1', { on: true });
    const body = await expectDeconzError(res, 200, 202, '/lights/1/state');
    expect(body).toHaveLength(1);
    expect(link.sets).toHaveLength(0);
  });

  it('should map the bridge outcome: no ack 202, busy 951, network down 950, other 901 with the reason', async () => {
    const cases = [
      [{ status: 'error', code: 'no_ack', message: 'no ACK after 3 tries' }, 200, 202],
      [{ status: 'error', code: 'busy', message: 'queue full' }, 503, 951],
      [{ status: 'error', code: 'not_connected', message: 'network down' }, 503, 950],
      [{ status: 'error', code: 'internal', message: 'adapter exploded' }, 503, 901],
      [{ status: 'ok', data: { acknowledged: false, sent: ['on'] } }, 200, 202],
    ] as const;
    for (const [outcome, status, type] of cases) {
      link.script.push(outcome as never);
      const body = await expectDeconzError(await put('1', { on: true }), status, type);
      expect(body.some((item) => 'success' in item)).toBe(false);
    }
    link.script.push({ status: 'error', code: 'internal', message: 'adapter exploded' });
    const body = await expectDeconzError(await put('1', { on: true }), 503, 901);
    expect(body[0]!.error.description).toContain('adapter exploded');
  });

  it('should answer 950 while the bridge is away', async () => {
    link.online = false;
    await expectDeconzError(await put('1', { on: true }), 503, 950);
  });

  it('should take the window covering parameters, deprecated ones included', async () => {
    const res = await put('2', { lift: 50, tilt: 20 });
    expect(await res.json()).toEqual([{ success: { '/lights/2/state/lift': 50 } }, { success: { '/lights/2/state/tilt': 20 } }]);
    await put('2', { open: false });
    await put('2', { bri: 127, bri_inc: 0 });
    expect(await (await put('2', { bri: 'stop' })).json()).toEqual([{ success: { '/lights/2/state/bri': 'stop' } }]);
    expect(link.sets.map((s) => s.command)).toEqual([{ lift: 50, tilt: 20 }, { open: false }, { bri: 127 }, { bri: 'stop' }]);
    // A lamp has no "stop": 7, nothing sent.
    const lamp = (await (await put('1', { bri: 'stop' })).json()) as Record<string, any>[];
    expect(lamp[0]!.error).toMatchObject({ type: 7, address: '/lights/1/state/bri' });
    expect(link.sets).toHaveLength(4);
    const bad = (await (await put('2', { hue: 3 })).json()) as Record<string, any>[];
    expect(bad[0]!.error.type).toBe(6);
  });

  it('should push one changed event after the reply, with only the changed items when notifyall is off', async () => {
    await gw.request(`/api/${key}/config`, { method: 'PUT', body: JSON.stringify({ websocketnotifyall: false }) });
    const ws = await listen(gw);
    try {
      const order: string[] = [];
      const reply = put('1', { on: true }).then(async (res) => { order.push(`reply:${res.status}`); await res.text(); });
      await waitFor(() => ws.events.length > 0);
      order.push('event');
      await reply;
      expect(order).toEqual(['reply:200', 'event']);
      await new Promise((r) => setTimeout(r, 50));
      expect(ws.events).toEqual([
        { e: 'changed', id: '1', r: 'lights', state: { on: true }, t: 'event', uniqueid: '00:17:88:01:02:a3:b4:c5-0b' },
        { e: 'changed', id: '65520', r: 'groups', state: { all_on: true, any_on: true }, t: 'event' },
      ]);
      await put('1', { on: true });
      await new Promise((r) => setTimeout(r, 100));
      expect(ws.events).toHaveLength(2);
    } finally {
      ws.close();
    }
  });

  it('should push a remote change and a rename as events', async () => {
    const ws = await listen(gw);
    try {
      link.setState(LAMP, 11, { bri: 10 });
      const [changed] = await ws.next(1);
      expect(changed).toMatchObject({ e: 'changed', r: 'lights', id: '1', state: { bri: 10, on: false, reachable: true } });
      await gw.request(`/api/${key}/lights/1`, { method: 'PUT', body: JSON.stringify({ name: 'Desk' }) });
      const events = await ws.next(2);
      expect(events[1]).toMatchObject({ e: 'changed', r: 'lights', id: '1', name: 'Desk', attr: { name: 'Desk' } });
    } finally {
      ws.close();
    }
  });
});
