import { beforeAll, expect, it } from 'vitest';
import { CLIP_TYPES } from '../../src/resources/sensors';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';
import { clipBody, connectEvents, createClip, getJson } from './helpers';

describeOnRuntimes('sensors: creating CLIP sensors', (gw) => {
  let key: string;
  beforeAll(async () => {
    key = await gw().createKey();
  });

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/sensors',
    unknownId: '/sensors/9999',
    write: { method: 'PUT', path: '/sensors/1' },
    wrongMethod: 'PUT',
  });

  it('should create every CLIP type with its defaults and show it in GET /sensors and GET /sensors/<id>', async () => {
    for (const type of Object.keys(CLIP_TYPES)) {
      const id = await createClip(gw(), key, clipBody(type));
      const sensor = await getJson(gw(), `/api/${key}/sensors/${id}`);
      expect(sensor).toMatchObject({ type, modelid: 'clip-model', config: { on: true, reachable: true }, state: { lastupdated: 'none' } });
      expect(typeof sensor.etag).toBe('string');
      const all = await getJson<Record<string, { type: string }>>(gw(), `/api/${key}/sensors`);
      expect(all[id]?.type).toBe(type);
    }
  });

  it('should take initial state and config, with deCONZ defaults for the rest', async () => {
    const id = await createClip(gw(), key, clipBody('CLIPPresence', { state: { presence: true }, config: { battery: 80 } }));
    const sensor = await getJson<{ state: Record<string, unknown>; config: Record<string, unknown> }>(gw(), `/api/${key}/sensors/${id}`);
    expect(sensor.state.presence).toBe(true);
    expect(sensor.state.lastupdated).toBe('2026-01-15T12:00:00.000');
    expect(sensor.config).toMatchObject({ battery: 80, duration: 60, on: true, reachable: true });
    const level = await createClip(gw(), key, clipBody('CLIPLightLevel'));
    expect((await getJson<{ config: object }>(gw(), `/api/${key}/sensors/${level}`)).config).toMatchObject({ tholddark: 12000, tholdoffset: 7000 });
    // Every state item from the start, null until a client sets it (a client reads them by name).
    const power = await createClip(gw(), key, clipBody('CLIPPower'));
    expect((await getJson<{ state: object }>(gw(), `/api/${key}/sensors/${power}`)).state).toEqual({
      power: null,
      voltage: null,
      current: null,
      lastupdated: 'none',
    });
  });

  it('should never reuse an id after a delete', async () => {
    const first = await createClip(gw(), key, clipBody('CLIPGenericFlag'));
    await gw().request(`/api/${key}/sensors/${first}`, { method: 'DELETE' });
    const second = await createClip(gw(), key, clipBody('CLIPGenericFlag'));
    expect(Number(second)).toBeGreaterThan(Number(first));
  });

  it('should push an added event with the full sensor', async () => {
    const ws = await connectEvents(gw().websocketUrl);
    try {
      const id = await createClip(gw(), key, clipBody('CLIPSwitch'));
      const event = await ws.next((e) => e.e === 'added' && e.id === id);
      expect(event).toMatchObject({ t: 'event', r: 'sensors', sensor: { type: 'CLIPSwitch', name: 'CLIPSwitch 1' } });
      expect(typeof event.uniqueid).toBe('string');
    } finally {
      ws.close();
    }
  });

  it('should refuse bad bodies in deCONZ order and store nothing', async () => {
    const before = await getJson(gw(), `/api/${key}/sensors`);
    const post = (body: unknown) => gw().request(`/api/${key}/sensors`, jsonInit('POST', body));
    await expectDeconzError(await post('{"name":'), 400, 2);
    await expectDeconzError(await post('[1]'), 400, 2);
    const missing = await expectDeconzError(await post({ name: 'x', type: 'CLIPSwitch' }), 400, 5, '/sensors');
    expect(missing[0]?.error.description).toBe('invalid/missing parameters in body');
    await expectDeconzError(await post(clipBody('CLIPSwitch', { colour: 'red' })), 400, 6, '/sensors/colour');
    await expectDeconzError(await post(clipBody('ZHASwitch')), 400, 501, '/sensors');
    await expectDeconzError(await post(clipBody('CLIPUnknown')), 400, 7, '/sensors/type');
    await expectDeconzError(await post(clipBody('CLIPSwitch', { name: 42 })), 400, 7, '/sensors/name');
    await expectDeconzError(await post(clipBody('CLIPSwitch', { name: 'x'.repeat(33) })), 400, 7, '/sensors/name');
    await expectDeconzError(await post(clipBody('CLIPSwitch', { state: { presence: true } })), 400, 6, '/sensors/state/presence');
    await expectDeconzError(await post(clipBody('CLIPSwitch', { state: { buttonevent: -1 } })), 400, 7, '/sensors/state/buttonevent');
    await expectDeconzError(await post(clipBody('CLIPSwitch', { config: { battery: 101 } })), 400, 7, '/sensors/config/battery');
    await expectDeconzError(await post(clipBody('CLIPSwitch', { state: 'on' })), 400, 7, '/sensors/state');
    expect(await getJson(gw(), `/api/${key}/sensors`)).toEqual(before);
  });

  it('should refuse a duplicate uniqueid with error 100', async () => {
    const body = clipBody('CLIPOpenClose', { uniqueid: 'dup-clip-0001' });
    await createClip(gw(), key, body);
    const errors = await expectDeconzError(await gw().request(`/api/${key}/sensors`, jsonInit('POST', body)), 400, 100, '/sensors');
    expect(errors[0]?.error.description).toBe('sensor with uniqueid, dup-clip-0001, already exists');
  });
});
