import { describe, expect, it } from 'vitest';
import { expectDeconzError } from '../helpers/conformance';
import { BASIC_DEFAULT, jsonInit } from '../helpers/gateway';
import { describeOnRuntimes, PEER_HEADER, type RuntimeGateway } from '../helpers/runtimes';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const fromLan = { [PEER_HEADER]: '192.168.1.20' };
const post = (gw: RuntimeGateway, headers: Record<string, string>, body: unknown = { devicetype: 'lan#client' }) =>
  gw.request('/api', jsonInit('POST', body, headers));
const keysOf = async (gw: RuntimeGateway, key: string) =>
  Object.keys(((await (await gw.request(`/api/${key}/config`)).json()) as { whitelist: object }).whitelist);

/** One gateway per runtime and setting; a LAN client is posed by the header the edge sets. */
describe('key creation', () => {
  describeOnRuntimes(
    'with the default password, logging at debug level',
    (gw) => {
      it('should refuse the default password from another host, say so in the start log, and accept it from this host', async () => {
        const logs = await gw().logs();
        expect(logs.some((line) => String(line.msg).includes('DEFAULT GATEWAY PASSWORD IN USE') && line.level === 40)).toBe(true);
        await expectDeconzError(await post(gw(), { Authorization: BASIC_DEFAULT, ...fromLan }), 403, 101);
        const local = await post(gw(), { Authorization: BASIC_DEFAULT });
        expect(local.status).toBe(200);
        const [{ success }] = (await local.json()) as [{ success: { username: string } }];
        // The refused attempt stored no key.
        expect(await keysOf(gw(), success.username)).toEqual([success.username]);
      });

      it('should let the link button and a changed password create keys from another host', async () => {
        const key = await gw().createKey();
        expect((await gw().request(`/api/${key}/config`, jsonInit('PUT', { unlock: 60 }))).status).toBe(200);
        expect((await post(gw(), fromLan)).status).toBe(200);
        expect((await gw().request(`/api/${key}/config`, jsonInit('PUT', { unlock: 0 }))).status).toBe(200);
        const change = {
          username: 'delight',
          oldhash: Buffer.from('delight:delight').toString('base64'),
          newhash: Buffer.from('delight:s3cret-pass').toString('base64'),
        };
        expect((await gw().request(`/api/${key}/config/password`, jsonInit('PUT', change))).status).toBe(200);
        expect((await post(gw(), { Authorization: basic('delight', 's3cret-pass'), ...fromLan })).status).toBe(200);
        const back = { username: 'delight', oldhash: change.newhash, newhash: change.oldhash };
        expect((await gw().request(`/api/${key}/config/password`, jsonInit('PUT', back))).status).toBe(200);
      });

      it('should never write a key into the logs', async () => {
        const key = await gw().createKey('logs');
        await gw().request(`/api/${key}/lights`);
        await gw().request(`/api/${key}/nothing-here`, { method: 'PUT', body: '{' });
        await gw().request(`/api/${key}/config`, jsonInit('DELETE', {}));
        const lines = (await gw().logs()).map((line) => JSON.stringify(line));
        expect(lines.length).toBeGreaterThan(3);
        for (const line of lines) expect(line).not.toContain(key);
      });
    },
    undefined,
    () => ({ LOG_LEVEL: 'debug' }),
  );

  describeOnRuntimes(
    'with a configured password and allowed origins',
    (gw) => {
      it('should not warn about a password the operator configured', async () => {
        expect((await gw().logs()).some((line) => String(line.msg).includes('DEFAULT GATEWAY PASSWORD'))).toBe(false);
        expect((await post(gw(), { Authorization: basic('delight', 'right-password'), ...fromLan })).status).toBe(200);
      });

      it('should throttle failed logins per client with 429 and a deCONZ error, without checking the password meanwhile', async () => {
        for (let i = 0; i < 5; i++) await expectDeconzError(await post(gw(), { Authorization: basic('delight', `guess${i}`), ...fromLan }), 403, 101);
        const throttled = await post(gw(), { Authorization: basic('delight', 'right-password'), ...fromLan });
        expect(throttled.status).toBe(429);
        expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
        const [item] = (await throttled.json()) as [{ error: { type: number; address: string; description: string } }];
        expect(item.error).toMatchObject({ type: 1, address: '/' });
        expect(item.error.description).toMatch(/too many failed logins/);
        // Another client is not affected; the throttled one may try again after the wait.
        expect((await post(gw(), { Authorization: basic('delight', 'right-password'), [PEER_HEADER]: '192.168.1.21' })).status).toBe(200);
        await gw().clock.advance(2_000);
        expect((await post(gw(), { Authorization: basic('delight', 'right-password'), ...fromLan })).status).toBe(200);
        await expectDeconzError(await post(gw(), { Authorization: basic('delight', 'wrong'), ...fromLan }), 403, 101);
        expect((await post(gw(), { Authorization: basic('delight', 'wrong'), ...fromLan })).status).toBe(403);
      });

      it('should refuse a page of an origin the operator did not allow, even while unlocked', async () => {
        const created = await post(gw(), { Authorization: basic('delight', 'right-password') });
        const key = ((await created.json()) as [{ success: { username: string } }])[0].success.username;
        await gw().request(`/api/${key}/config`, jsonInit('PUT', { unlock: 60 }));
        const before = await keysOf(gw(), key);
        await expectDeconzError(await post(gw(), { Origin: 'https://evil.example' }, { devicetype: 'x', username: 'chosen-by-a-page-0001' }), 403, 1);
        await expectDeconzError(await post(gw(), { Origin: 'null' }), 403, 1);
        expect(await keysOf(gw(), key)).toEqual(before);
        expect((await post(gw(), { Origin: 'https://ui.example' })).status).toBe(200);
      });
    },
    undefined,
    () => ({ GATEWAY_PASSWORD: 'right-password', CORS_ORIGINS: 'https://ui.example' }),
  );
});
