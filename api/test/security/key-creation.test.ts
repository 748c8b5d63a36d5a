import { afterEach, describe, expect, it } from 'vitest';
import { expectDeconzError } from '../helpers/conformance';
import { BASIC_DEFAULT, jsonInit, startTestGateway, type TestGateway } from '../helpers/gateway';
import { capturedLogger } from '../helpers/logs';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
/** Requests carrying this header are seen as coming from that address (a LAN client). */
const PEER = 'x-test-peer';
const fromLan = { [PEER]: '192.168.1.20' };

describe('key creation', () => {
  let gw: TestGateway | undefined;
  afterEach(async () => {
    await gw?.close();
    gw = undefined;
  });
  const start = async (env: Record<string, string> = {}, logger = capturedLogger()) => {
    gw = await startTestGateway(env, undefined, { logger: logger.logger, clientAddress: (c) => c.req.header(PEER) ?? '127.0.0.1' });
    return { gw, lines: logger.lines };
  };
  const post = (headers: Record<string, string>, body: unknown = { devicetype: 'lan#client' }) =>
    gw!.request('/api', jsonInit('POST', body, headers));
  const keyCount = () => gw!.gateway.services.store.apiKeys().length;

  it('should refuse the default password from another host, say so in the start log, and accept it from this host', async () => {
    const { lines } = await start();
    expect(lines.some((line) => line.includes('DEFAULT GATEWAY PASSWORD IN USE') && line.includes('"level":40'))).toBe(true);
    const refused = await post({ Authorization: BASIC_DEFAULT, ...fromLan });
    await expectDeconzError(refused, 403, 101);
    expect(keyCount()).toBe(0);
    expect((await post({ Authorization: BASIC_DEFAULT })).status).toBe(200);
  });

  it('should let the link button and a changed password create keys from another host', async () => {
    await start();
    const key = await gw!.createKey();
    expect((await gw!.request(`/api/${key}/config`, jsonInit('PUT', { unlock: 60 }))).status).toBe(200);
    expect((await post(fromLan)).status).toBe(200);
    expect((await gw!.request(`/api/${key}/config`, jsonInit('PUT', { unlock: 0 }))).status).toBe(200);
    const change = { username: 'delight', oldhash: Buffer.from('delight:delight').toString('base64'), newhash: Buffer.from('delight:s3cret-pass').toString('base64') };
    expect((await gw!.request(`/api/${key}/config/password`, jsonInit('PUT', change))).status).toBe(200);
    expect((await post({ Authorization: basic('delight', 's3cret-pass'), ...fromLan })).status).toBe(200);
  });

  it('should not warn about a password the operator configured', async () => {
    const { lines } = await start({ GATEWAY_PASSWORD: 'not-the-default' });
    expect(lines.some((line) => line.includes('DEFAULT GATEWAY PASSWORD'))).toBe(false);
    expect((await post({ Authorization: basic('delight', 'not-the-default'), ...fromLan })).status).toBe(200);
  });

  it('should throttle failed logins per client with 429 and a deCONZ error, without checking the password meanwhile', async () => {
    await start({ GATEWAY_PASSWORD: 'right-password' });
    for (let i = 0; i < 5; i++) await expectDeconzError(await post({ Authorization: basic('delight', `guess${i}`), ...fromLan }), 403, 101);
    const throttled = await post({ Authorization: basic('delight', 'right-password'), ...fromLan });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    const [item] = (await throttled.json()) as [{ error: { type: number; address: string; description: string } }];
    expect(item.error).toMatchObject({ type: 1, address: '/' });
    expect(item.error.description).toMatch(/too many failed logins/);
    // Another client is not affected; the throttled one may try again after the wait.
    expect((await post({ Authorization: basic('delight', 'right-password'), [PEER]: '192.168.1.21' })).status).toBe(200);
    gw!.clock.advance(2_000);
    expect((await post({ Authorization: basic('delight', 'right-password'), ...fromLan })).status).toBe(200);
    await expectDeconzError(await post({ Authorization: basic('delight', 'wrong'), ...fromLan }), 403, 101);
    expect((await post({ Authorization: basic('delight', 'wrong'), ...fromLan })).status).toBe(403);
  });

  it('should refuse a page of an origin the operator did not allow, even while unlocked', async () => {
    await start({ CORS_ORIGINS: 'https://ui.example' });
    const key = await gw!.createKey();
    await gw!.request(`/api/${key}/config`, jsonInit('PUT', { unlock: 60 }));
    const before = keyCount();
    await expectDeconzError(await post({ Origin: 'https://evil.example' }, { devicetype: 'x', username: 'chosen-by-a-page-0001' }), 403, 1);
    await expectDeconzError(await post({ Origin: 'null' }), 403, 1);
    expect(keyCount()).toBe(before);
    expect((await post({ Origin: 'https://ui.example' })).status).toBe(200);
  });

  it('should not let CORS_ORIGINS=* open key creation to every page', async () => {
    await start({ CORS_ORIGINS: '*' });
    await expectDeconzError(await post({ Origin: 'https://evil.example', Authorization: BASIC_DEFAULT }), 403, 1);
  });

  it('should never write a key into the logs', async () => {
    const { lines } = await start({ LOG_LEVEL: 'debug' });
    const key = await gw!.createKey();
    await gw!.request(`/api/${key}/lights`);
    await gw!.request(`/api/${key}/nothing-here`, { method: 'PUT', body: '{' });
    await gw!.request(`/api/${key}/config`, jsonInit('DELETE', {}));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).not.toContain(key);
  });
});
