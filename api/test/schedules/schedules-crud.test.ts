import { beforeAll, expect, it } from 'vitest';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';

describeOnRuntimes('schedules CRUD', (gw) => {
  let key: string;

  beforeAll(async () => {
    key = await gw().createKey();
  });

  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const command = () => ({ address: `/api/${key}/groups/1/action`, method: 'PUT', body: { on: true } });
  async function create(body: Record<string, unknown>): Promise<string> {
    const res = await api('/schedules', jsonInit('POST', { command: command(), ...body }));
    const answer = (await res.json()) as [{ success: { id: string } }];
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer[0].success.id;
  }
  const get = async (id: string) => (await (await api(`/schedules/${id}`)).json()) as Record<string, unknown>;

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/schedules',
    unknownId: '/schedules/9999',
    write: { method: 'POST', path: '/schedules' },
    wrongMethod: 'PATCH',
  });

  it('should create a timer and show it with its start time', async () => {
    const id = await create({ name: 'tea', description: 'steep', time: 'PT00:03:00' });
    const res = await api(`/schedules/${id}`);
    const schedule = (await res.json()) as Record<string, unknown>;
    expect(schedule).toEqual({
      autodelete: true,
      command: command(),
      created: '2026-01-15T12:00:00',
      description: 'steep',
      etag: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: 'tea',
      starttime: '2026-01-15T12:00:00',
      status: 'enabled',
      time: 'PT00:03:00',
    });
    expect(res.headers.get('etag')).toBe(`"${schedule.etag as string}"`);
    const all = (await (await api('/schedules')).json()) as Record<string, unknown>;
    expect(all[id]).toEqual(schedule);
    expect(((await (await api('')).json()) as { schedules: Record<string, unknown> }).schedules[id]).toEqual(schedule);
  });

  it('should show an absolute time both in UTC and in the gateway zone', async () => {
    await api('/config', jsonInit('PUT', { timezone: 'Europe/Berlin' }));
    const local = await create({ localtime: '2026-07-01T07:00:00' });
    expect(await get(local)).toMatchObject({ localtime: '2026-07-01T07:00:00', time: '2026-07-01T05:00:00' });
    const utc = await create({ time: '2026-07-01T07:00:00' });
    expect(await get(utc)).toMatchObject({ localtime: '2026-07-01T09:00:00', time: '2026-07-01T07:00:00' });
    await api('/config', jsonInit('PUT', { timezone: 'Etc/UTC' }));
  });

  it('should accept weekly, recurring and random formats and name schedules uniquely', async () => {
    const a = await create({ name: 'alarm', localtime: 'W124/T07:00:00' });
    const b = await create({ name: 'alarm', time: 'R10/PT00:00:30' });
    const c = await create({ localtime: 'W3/T09:00:00A00:30:00', autodelete: false, status: 'disabled' });
    expect(await get(a)).toMatchObject({ name: 'alarm', localtime: 'W124/T07:00:00', time: 'W124/T07:00:00' });
    expect(await get(b)).toMatchObject({ name: 'alarm 2', time: 'R10/PT00:00:30' });
    expect(await get(c)).toMatchObject({ name: `Schedule ${c}`, autodelete: false, status: 'disabled' });
  });

  it('should answer missing command or time with type 5', async () => {
    await expectDeconzError(await api('/schedules', jsonInit('POST', { time: 'PT00:01:00' })), 400, 5, '/schedules/command');
    await expectDeconzError(await api('/schedules', jsonInit('POST', { command: command() })), 400, 5, '/schedules/time');
  });

  it('should answer bad values with type 7 at the parameter', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ time: 'tomorrow' }, '/schedules/time'],
      [{ localtime: 'W128/T07:00:00' }, '/schedules/localtime'],
      [{ time: '2025-01-01T00:00:00' }, '/schedules/time'],
      [{ time: 'PT00:01:00', command: { ...command(), address: '/api/NOTAVALIDKEY0/groups/1/action' } }, '/schedules/command'],
      [{ time: 'PT00:01:00', command: { ...command(), address: `/api/${key}/config` } }, '/schedules/command'],
      [{ time: 'PT00:01:00', command: { ...command(), method: 'GET' } }, '/schedules/command'],
      [{ time: 'PT00:01:00', command: { ...command(), body: [] } }, '/schedules/command'],
      [{ time: 'PT00:01:00', status: 'paused' }, '/schedules/status'],
      [{ time: 'PT00:01:00', autodelete: 'yes' }, '/schedules/autodelete'],
      [{ time: 'PT00:01:00', name: 'x'.repeat(33) }, '/schedules/name'],
    ];
    for (const [body, address] of cases) {
      await expectDeconzError(await api('/schedules', jsonInit('POST', { command: command(), ...body })), 400, 7, address);
    }
    await expectDeconzError(await api('/schedules', jsonInit('POST', { command: command(), time: 'PT00:01:00', recycle: 1 })), 400, 6, '/schedules/recycle');
  });

  it('should update fields atomically and restart a timer on a new time', async () => {
    const id = await create({ name: 'timer', time: 'PT00:10:00' });
    await gw().clock.advance(60_000);
    const res = await api(`/schedules/${id}`, jsonInit('PUT', { name: 'longer', time: 'PT00:20:00' }));
    expect(await res.json()).toEqual([{ success: { [`/schedules/${id}/name`]: 'longer' } }, { success: { [`/schedules/${id}/time`]: 'PT00:20:00' } }]);
    expect(await get(id)).toMatchObject({ name: 'longer', time: 'PT00:20:00', starttime: '2026-01-15T12:01:00' });
    const before = JSON.stringify(await get(id));
    await expectDeconzError(await api(`/schedules/${id}`, jsonInit('PUT', { name: 'x', time: 'never' })), 400, 7, `/schedules/${id}/time`);
    await expectDeconzError(await api(`/schedules/${id}`, jsonInit('PUT', { name: 'x', owner: 'me' })), 400, 6, `/schedules/${id}/owner`);
    await expectDeconzError(await api(`/schedules/${id}`, jsonInit('PUT', { time: '2020-01-01T00:00:00' })), 400, 7);
    await expectDeconzError(await api(`/schedules/${id}`, { method: 'PUT', body: 'nope' }), 400, 2);
    expect(JSON.stringify(await get(id))).toBe(before);
  });

  it('should delete a schedule at once and never reuse its id', async () => {
    const id = await create({ time: 'PT01:00:00' });
    const res = await api(`/schedules/${id}`, { method: 'DELETE' });
    expect(await res.json()).toEqual([{ success: { id } }]);
    await expectDeconzError(await api(`/schedules/${id}`), 404, 3, `/schedules/${id}`);
    await expectDeconzError(await api(`/schedules/${id}`, { method: 'DELETE' }), 404, 3);
    expect(Number(await create({ time: 'PT01:00:00' }))).toBeGreaterThan(Number(id));
  });

  it('should keep schedules across a restart', async () => {
    const id = await create({ name: 'kept', localtime: 'W127/T06:30:00' });
    const before = await get(id);
    await gw().restart();
    expect(await get(id)).toEqual(before);
  });
});
