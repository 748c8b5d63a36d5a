import { beforeAll, expect, it } from 'vitest';
import { expectDeconzError } from './helpers/conformance';
import { BASIC_DEFAULT, jsonInit } from './helpers/gateway';
import { describeOnRuntimes } from './helpers/runtimes';

describeOnRuntimes('POST /api', (gw) => {
  let adminKey: string;
  beforeAll(async () => {
    adminKey = await gw().createKey('admin');
  });

  const post = (body: unknown, headers: Record<string, string> = {}) => gw().request('/api', jsonInit('POST', body, headers));
  const unlock = (seconds: number) => gw().request(`/api/${adminKey}/config`, jsonInit('PUT', { unlock: seconds }));
  const keyCount = async () => Object.keys(((await (await gw().request(`/api/${adminKey}/config`)).json()) as { whitelist: object }).whitelist).length;

  it('should refuse a key with 403 type 101 at address / while locked', async () => {
    const body = await expectDeconzError(await post({ devicetype: 'app' }), 403, 101, '/');
    expect(body[0]?.error.description).toBe('link button not pressed');
  });

  it('should check the lock before the body, as deCONZ does', async () => {
    await expectDeconzError(await post('{broken'), 403, 101, '/');
  });

  it('should hand out a 32-character upper-case hex key with the default login', async () => {
    const res = await post({ devicetype: 'pydeconz' }, { Authorization: BASIC_DEFAULT });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    const body = (await res.json()) as [{ success: { username: string } }];
    expect(body).toHaveLength(1);
    expect(body[0].success.username).toMatch(/^[0-9A-F]{32}$/);
  });

  it('should refuse wrong credentials with 101', async () => {
    const wrong = `Basic ${Buffer.from('delight:nope').toString('base64')}`;
    await expectDeconzError(await post({ devicetype: 'app' }, { Authorization: wrong }), 403, 101, '/');
    await expectDeconzError(await post({ devicetype: 'app' }, { Authorization: 'Basic !!!' }), 403, 101, '/');
    await expectDeconzError(await post({ devicetype: 'app' }, { Authorization: 'Bearer x' }), 403, 101, '/');
  });

  it('should list the new key in the whitelist with name, create date and last use date', async () => {
    const key = await gw().createKey('homeassistant#x');
    const config = (await (await gw().request(`/api/${adminKey}/config`)).json()) as { whitelist: Record<string, Record<string, string>> };
    const entry = config.whitelist[key];
    expect(entry).toEqual({ 'create date': '2026-01-15T12:00:00', 'last use date': '2026-01-15T12:00:00', name: 'homeassistant#x' });
  });

  it('should allow keys without credentials while unlocked and stop when the window ends', async () => {
    expect((await unlock(60)).status).toBe(200);
    const open = await post({ devicetype: 'phoscon' });
    expect(open.status).toBe(200);
    await gw().clock.advance(61_000);
    await expectDeconzError(await post({ devicetype: 'phoscon' }), 403, 101, '/');
  });

  it('should lock at once with unlock 0', async () => {
    await unlock(600);
    await unlock(0);
    await expectDeconzError(await post({ devicetype: 'phoscon' }), 403, 101, '/');
  });

  it('should use a client-chosen username as the key and return it again when it exists', async () => {
    const auth = { Authorization: BASIC_DEFAULT };
    const first = await post({ devicetype: 'mine', username: 'my-own-key-123' }, auth);
    expect(await first.json()).toEqual([{ success: { username: 'my-own-key-123' } }]);
    const again = await post({ devicetype: 'other', username: 'my-own-key-123' }, auth);
    expect(await again.json()).toEqual([{ success: { username: 'my-own-key-123' } }]);
    expect((await gw().request('/api/my-own-key-123/config')).status).toBe(200);
  });

  it('should reject bad bodies with the deCONZ type at address /', async () => {
    const auth = { Authorization: BASIC_DEFAULT };
    await expectDeconzError(await post({}, auth), 400, 5, '/');
    await expectDeconzError(await post({ devicetype: 7 }, auth), 400, 7, '/');
    await expectDeconzError(await post({ devicetype: 'x'.repeat(41) }, auth), 400, 7, '/');
    await expectDeconzError(await post({ devicetype: 'a', username: 'short' }, auth), 400, 7, '/');
    await expectDeconzError(await post({ devicetype: 'a', username: 'k'.repeat(41) }, auth), 400, 7, '/');
    await expectDeconzError(await post({ devicetype: 'a', username: 'has/slash/in/it' }, auth), 400, 7, '/');
    await expectDeconzError(await post('{"devicetype":', auth), 400, 2, '/');
    await expectDeconzError(await post('[]', auth), 400, 2, '/');
  });

  it('should store nothing for rejected requests', async () => {
    const before = await keyCount();
    await post({ devicetype: 'a', username: 'short' }, { Authorization: BASIC_DEFAULT });
    await post({ devicetype: 'a' });
    expect(await keyCount()).toBe(before);
  });
});
