import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError } from './helpers/conformance';
import { BASIC_DEFAULT, jsonInit } from './helpers/gateway';
import { describeOnRuntimes } from './helpers/runtimes';
import { TEST_CLOCK_START } from './helpers/test-clock';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const basic = (user: string, password: string) => `Basic ${b64(`${user}:${password}`)}`;

/**
 * One gateway per runtime (started at TEST_CLOCK_START): each test leaves the default login in
 * place, and the reset-window tests come last because they move the clock to 10 minutes after start.
 */
describeOnRuntimes('whitelist and password', (gw) => {
  let key: string;
  /** The password the gateway holds now, put back to the default after each test. */
  let password = 'delight';
  beforeAll(async () => {
    key = await gw().createKey();
  });
  afterEach(async () => {
    if (password !== 'delight') await changePassword({ username: 'delight', oldhash: b64(`delight:${password}`), newhash: b64('delight:delight') });
    password = 'delight';
  });

  const changePassword = (body: unknown) => gw().request(`/api/${key}/config/password`, jsonInit('PUT', body));
  const changeTo = async (next: string) => {
    const res = await changePassword({ username: 'delight', oldhash: b64(`delight:${password}`), newhash: b64(`delight:${next}`) });
    if (res.status === 200) password = next;
    return res;
  };
  const createWith = (authorization: string) => gw().request('/api', jsonInit('POST', { devicetype: 'probe' }, { Authorization: authorization }));

  describe('DELETE /api/<key>/config/whitelist/<key2>', () => {
    it('should delete the key, after which it is refused', async () => {
      const other = await gw().createKey('other');
      const res = await gw().request(`/api/${key}/config/whitelist/${other}`, { method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ success: `/config/whitelist/${other} deleted.` }]);
      await expectDeconzError(await gw().request(`/api/${other}/lights`), 403, 1, '/lights');
      const config = (await (await gw().request(`/api/${key}/config`)).json()) as { whitelist: object };
      expect(config.whitelist).not.toHaveProperty(other);
    });

    it('should answer 404 type 3 for an unknown key2', async () => {
      const res = await gw().request(`/api/${key}/config/whitelist/NOSUCHKEY00`, { method: 'DELETE' });
      const body = await expectDeconzError(res, 404, 3, '/config/whitelist/NOSUCHKEY00');
      expect(body[0]?.error.description).toBe('resource, /config/whitelist/NOSUCHKEY00, not available');
    });

    it('should need a valid key', async () => {
      await expectDeconzError(await gw().request(`/api/NOTAKEY000000/config/whitelist/${key}`, { method: 'DELETE' }), 403, 1, `/config/whitelist/${key}`);
      expect((await gw().request(`/api/${key}/config`)).status).toBe(200);
    });
  });

  describe('PUT /api/<key>/config/password', () => {
    it('should change the login used for key creation', async () => {
      const res = await changeTo('s3cret!');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ success: { '/config/password': 'changed' } }]);
      await expectDeconzError(await createWith(BASIC_DEFAULT), 403, 101, '/');
      expect((await createWith(basic('delight', 's3cret!'))).status).toBe(200);
    });

    it('should answer 401 for a wrong user or old password and keep the old one', async () => {
      await expectDeconzError(
        await changePassword({ username: 'admin', oldhash: b64('delight:delight'), newhash: b64('admin:x') }),
        401,
        7,
        '/config/password',
      );
      await expectDeconzError(
        await changePassword({ username: 'delight', oldhash: b64('delight:wrong'), newhash: b64('delight:x') }),
        401,
        7,
        '/config/password',
      );
      await expectDeconzError(await changePassword({ username: 'delight', oldhash: '%%%', newhash: b64('delight:x') }), 401, 7, '/config/password');
      expect((await createWith(BASIC_DEFAULT)).status).toBe(200);
    });

    it('should answer 400 for a missing field or an unusable new hash', async () => {
      await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:delight') }), 400, 5, '/config/password');
      await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: '' }), 400, 7, '/config/password');
      await expectDeconzError(
        await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: b64('nocolon') }),
        400,
        7,
        '/config/password',
      );
      await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: 42 }), 400, 7, '/config/password');
      await expectDeconzError(await changePassword('{'), 400, 2);
      expect((await createWith(BASIC_DEFAULT)).status).toBe(200);
    });
  });

  describe('DELETE /api/config/password', () => {
    it('should restore the default login within 10 minutes of start', async () => {
      await changeTo('other');
      await gw().clock.set(TEST_CLOCK_START + 9 * 60_000);
      const res = await gw().request('/api/config/password', { method: 'DELETE' });
      expect(res.status).toBe(200);
      password = 'delight';
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({});
      expect((await createWith(BASIC_DEFAULT)).status).toBe(200);
    });

    it('should refuse with 403 type 1 after 10 minutes', async () => {
      await changeTo('other');
      await gw().clock.set(TEST_CLOCK_START + 10 * 60_000 + 1);
      await expectDeconzError(await gw().request('/api/config/password', { method: 'DELETE' }), 403, 1, '/config/password');
      await expectDeconzError(await createWith(BASIC_DEFAULT), 403, 101, '/');
    });
  });
});
