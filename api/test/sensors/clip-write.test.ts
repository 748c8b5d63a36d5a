import { beforeAll, expect, it } from 'vitest';
import { CLIP_TYPES } from '../../src/resources/sensors';
import { expectDeconzError } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';
import { clipBody, connectEvents, createClip, getJson } from './helpers';

interface Sensor {
  name: string;
  state: Record<string, unknown>;
  config: Record<string, unknown>;
}

/** A valid value for each CLIP state item, by its schema's kind. */
const sample = (item: string) =>
  ['alarm', 'carbonmonoxide', 'fire', 'flag', 'open', 'presence', 'vibration', 'water', 'dark', 'daylight'].includes(item) ? true : 42;

describeOnRuntimes('sensors: writing CLIP sensors', (gw) => {
  let key: string;
  beforeAll(async () => {
    key = await gw().createKey();
  });

  it('should set every settable state item of every CLIP type in one success object', async () => {
    for (const [type, table] of Object.entries(CLIP_TYPES)) {
      const items = Object.keys(table.state);
      if (items.length === 0) continue;
      const id = await createClip(gw(), key, clipBody(type));
      const body = Object.fromEntries(items.map((item) => [item, sample(item)]));
      const res = await gw().request(`/api/${key}/sensors/${id}/state`, jsonInit('PUT', body));
      expect(res.status, type).toBe(200);
      expect(await res.json()).toEqual([{ success: Object.fromEntries(items.map((item) => [`/sensors/${id}/state/${item}`, sample(item)])) }]);
      const sensor = await getJson<Sensor>(gw(), `/api/${key}/sensors/${id}`);
      expect(sensor.state).toMatchObject({ ...body, lastupdated: '2026-01-15T12:00:00.000' });
    }
  });

  it('should push a changed event for each write, a repeated button press included', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPSwitch'));
    const ws = await connectEvents(gw().websocketUrl);
    try {
      for (let press = 0; press < 2; press++) {
        await gw().request(`/api/${key}/sensors/${id}/state`, jsonInit('PUT', { buttonevent: 1002 }));
      }
      await ws.next((e) => ws.events.filter((x) => x.e === 'changed' && x.id === id && x.state).length === 2 && e.id === id);
      expect(ws.events.find((e) => e.id === id && e.state)).toMatchObject({ r: 'sensors', state: { buttonevent: 1002 } });
    } finally {
      ws.close();
    }
  });

  it('should refuse a bad state write as a whole and change nothing', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPPresence'));
    const put = (body: unknown) => gw().request(`/api/${key}/sensors/${id}/state`, jsonInit('PUT', body));
    await expectDeconzError(await put({ presence: true, colour: 1 }), 400, 6, `/sensors/${id}/state/colour`);
    await expectDeconzError(await put({ presence: 'yes' }), 400, 7, `/sensors/${id}/state/presence`);
    await expectDeconzError(await put({}), 400, 5);
    expect((await getJson<Sensor>(gw(), `/api/${key}/sensors/${id}`)).state).toEqual({ presence: false, lastupdated: 'none' });
  });

  it('should answer config writes per item and rename within 1-32 characters', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPTemperature'));
    const res = await gw().request(`/api/${key}/sensors/${id}/config`, jsonInit('PUT', { offset: -50, battery: 'full', colour: 1 }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, Record<string, unknown>>[];
    expect(body[0]).toEqual({ success: { [`/sensors/${id}/config/offset`]: -50 } });
    expect(body[1]?.error).toMatchObject({ type: 7 });
    expect(body[2]?.error).toMatchObject({ type: 6 });
    await expectDeconzError(await gw().request(`/api/${key}/sensors/${id}/config`, jsonInit('PUT', { battery: 500 })), 400, 7);
    const rename = await gw().request(`/api/${key}/sensors/${id}`, jsonInit('PUT', { name: 'Attic' }));
    expect(await rename.json()).toEqual([{ success: { [`/sensors/${id}/name`]: 'Attic' } }]);
    await expectDeconzError(await gw().request(`/api/${key}/sensors/${id}`, jsonInit('PUT', { name: '' })), 400, 7, `/sensors/${id}/name`);
    await expectDeconzError(await gw().request(`/api/${key}/sensors/${id}`, jsonInit('PUT', { type: 'ZHASwitch' })), 400, 8, `/sensors/${id}/type`);
    await expectDeconzError(await gw().request(`/api/${key}/sensors/${id}`, jsonInit('PUT', { mode: 1 })), 400, 8, `/sensors/${id}/mode`);
    const sensor = await getJson<Sensor>(gw(), `/api/${key}/sensors/${id}`);
    expect(sensor.name).toBe('Attic');
    expect(sensor.config.offset).toBe(-50);
  });

  it('should delete a CLIP sensor with a deleted event and 404 afterwards', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPWater'));
    const ws = await connectEvents(gw().websocketUrl);
    try {
      await expectDeconzError(await gw().request(`/api/${key}/sensors/${id}`, { method: 'DELETE', body: '{"reset":1}' }), 400, 7);
      const res = await gw().request(`/api/${key}/sensors/${id}`, { method: 'DELETE' });
      expect(await res.json()).toEqual([{ success: { id } }]);
      await ws.next((e) => e.e === 'deleted' && e.id === id);
      await expectDeconzError(await gw().request(`/api/${key}/sensors/${id}`), 404, 3, `/sensors/${id}`);
    } finally {
      ws.close();
    }
  });

  it('should keep CLIP sensors, their state, config and names across a restart', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPHumidity', { name: 'Bathroom', state: { humidity: 5500 }, config: { offset: 100 } }));
    const before = await getJson<Sensor>(gw(), `/api/${key}/sensors/${id}`);
    await gw().restart();
    const after = await getJson<Sensor & { etag: string }>(gw(), `/api/${key}/sensors/${id}`);
    expect(after).toMatchObject({ name: 'Bathroom', state: before.state, config: before.config });
  });
});
