import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectDeconzError } from './helpers/conformance';
import { BASIC_DEFAULT, jsonInit, startTestGateway, type TestGateway } from './helpers/gateway';

let gw: TestGateway;
let key: string;

beforeEach(async () => {
  gw = await startTestGateway();
  key = await gw.createKey();
});
afterEach(async () => {
  await gw?.close();
});

const b64 = (text: string) => Buffer.from(text).toString('base64');
const basic = (user: string, password: string) => `Basic ${b64(`${user}:${password}`)}`;
const changePassword = (body: unknown) => gw.request(`/api/${key}/config/password`, jsonInit('PUT', body));
const createWith = (authorization: string) =>
  gw.request('/api', jsonInit('POST', { devicetype: 'probe' }, { Authorization: authorization }));

describe('DELETE /api/<key>/config/whitelist/<key2>', () => {
  it('should delete the key, after which it is refused', async () => {
    const other = await gw.createKey('other');
    const res = await gw.request(`/api/${key}/config/whitelist/${other}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: `/config/whitelist/${other} deleted.` }]);
    await expectDeconzError(await gw.request(`/api/${other}/lights`), 403, 1, '/lights');
    const config = (await (await gw.request(`/api/${key}/config`)).json()) as { whitelist: object };
    expect(config.whitelist).not.toHaveProperty(other);
  });

  it('should answer 404 type 3 for an unknown key2', async () => {
    const res = await gw.request(`/api/${key}/config/whitelist/NOSUCHKEY00`, { method: 'DELETE' });
    const body = await expectDeconzError(res, 404, 3, '/config/whitelist/NOSUCHKEY00');
    expect(body[0]?.error.description).toBe('resource, /config/whitelist/NOSUCHKEY00, not available');
  });

  it('should need a valid key', async () => {
    await expectDeconzError(await gw.request(`/api/NOTAKEY000000/config/whitelist/${key}`, { method: 'DELETE' }), 403, 1, `/config/whitelist/${key}`);
    expect(gw.gateway.services.store.apiKey(key)).toBeDefined();
  });
});

describe('PUT /api/<key>/config/password', () => {
  it('should change the login used for key creation', async () => {
    const res = await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: b64('delight:s3cret!') });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: { '/config/password': 'changed' } }]);
    await expectDeconzError(await createWith(BASIC_DEFAULT), 403, 101, '/');
    expect((await createWith(basic('delight', 's3cret!'))).status).toBe(200);
  });

  it('should answer 401 for a wrong user or old password and keep the old one', async () => {
    await expectDeconzError(await changePassword({ username: 'admin', oldhash: b64('delight:delight'), newhash: b64('admin:x') }), 401, 7, '/config/password');
    await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:wrong'), newhash: b64('delight:x') }), 401, 7, '/config/password');
    await expectDeconzError(await changePassword({ username: 'delight', oldhash: '%%%', newhash: b64('delight:x') }), 401, 7, '/config/password');
    expect((await createWith(BASIC_DEFAULT)).status).toBe(200);
  });

  it('should answer 400 for a missing field or an unusable new hash', async () => {
    await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:delight') }), 400, 5, '/config/password');
    await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: '' }), 400, 7, '/config/password');
    await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: b64('nocolon') }), 400, 7, '/config/password');
    await expectDeconzError(await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: 42 }), 400, 7, '/config/password');
    await expectDeconzError(await changePassword('{'), 400, 2);
    expect((await createWith(BASIC_DEFAULT)).status).toBe(200);
  });
});

describe('DELETE /api/config/password', () => {
  async function changeAway() {
    await changePassword({ username: 'delight', oldhash: b64('delight:delight'), newhash: b64('delight:other') });
  }

  it('should restore the default login within 10 minutes of start', async () => {
    await changeAway();
    gw.clock.advance(9 * 60_000);
    const res = await gw.request('/api/config/password', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({});
    expect((await createWith(BASIC_DEFAULT)).status).toBe(200);
  });

  it('should refuse with 403 type 1 after 10 minutes', async () => {
    await changeAway();
    gw.clock.advance(10 * 60_000 + 1);
    await expectDeconzError(await gw.request('/api/config/password', { method: 'DELETE' }), 403, 1, '/config/password');
    await expectDeconzError(await createWith(BASIC_DEFAULT), 403, 101, '/');
  });
});
