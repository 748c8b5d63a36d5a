import { beforeAll, expect, it, describe } from 'vitest';
import { expectDeconzError, itConformsToDeconz } from './helpers/conformance';
import { jsonInit } from './helpers/gateway';
import { describeOnRuntimes, RUNTIMES_AND_SQLD } from './helpers/runtimes';
import { FAILING_ROUTE, FAILING_ROUTE_MESSAGE } from './helpers/test-routes';

describeOnRuntimes(
  'routing',
  (gw) => {
    let key: string;
    beforeAll(async () => {
      key = await gw().createKey();
    });

    describe('fall-through', () => {
      it('should answer GET /api without a key with 403 at address /', async () => {
        await expectDeconzError(await gw().request('/api'), 403, 1, '/');
        await expectDeconzError(await gw().request('/api', { method: 'PUT', body: '{}' }), 403, 1, '/');
      });

      it('should answer an unknown key with 403 type 1 and the rest of the path', async () => {
        await expectDeconzError(await gw().request('/api/NOTAKEY000000'), 403, 1, '/');
        await expectDeconzError(await gw().request('/api/NOTAKEY000000/lights/1/state', jsonInit('PUT', { on: true })), 403, 1, '/lights/1/state');
        await expectDeconzError(await gw().request('/api/NOTAKEY000000/config', jsonInit('PUT', { name: 'x' })), 403, 1, '/config');
      });

      it('should answer an unknown module with 404 type 4', async () => {
        const body = await expectDeconzError(await gw().request(`/api/${key}/frobs/1`), 404, 4, '/frobs/1');
        expect(body[0]?.error.description).toBe('method, GET, not available for resource, /frobs/1');
      });

      it('should answer an unmatched GET in a known module with 404 type 3', async () => {
        const body = await expectDeconzError(await gw().request(`/api/${key}/lights/1/foo`), 404, 3, '/lights/1/foo');
        expect(body[0]?.error.description).toBe('resource, /lights/1/foo, not available');
      });

      it('should answer POST /api/<key> with 404 type 4 at address /', async () => {
        await expectDeconzError(await gw().request(`/api/${key}`, jsonInit('POST', {})), 404, 4, '/');
      });

      it('should answer paths outside /api in the deCONZ error shape', async () => {
        await expectDeconzError(await gw().request('/nothing-here'), 404, 4);
      });
    });

    describe('conformance of the collection stubs', () => {
      for (const name of ['groups', 'lights', 'sensors', 'rules', 'schedules', 'scenes', 'resourcelinks', 'alarmsystems', 'devices']) {
        describe(name, () => {
          itConformsToDeconz({ context: () => ({ request: gw().request, key }), collection: `/${name}`, unknownId: `/${name}/99999` });
        });
      }
      describe('config', () => {
        itConformsToDeconz({
          context: () => ({ request: gw().request, key }),
          collection: '/config',
          unknownId: '/config/nothing',
          write: { method: 'PUT', path: '/config' },
          wrongMethod: 'POST',
          publicCollection: true,
        });
      });
    });

    describe('headers', () => {
      it('should answer a CORS preflight on any path with 200 and no key', async () => {
        const res = await gw().request('/api/NOTAKEY000000/lights', { method: 'OPTIONS', headers: { 'Access-Control-Request-Headers': 'content-type' } });
        expect(res.status).toBe(200);
      });

      it('should send the JSON content type on answers and errors alike', async () => {
        for (const res of [await gw().request(`/api/${key}/config`), await gw().request('/api/NOTAKEY000000/lights')]) {
          expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        }
      });

      it('should echo a sane incoming X-Request-Id and mint one otherwise', async () => {
        const echoed = await gw().request(`/api/${key}/lights`, { headers: { 'X-Request-Id': 'trace-42' } });
        expect(echoed.headers.get('x-request-id')).toBe('trace-42');
        const minted = await gw().request(`/api/${key}/lights`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
        expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      });
    });

    describe('unexpected errors', () => {
      it('should answer 901 in the deCONZ shape and log the error with the request id', async () => {
        const res = await gw().request(FAILING_ROUTE, { headers: { 'X-Request-Id': 'req-boom-1' } });
        const body = await expectDeconzError(res, 503, 901, '/');
        expect(body[0]?.error.description).toBe("Internal error, can't process request");
        expect(JSON.stringify(body)).not.toContain(FAILING_ROUTE_MESSAGE);
        const logged = (await gw().logs()).find((line) => line.msg === 'unhandled error');
        expect(logged?.reqId).toBe('req-boom-1');
        expect((logged?.err as { message?: string })?.message).toBe(FAILING_ROUTE_MESSAGE);
      });
    });

    describe('ETags', () => {
      const paths = () => [`/api/${key}`, `/api/${key}/config`, '/api/config', `/api/${key}/lights`, `/api/${key}/devices`];

      it('should answer 304 with an empty body and the ETag when If-None-Match matches', async () => {
        for (const path of paths()) {
          const first = await gw().request(path);
          const etag = first.headers.get('etag');
          expect(etag, path).toMatch(/^".+"$/);
          const again = await gw().request(path, { headers: { 'If-None-Match': etag! } });
          expect(again.status, path).toBe(304);
          expect(again.headers.get('etag'), path).toBe(etag);
          expect(await again.text(), path).toBe('');
        }
      });

      it('should answer 200 for a stale or unquoted tag', async () => {
        const etag = (await gw().request(`/api/${key}/config`)).headers.get('etag')!;
        expect((await gw().request(`/api/${key}/config`, { headers: { 'If-None-Match': etag.slice(1, -1) } })).status).toBe(200);
        expect((await gw().request(`/api/${key}/config`, { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
      });

      it('should change when the content changes, including lock and unlock', async () => {
        const tag = async () => (await gw().request(`/api/${key}`)).headers.get('etag');
        const start = await tag();
        await gw().request(`/api/${key}/config`, jsonInit('PUT', { name: 'renamed' }));
        const renamed = await tag();
        expect(renamed).not.toBe(start);
        await gw().request(`/api/${key}/config`, jsonInit('PUT', { unlock: 5 }));
        const unlocked = await tag();
        expect(unlocked).not.toBe(renamed);
        await gw().clock.advance(6_000);
        expect(await tag()).not.toBe(unlocked);
        const res = await gw().request(`/api/${key}`, { headers: { 'If-None-Match': start! } });
        expect(res.status).toBe(200);
      });

      it('should not change on a rejected write', async () => {
        const before = (await gw().request(`/api/${key}/config`)).headers.get('etag');
        await gw().request(`/api/${key}/config`, jsonInit('PUT', { groupdelay: -1 }));
        expect((await gw().request(`/api/${key}/config`)).headers.get('etag')).toBe(before);
      });
    });
  },
  RUNTIMES_AND_SQLD,
);
