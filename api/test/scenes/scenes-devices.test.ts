import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { startLightingGateway } from '../lights/harness';

/**
 * What a scene edit asks of the bridge, and the answer when the device cannot take it (the real
 * device tables are checked in test/lights-remote.test.ts).
 */
describe('scenes on the devices', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  const call = (method: string, path: string, body?: unknown) =>
    gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = async (res: Promise<Response>) => (await res).json() as Promise<any>;

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, { ...LAMP_STATE, on: true, bri: 180 });
    ({ gw, key } = await startLightingGateway(link));
    await call('POST', '/groups', { name: 'G', lights: ['1'] });
    await call('POST', '/groups/1/scenes', { name: 'Evening' });
    link.requests.length = 0;
  });
  afterEach(async () => { await gw.close(); });

  it('should write an edited light to the device with its values before keeping it', async () => {
    const path = '/groups/1/scenes/1/lights/1/state';
    expect(await json(call('PUT', path, { bri: 40, xy: [0.5, 0.4], transitiontime: 3 }))).toEqual([{ success: { id: '1' } }]);
    expect(link.requests).toEqual([{ name: 'scene/add', data: { group: 1, scene: 1, ieee: '0x0017880102a3b4c5', endpoint: 11, transitiontime: 3, state: { on: true, bri: 40, xy: [0.5, 0.4] } } }]);
    expect((await json(call('GET', '/groups/1/scenes/1'))).lights[0]).toMatchObject({ bri: 40, x: 0.5, y: 0.4, colormode: 'xy', transitiontime: 3 });
  });

  it('should answer the bridge error and keep the scene as it was when the device refuses', async () => {
    const before = await json(call('GET', '/groups/1/scenes/1'));
    link.requestScript.push({ status: 'error', code: 'busy', message: 'queue full' });
    const res = await call('PUT', '/groups/1/scenes/1/lights/1/state', { bri: 40 });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual([{ error: { type: 951, address: '/groups/1/scenes/1/lights/1/state', description: expect.any(String) } }]);
    expect(await json(call('GET', '/groups/1/scenes/1'))).toEqual(before);
  });

  it('should remove a light scenes on that member only, and from the gateway copy', async () => {
    expect(await json(call('DELETE', '/lights/1/scenes'))).toEqual([{ success: { id: '1' } }]);
    expect(link.requests).toEqual([{ name: 'scene/remove', data: { group: 1, scene: 1, ieee: '0x0017880102a3b4c5', endpoint: 11 } }]);
    expect((await json(call('GET', '/groups/1/scenes/1'))).lights).toEqual([]);
  });
});
