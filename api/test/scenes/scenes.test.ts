import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { startLightingGateway } from '../lights/harness';

describe('scenes', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const json = async (res: Promise<Response>) => (await res).json() as Promise<any>;

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, { ...LAMP_STATE, on: true, bri: 180 });
    ({ gw, key } = await startLightingGateway(link));
    await call('POST', '/groups', { name: 'G', lights: ['1'] });
    link.requests.length = 0;
  });
  afterEach(async () => { await gw.close(); });

  itConformsToDeconz({
    context: () => ({ request: gw.request, key }),
    collection: '/groups/1/scenes',
    unknownId: '/groups/1/scenes/9',
    write: { method: 'POST', path: '/groups/1/scenes' },
    wrongMethod: 'DELETE',
  });

  it('should capture member states, store them on the devices and list, rename, recall and delete the scene', async () => {
    expect(await json(call('POST', '/groups/1/scenes', { name: 'Evening' }))).toEqual([{ success: { id: '1' } }]);
    expect(link.requests).toEqual([{ name: 'scene/store', data: { group: 1, scene: 1, transitiontime: 10 } }]);
    expect(await json(call('GET', '/groups/1/scenes'))).toEqual({ 1: { lights: ['1'], name: 'Evening', transitiontime: 10 } });
    expect(await json(call('GET', '/groups/1/scenes/1'))).toEqual({
      lights: [{ id: '1', on: true, bri: 180, ct: 300, colormode: 'ct', transitiontime: 10 }], name: 'Evening', state: 0,
    });
    expect((await json(call('GET', '/groups/1'))).scenes).toEqual([{ id: '1', lightcount: 1, name: 'Evening', transitiontime: 10 }]);
    expect(await json(call('PUT', '/groups/1/scenes/1', { name: 'Late' }))).toEqual([{ success: { '/groups/1/scenes/1/name': 'Late' } }]);
    expect(await json(call('PUT', '/groups/1/scenes/1/recall', ''))).toEqual([{ success: { id: '1' } }]);
    expect((await json(call('GET', '/groups/1'))).action.scene).toBe('1');
    expect(await json(call('DELETE', '/groups/1/scenes/1'))).toEqual([{ success: { id: '1' } }]);
    expect(link.requests.map((r) => r.name)).toEqual(['scene/store', 'scene/recall', 'scene/remove']);
    expect((await call('GET', '/groups/1/scenes/1')).status).toBe(404);
  });

  it('should answer an existing name with its id, re-store with a transition, and edit one light', async () => {
    await call('POST', '/groups/1/scenes', { name: 'A' });
    expect(await json(call('POST', '/groups/1/scenes', { name: 'A' }))).toEqual([{ success: { id: '1' } }]);
    expect(await json(call('PUT', '/groups/1/scenes/1/store', { transitiontime: 30 }))).toEqual([{ success: { id: '1' } }]);
    expect((await json(call('GET', '/groups/1/scenes'))) ['1'].transitiontime).toBe(30);
    const res = await json(call('PUT', '/groups/1/scenes/1/lights/1/state', { bri: 20, xy: [0.5, 0.4] }));
    expect(res).toEqual([{ success: { id: '1' } }]);
    expect((await json(call('GET', '/groups/1/scenes/1'))).lights[0]).toEqual({ id: '1', on: true, bri: 20, x: 0.5, y: 0.4, colormode: 'xy', transitiontime: 30 });
  });

  it('should refuse bad input and bridge failures without storing anything', async () => {
    await expectDeconzError(await call('POST', '/groups/1/scenes', {}), 400, 5);
    await expectDeconzError(await call('POST', '/groups/1/scenes', { name: 'x'.repeat(33) }), 400, 7);
    link.requestScript.push({ status: 'error', code: 'busy', message: 'queue full' });
    await expectDeconzError(await call('POST', '/groups/1/scenes', { name: 'A' }), 503, 951);
    link.online = false;
    await expectDeconzError(await call('POST', '/groups/1/scenes', { name: 'A' }), 503, 950);
    expect(await json(call('GET', '/groups/1/scenes'))).toEqual({});
    link.online = true;
    await call('POST', '/groups/1/scenes', { name: 'A' });
    await expectDeconzError(await call('PUT', '/groups/1/scenes/1/lights/7/state', { bri: 1 }), 400, 3);
    await expectDeconzError(await call('PUT', '/groups/1/scenes/1/lights/1/state', { bri: 300 }), 400, 7);
    await expectDeconzError(await call('PUT', '/groups/1/scenes/1/recall', '{nope'), 400, 2);
    expect((await json(call('GET', '/groups/1/scenes/1'))).lights[0].bri).toBe(180);
  });

  it('should keep scenes across a restart and keep the top-level /scenes empty', async () => {
    await call('POST', '/groups/1/scenes', { name: 'Kept' });
    gw = await gw.restart();
    expect(await json(call('GET', '/groups/1/scenes'))).toEqual({ 1: { lights: ['1'], name: 'Kept', transitiontime: 10 } });
    expect(await json(call('GET', '/scenes'))).toEqual({});
  });
});
