import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway';
import { itConformsToDeconz } from '../helpers/conformance';
import { colorLamp, cover, FakeLink, LAMP_STATE } from './fake-link';
import { startLightingGateway, waitFor } from './harness';

describe('lights from the device mirror', () => {
  let gw: TestGateway;
  let link: FakeLink;
  let key: string;

  beforeEach(async () => {
    link = new FakeLink();
    link.addDevice(colorLamp(), 11, LAMP_STATE);
    ({ gw, key } = await startLightingGateway(link));
  });
  afterEach(async () => { await gw.close(); });

  itConformsToDeconz({
    context: () => ({ request: gw.request, key }),
    collection: '/lights',
    unknownId: '/lights/99',
    write: { method: 'PUT', path: '/lights/1/state' },
    wrongMethod: 'DELETE',
  });

  it('should present a bridge light with its uniqueid, identity, state and capabilities', async () => {
    const res = await gw.request(`/api/${key}/lights/1`);
    expect(res.status).toBe(200);
    const light = (await res.json()) as Record<string, any>;
    expect(light).toMatchObject({
      name: 'Hue color lamp 1', uniqueid: '00:17:88:01:02:a3:b4:c5-0b', modelid: 'LCT015', type: 'Extended color light',
      manufacturername: 'Signify Netherlands B.V.', swversion: '1.88.1', ctmin: 153, ctmax: 500, colorcapabilities: 31,
      hascolor: true, lastseen: '2026-01-15T11:59Z', lastannounced: '2026-01-15T11:00:00Z', pointsymbol: {},
      state: { on: false, bri: 100, ct: 300, colormode: 'ct', alert: 'none', reachable: true, xy: [0.3, 0.3] },
    });
    expect(light.state.lastupdated).toBeUndefined();
    expect(res.headers.get('etag')).toBe(`"${light.etag}"`);
  });

  it('should find a light by its uniqueid as deCONZ does', async () => {
    const res = await gw.request(`/api/${key}/lights/00:17:88:01:02:a3:b4:c5-0b`);
    expect(((await res.json()) as { name: string }).name).toBe('Hue color lamp 1');
  });

  it('should list lights in the collection and the full state', async () => {
    const list = (await (await gw.request(`/api/${key}/lights`)).json()) as Record<string, unknown>;
    expect(Object.keys(list)).toEqual(['1']);
    const full = (await (await gw.request(`/api/${key}`)).json()) as { lights: Record<string, unknown> };
    expect(Object.keys(full.lights)).toEqual(['1']);
  });

  it('should give a second device the next id and a window covering its own type', async () => {
    link.addDevice(cover(), 1, { lift: 40, open: true, tilt: 0, reachable: true, lastupdated: 'none' } as never);
    await waitFor(() => gw.gateway.services.lights.get('2') !== undefined);
    const blind = (await (await gw.request(`/api/${key}/lights/2`)).json()) as Record<string, any>;
    expect(blind.type).toBe('Window covering device');
    expect(blind.state).toMatchObject({ lift: 40, open: true });
  });

  it('should change the collection ETag when a remote changes a lamp, and answer 304 before', async () => {
    const first = await gw.request(`/api/${key}/lights`);
    const etag = first.headers.get('etag')!;
    expect((await gw.request(`/api/${key}/lights`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    link.setState('0x0017880102a3b4c5', 11, { on: true });
    await waitFor(() => gw.gateway.services.lights.get('1')!.state.on === true);
    const after = await gw.request(`/api/${key}/lights`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as Record<string, any>)['1'].state.on).toBe(true);
  });

  it('should not take a tag from before a restart once memory-only changes bring the counters back', async () => {
    const lights = () => gw.gateway.services.lights;
    link.setState('0x0017880102a3b4c5', 11, { on: true });
    await waitFor(() => lights().get('1')!.state.on === true);
    const before = await gw.request(`/api/${key}/lights`);
    const oldTag = before.headers.get('etag')!;
    const version = lights().version;
    gw = await gw.restart();
    // Memory-only changes (no database write) until the counters are back where they were.
    for (let on = false; lights().version < version; on = !on) {
      const seen = lights().version;
      link.setState('0x0017880102a3b4c5', 11, { on });
      await waitFor(() => lights().version > seen);
    }
    expect(lights().version).toBe(version);
    const after = await gw.request(`/api/${key}/lights`, { headers: { 'If-None-Match': oldTag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(oldTag);
    expect((await gw.request(`/api/${key}/lights`, { headers: { 'If-None-Match': after.headers.get('etag')! } })).status).toBe(304);
  });

  it('should keep ids and names across a restart, and give a rejoining device its id back', async () => {
    await gw.request(`/api/${key}/lights/1`, { method: 'PUT', body: JSON.stringify({ name: 'Desk' }) });
    gw = await gw.restart();
    const light = (await (await gw.request(`/api/${key}/lights/1`)).json()) as Record<string, any>;
    expect(light.name).toBe('Desk');
    expect((await gw.request(`/api/${key}/lights/1`, { method: 'DELETE' })).status).toBe(200);
    expect((await gw.request(`/api/${key}/lights/1`)).status).toBe(404);
    gw = await gw.restart();
    expect((await gw.request(`/api/${key}/lights/1`)).status).toBe(404);
    link.emit({ kind: 'bridge-event', bridge: '00212EFFFF012345', event: { type: 'join', ieee: '0x0017880102a3b4c5', data: {} } as never });
    await waitFor(() => gw.gateway.services.lights.get('1') !== undefined);
    expect(((await (await gw.request(`/api/${key}/lights/1`)).json()) as { name: string }).name).toBe('Desk');
  });
});
