import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipBody } from '../sensors/helpers';
import { holdRequest } from '../helpers/held-request';
import { jsonInit, startTestGateway, type TestGateway } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';

/** Calls under `/api/<key>` of whatever gateway `request` reaches. */
function resourceCalls(request: (path: string, init?: RequestInit) => Promise<Response>, key: () => string) {
  const api = (path: string, init?: RequestInit) => request(`/api/${key()}${path}`, init);
  return {
    api,
    /** POSTs `body` and resolves with the new id (the answer must be 200). */
    async created(path: string, body: unknown): Promise<string> {
      const res = await api(path, jsonInit('POST', body));
      const answer = (await res.json()) as [{ success: { id: string } }];
      expect(res.status, JSON.stringify(answer)).toBe(200);
      return answer[0].success.id;
    },
    get: async (path: string) => (await (await api(path)).json()) as Record<string, any>,
  };
}

/**
 * Writes raced against each other and against deletes. Each race is made deterministic by holding
 * one request's body (the route has already found its resource) while the other request completes.
 * Node only: the hold relies on Node's server answering `100 Continue` as it hands the request to
 * the app; in front of workerd the answer comes earlier, so the race would not be pinned there.
 */
describe('lost updates', () => {
  let gw: TestGateway;
  let key: string;

  beforeAll(async () => {
    gw = await startTestGateway();
    key = await gw.createKey();
  });
  afterAll(async () => {
    await gw?.close();
  });

  const { api, created, get } = resourceCalls(
    (path, init) => gw.request(path, init),
    () => key,
  );
  const held = (method: string, path: string, body: unknown) => holdRequest(gw.base, method, `/api/${key}${path}`, body);

  it('should keep both a rename and a state change of a CLIP sensor sent together', async () => {
    const id = await created('/sensors', clipBody('CLIPPresence'));
    const rename = await held('PUT', `/sensors/${id}`, { name: 'hall presence' });
    expect((await api(`/sensors/${id}/state`, jsonInit('PUT', { presence: true }))).status).toBe(200);
    expect((await rename.release()).status).toBe(200);
    const sensor = await get(`/sensors/${id}`);
    expect(sensor.name).toBe('hall presence');
    expect(sensor.state.presence).toBe(true);
  });

  it('should keep a config change made while a state change waits for its body', async () => {
    const id = await created('/sensors', clipBody('CLIPTemperature'));
    const state = await held('PUT', `/sensors/${id}/state`, { temperature: 2150 });
    expect((await api(`/sensors/${id}/config`, jsonInit('PUT', { on: false }))).status).toBe(200);
    expect((await state.release()).status).toBe(200);
    const sensor = await get(`/sensors/${id}`);
    expect(sensor.config.on).toBe(false);
    expect(sensor.state.temperature).toBe(2150);
  });

  it('should not bring back a CLIP sensor deleted while its rename waited, and answer the rename 404', async () => {
    const id = await created('/sensors', clipBody('CLIPSwitch'));
    const rename = await held('PUT', `/sensors/${id}`, { name: 'late' });
    expect((await api(`/sensors/${id}`, { method: 'DELETE' })).status).toBe(200);
    const answer = await rename.release();
    expect(answer.status).toBe(404);
    expect((answer.body as [{ error: { type: number } }])[0].error.type).toBe(3);
    expect((await api(`/sensors/${id}`)).status).toBe(404);
  });

  it('should not bring back a group deleted while its update waited', async () => {
    const id = await created('/groups', { name: `doomed ${Math.random()}` });
    const update = await held('PUT', `/groups/${id}`, { name: 'revived?' });
    expect((await api(`/groups/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await update.release()).status).toBe(404);
    expect((await api(`/groups/${id}`)).status).toBe(404);
    expect(Object.values(await get('/groups')).map((g) => g.name)).not.toContain('revived?');
  });

  it('should not bring back a rule or a schedule deleted while its update waited', async () => {
    const rule = await created('/rules', {
      name: 'r',
      conditions: [{ address: '/config/localtime', operator: 'in', value: 'T22:00:00/T06:00:00' }],
      actions: [{ address: '/groups/1/action', method: 'PUT', body: { on: true } }],
    });
    const schedule = await created('/schedules', {
      name: 's',
      time: 'PT00:10:00',
      command: { address: `/api/${key}/groups/1/action`, method: 'PUT', body: { on: true } },
    });
    const ruleUpdate = await held('PUT', `/rules/${rule}`, { name: 'late rule' });
    const scheduleUpdate = await held('PUT', `/schedules/${schedule}`, { name: 'late schedule' });
    expect((await api(`/rules/${rule}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/schedules/${schedule}`, { method: 'DELETE' })).status).toBe(200);
    expect((await ruleUpdate.release()).status).toBe(404);
    expect((await scheduleUpdate.release()).status).toBe(404);
    expect((await api(`/rules/${rule}`)).status).toBe(404);
    expect((await api(`/schedules/${schedule}`)).status).toBe(404);
  });

  it('should keep trigger counts and deletes that commit between a rule update and its write', async () => {
    const rules = gw.gateway.services.automation.rules;
    const id = await created('/rules', {
      name: 'counted',
      conditions: [{ address: '/config/localtime', operator: 'in', value: 'T22:00:00/T06:00:00' }],
      actions: [{ address: '/groups/1/action', method: 'PUT', body: { on: true } }],
    });
    // Both are queued in the same tick: the trigger commits first, then the update.
    await Promise.all([rules.recordTrigger(id, gw.clock.now()), rules.update(id, { name: 'renamed' })]);
    expect(await get(`/rules/${id}`)).toMatchObject({ name: 'renamed', timestriggered: 1 });
    const [deleted, updated] = await Promise.all([rules.delete(id), rules.update(id, { name: 'late' })]);
    expect(deleted).toBe(true);
    expect(updated).toBeUndefined();
    expect((await api(`/rules/${id}`)).status).toBe(404);
  });

  it('should not revive a schedule deleted while an update of it was queued', async () => {
    const schedules = gw.gateway.services.automation.schedules;
    const id = await created('/schedules', {
      name: 'queued',
      time: 'PT00:10:00',
      command: { address: `/api/${key}/groups/1/action`, method: 'PUT', body: { on: true } },
    });
    const [deleted, updated] = await Promise.all([schedules.delete(id), schedules.update(id, { name: 'late' })]);
    expect(deleted).toBe(true);
    expect(updated).toBeUndefined();
    expect((await api(`/schedules/${id}`)).status).toBe(404);
  });
});

/** Concurrent creates on both runtimes (the Durable Object takes them all at once too). */
describeOnRuntimes('concurrent creates', (gw) => {
  let key: string;
  beforeAll(async () => {
    key = await gw().createKey();
  });
  const { created, get } = resourceCalls(
    (path, init) => gw().request(path, init),
    () => key,
  );

  it('should give concurrent creates distinct ids and keep every one across a restart', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `race ${i} ${Math.random()}`);
    const groupIds = await Promise.all(names.map((name) => created('/groups', { name })));
    const sensorIds = await Promise.all(names.map((name) => created('/sensors', clipBody('CLIPGenericFlag', { name: name.slice(0, 32) }))));
    expect(new Set(groupIds).size).toBe(names.length);
    expect(new Set(sensorIds).size).toBe(names.length);
    await gw().restart();
    const groups = await get('/groups');
    const sensors = await get('/sensors');
    for (const id of groupIds) expect(groups[id], `group ${id}`).toBeDefined();
    for (const id of sensorIds) expect(sensors[id], `sensor ${id}`).toBeDefined();
  });
});
