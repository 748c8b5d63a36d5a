import { beforeAll, expect, it } from 'vitest';
import { expectDeconzError, itConformsToDeconz } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';
import { PIN, alarm, createDoor, put } from './harness';

describeOnRuntimes('alarm systems REST', (gw) => {
  let key: string;

  beforeAll(async () => {
    key = await gw().createKey();
  });

  itConformsToDeconz({
    context: () => ({ request: gw().request, key }),
    collection: '/alarmsystems',
    unknownId: '/alarmsystems/9',
    write: { method: 'PUT', path: '/alarmsystems/1/config' },
    wrongMethod: 'DELETE',
  });

  it('should have system 1 from the first start, disarmed with the default delays and no PIN', async () => {
    const res = await gw().request(`/api/${key}/alarmsystems`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    const body = (await res.json()) as Record<string, any>;
    expect(Object.keys(body)).toEqual(['1']);
    expect(body['1']).toEqual({
      name: 'default',
      config: {
        armmode: 'disarmed',
        configured: false,
        disarmed_entry_delay: 0,
        disarmed_exit_delay: 0,
        armed_away_entry_delay: 120,
        armed_away_exit_delay: 120,
        armed_away_trigger_duration: 120,
        armed_stay_entry_delay: 120,
        armed_stay_exit_delay: 120,
        armed_stay_trigger_duration: 120,
        armed_night_entry_delay: 120,
        armed_night_exit_delay: 120,
        armed_night_trigger_duration: 120,
      },
      state: { armstate: 'disarmed', seconds_remaining: 0 },
      devices: {},
    });
    const full = (await (await gw().request(`/api/${key}`)).json()) as { alarmsystems: unknown };
    expect(full.alarmsystems).toEqual(body);
  });

  it('should answer the other path spelling the same and 404 for unknown ids', async () => {
    const res = await gw().request(`/api/${key}/alarmsystem/1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await alarm(gw(), key));
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystem/2`), 404, 3, '/alarmsystems/2');
  });

  it('should rename, and refuse bad names without changing anything', async () => {
    expect(await put(gw(), key, '/alarmsystems/1', { name: 'House' })).toEqual({ status: 200, body: [{ success: { '/alarmsystems/1/name': 'House' } }] });
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1`, jsonInit('PUT', { name: 'x'.repeat(33) })), 400, 7, '/alarmsystems/1/name');
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1`, jsonInit('PUT', { name: '' })), 400, 7);
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1`, jsonInit('PUT', {})), 400, 5);
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1`, jsonInit('PUT', { name: 'A', color: 1 })), 400, 6);
    expect((await alarm(gw(), key)).name).toBe('House');
  });

  it('should set the PIN and delays, never show the PIN, and refuse bad values atomically', async () => {
    const ok = await put(gw(), key, '/alarmsystems/1/config', { code0: PIN, armed_away_exit_delay: 3, armed_stay_entry_delay: 0 });
    expect(ok).toEqual({
      status: 200,
      body: [
        { success: { '/alarmsystems/1/config/armed_away_exit_delay': 3 } },
        { success: { '/alarmsystems/1/config/armed_stay_entry_delay': 0 } },
        { success: { '/alarmsystems/1/config/configured': true } },
      ],
    });
    const bad = [
      [{ armed_away_exit_delay: 256 }, 7, '/alarmsystems/1/config/armed_away_exit_delay'],
      [{ armed_away_exit_delay: -1 }, 7, undefined],
      [{ armed_away_exit_delay: 1.5 }, 7, undefined],
      [{ armed_away_exit_delay: '5' }, 7, undefined],
      [{ code0: '123' }, 7, '/alarmsystems/1/config/code0'],
      [{ code0: 'x'.repeat(17) }, 7, undefined],
      [{ code0: 1234 }, 7, undefined],
      [{ armmode: 'armed_away' }, 6, '/alarmsystems/1/config/armmode'],
      [{ configured: false }, 6, undefined],
      [{ armed_stay_exit_delay: 5, nonsense: 1 }, 6, undefined],
    ] as const;
    for (const [body, type, address] of bad) {
      await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1/config`, jsonInit('PUT', body)), 400, type, address);
    }
    const { config } = await alarm(gw(), key);
    expect(config).toMatchObject({ configured: true, armed_away_exit_delay: 3, armed_stay_entry_delay: 0, armed_stay_exit_delay: 120, armmode: 'disarmed' });
    expect(JSON.stringify(config)).not.toContain(PIN);
    expect(config.code0).toBeUndefined();
  });

  it('should add, update, move and remove a member device', async () => {
    const door = await createDoor(gw(), key);
    const path = `/alarmsystems/1/device/${door.uniqueid}`;
    expect(await put(gw(), key, path, { armmask: 'SA' })).toEqual({ status: 200, body: [{ success: { added: path } }] });
    expect((await alarm(gw(), key)).devices).toEqual({ [door.uniqueid]: { armmask: 'AS', trigger: 'state/open' } });
    await put(gw(), key, path, { armmask: 'N', trigger: 'state/open' });
    expect((await alarm(gw(), key)).devices[door.uniqueid]).toEqual({ armmask: 'N', trigger: 'state/open' });
    const res = await gw().request(`/api/${key}${path}`, { method: 'DELETE' });
    expect(await res.json()).toEqual([{ success: { removed: path } }]);
    expect((await alarm(gw(), key)).devices).toEqual({});
    // The sensor itself stays.
    expect((await gw().request(`/api/${key}/sensors/${door.id}`)).status).toBe(200);
    await expectDeconzError(await gw().request(`/api/${key}${path}`, { method: 'DELETE' }), 404, 3, path);
  });

  it('should refuse bad member requests without storing anything', async () => {
    const door = await createDoor(gw(), key);
    const path = `/alarmsystems/1/device/${door.uniqueid}`;
    const cases = [
      [{}, 400, 5, `${path}/armmask`],
      [{ armmask: 'X' }, 400, 7, `${path}/armmask`],
      [{ armmask: 'AA' }, 400, 7, undefined],
      [{ armmask: 'A', trigger: 'state/presence' }, 400, 7, `${path}/trigger`],
      [{ armmask: 'A', trigger: 'state/bogus' }, 400, 7, undefined],
      [{ armmask: 'A', extra: true }, 400, 6, undefined],
    ] as const;
    for (const [body, status, type, address] of cases) {
      await expectDeconzError(await gw().request(`/api/${key}${path}`, jsonInit('PUT', body)), status, type, address);
    }
    const unknown = '/alarmsystems/1/device/00:11:22:33:44:55:66:77-01-0006';
    await expectDeconzError(await gw().request(`/api/${key}${unknown}`, jsonInit('PUT', { armmask: 'A' })), 404, 3, unknown);
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/7/device/${door.uniqueid}`, jsonInit('PUT', { armmask: 'A' })), 404, 3);
    expect((await alarm(gw(), key)).devices).toEqual({});
  });

  it('should answer POST /alarmsystems with 501 and a deCONZ error array', async () => {
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems`, jsonInit('POST', { name: 'second' })), 501, 901, '/alarmsystems');
  });

  it('should arm and disarm with the PIN, and refuse missing or wrong PINs without echoing them', async () => {
    expect(await put(gw(), key, '/alarmsystems/1/arm_stay', { code0: PIN })).toEqual({
      status: 200,
      body: [{ success: { '/alarmsystems/1/config/armmode': 'armed_stay' } }],
    });
    expect((await alarm(gw(), key)).config.armmode).toBe('armed_stay');
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1/disarm`, jsonInit('PUT', {})), 400, 5, '/alarmsystems/1/code0');
    const wrong = await expectDeconzError(
      await gw().request(`/api/${key}/alarmsystems/1/disarm`, jsonInit('PUT', { code0: '9999' })),
      400,
      7,
      '/alarmsystems/1/code0',
    );
    expect(JSON.stringify(wrong)).not.toContain('9999');
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1/disarm`, jsonInit('PUT', 'nope')), 400, 2);
    await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/3/disarm`, jsonInit('PUT', { code0: PIN })), 404, 3);
    // Stay still counts down its 120 s exit delay: nothing wrong changed it.
    expect((await alarm(gw(), key)).state).toEqual({ armstate: 'exit_delay', seconds_remaining: 120 });
    expect(await put(gw(), key, '/alarmsystems/1/disarm', { code0: PIN })).toEqual({
      status: 200,
      body: [{ success: { '/alarmsystems/1/config/armmode': 'disarmed' } }],
    });
    expect((await alarm(gw(), key)).state).toEqual({ armstate: 'disarmed', seconds_remaining: 0 });
  });
});
