import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { writeWebApp } from '@herdgate/web/build';
import { expectDeconzError } from '../helpers/conformance';
import { BASIC_DEFAULT } from '../helpers/gateway';
import { RUNTIMES, startRuntimeGateway, type RuntimeGateway } from '../helpers/runtimes';

/** Opens the event socket with an `Origin`; resolves with the upgrade's status (101 when accepted). */
function upgradeStatus(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (err) => reject(err));
  });
}

describe.each(RUNTIMES)('web app serving on $runtime', (target) => {
  let gw: RuntimeGateway;
  let key: string;
  const httpPort = () => Number(new URL(gw.base).port);
  beforeAll(async () => {
    await writeWebApp();
    gw = await startRuntimeGateway(target);
    key = await gw.createKey();
  }, 90_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('should serve the page at / with a content security policy and no long cache', async () => {
    const res = await gw.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('ws://127.0.0.1:*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js">/);
    expect(html).not.toMatch(/<script>[^<]/);
  });

  it('should serve hashed assets with their type, a year of cache and 304 on a matching ETag', async () => {
    const html = await (await gw.request('/')).text();
    for (const [, path, type] of [
      [...html.match(/src="(\/assets\/[^"]+\.js)"/)!, 'text/javascript; charset=utf-8'],
      [...html.match(/href="(\/assets\/[^"]+\.css)"/)!, 'text/css; charset=utf-8'],
    ]) {
      const res = await gw.request(path!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await res.text()).length).toBeGreaterThan(100);
      const again = await gw.request(path!, { headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    const icon = await gw.request('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('should give a browser the app for an unknown page and leave API answers as deCONZ gives them', async () => {
    const page = await gw.request('/rules', { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    await expectDeconzError(await gw.request('/rules'), 404, 4);
    await expectDeconzError(await gw.request('/assets/nothing.js', { headers: { Accept: 'text/html' } }), 404, 4);
    await expectDeconzError(await gw.request('/', { method: 'POST', body: '{}' }), 404, 4);
    await expectDeconzError(await gw.request(`/api/${key}/nothing`, { headers: { Accept: 'text/html' } }), 404, 4);
    await expectDeconzError(await gw.request('/api/NOTAKEY000000/lights', { headers: { Accept: 'text/html' } }), 403, 1);
    const lights = await gw.request(`/api/${key}/lights`);
    expect(lights.status).toBe(200);
    expect(lights.headers.get('content-security-policy')).toBeNull();
  });

  it("should let the gateway's own page create a key and refuse a page of another origin", async () => {
    const init = (origin: string) => ({
      method: 'POST',
      headers: { Authorization: BASIC_DEFAULT, Origin: origin },
      body: JSON.stringify({ devicetype: 'web' }),
    });
    const own = await gw.request('/api', init(new URL(gw.base).origin));
    expect(own.status).toBe(200);
    expect(((await own.json()) as [{ success: { username: string } }])[0].success.username).toMatch(/^[0-9A-F]{32}$/);
    await expectDeconzError(await gw.request('/api', init('http://evil.example')), 403, 1);
    await expectDeconzError(await gw.request('/api', init(`http://127.0.0.1:${httpPort() + 1}`)), 403, 1);
  });

  it("should open the event socket for the gateway's own page on the WebSocket port and refuse other pages", async () => {
    expect(await upgradeStatus(gw.websocketUrl, new URL(gw.base).origin)).toBe(101);
    expect(await upgradeStatus(gw.websocketUrl, 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(gw.websocketUrl, `http://localhost:${httpPort()}`)).toBe(403);
  });
});
