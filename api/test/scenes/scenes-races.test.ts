import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { colorLamp, FakeLink, LAMP_STATE } from '../lights/fake-link';
import { startLightingGateway, waitFor } from '../lights/harness';

/**
 * A scene create waits for the devices to store the scene (seconds on a real network). These
 * tests hold that capture open and race other requests against it.
 */
describe('scene ids under concurrency', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;
  let releaseCaptures: () => void;
  const call = (method: string, path: string, body?: unknown) =>
    gw.request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = async (res: Promise<Response>) => (await res).json() as Promise<any>;
  const captures = () => link.requests.filter((r) => r.name === 'scene/store');

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, { ...LAMP_STATE, on: true, bri: 180 });
    ({ gw, key } = await startLightingGateway(link));
    await call('POST', '/groups', { name: 'G', lights: ['1'] });
    link.requests.length = 0;
    // Every `scene/store` waits until the test lets the devices answer.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    releaseCaptures = open;
    const request = link.request.bind(link);
    link.request = async (name: string, data: unknown) => {
      if (name === 'scene/store') {
        link.requests.push({ name, data });
        await gate;
        return { status: 'ok', data } as never;
      }
      return request(name, data);
    };
  });
  afterEach(async () => { await gw.close(); });

  it('should give two creates capturing at the same time different ids and keep both', async () => {
    const first = json(call('POST', '/groups/1/scenes', { name: 'Dawn' }));
    const second = json(call('POST', '/groups/1/scenes', { name: 'Dusk' }));
    await waitFor(() => captures().length === 2);
    expect(new Set(captures().map((r) => (r.data as { scene: number }).scene)).size).toBe(2);
    releaseCaptures();
    const ids = [(await first)[0].success.id, (await second)[0].success.id];
    expect(new Set(ids).size).toBe(2);
    gw = await gw.restart();
    const scenes = await json(call('GET', '/groups/1/scenes'));
    expect(Object.values(scenes).map((s: any) => s.name).sort()).toEqual(['Dawn', 'Dusk']);
  });

  it('should not store a scene whose group was deleted during the capture', async () => {
    const create = call('POST', '/groups/1/scenes', { name: 'Orphan' });
    await waitFor(() => captures().length === 1);
    expect((await call('DELETE', '/groups/1')).status).toBe(200);
    releaseCaptures();
    expect((await create).status).toBe(404);
    gw = await gw.restart();
    expect(gw.gateway.services.scenes.ofGroup('1')).toEqual([]);
  });

  it('should give the id back when the capture fails', async () => {
    releaseCaptures();
    link.requestScript.push({ status: 'error', code: 'timeout', message: 'no answer' } as never);
    link.request = FakeLink.prototype.request.bind(link);
    expect((await call('POST', '/groups/1/scenes', { name: 'Failed' })).status).toBeGreaterThanOrEqual(400);
    const answer = await json(call('POST', '/groups/1/scenes', { name: 'Works' }));
    expect(answer, JSON.stringify(answer)).toEqual([{ success: { id: '1' } }]);
  });
});
