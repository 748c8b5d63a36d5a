import { describe, expect, it } from 'vitest';
import { expectDeconzError } from '../helpers/conformance';
import { BASIC_DEFAULT, jsonInit } from '../helpers/gateway';
import { describeOnRuntimes, type RuntimeGateway } from '../helpers/runtimes';

/** One gateway per runtime and CORS setting. */
describe('cors', () => {
  const preflight = (gw: RuntimeGateway, origin: string) =>
    gw.request('/api/NOTAKEY000000/lights', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
    });

  describeOnRuntimes('by default', (gw) => {
    it('should let no page of another origin read answers by default', async () => {
      const key = await gw().createKey();
      const res = await gw().request(`/api/${key}/config`, { headers: { Origin: 'https://evil.example' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const pre = await preflight(gw(), 'https://evil.example');
      expect(pre.status).toBe(200);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(pre.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  describeOnRuntimes(
    'with CORS_ORIGINS listing origins',
    (gw) => {
      it('should allow exactly the configured origins, varying on Origin, never with credentials', async () => {
        const key = await gw().createKey();
        const res = await gw().request(`/api/${key}/lights`, { headers: { Origin: 'http://10.0.0.5:8000' } });
        expect(res.headers.get('access-control-allow-origin')).toBe('http://10.0.0.5:8000');
        expect(res.headers.get('vary')).toContain('Origin');
        expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
        const pre = await preflight(gw(), 'https://ui.example');
        expect(pre.headers.get('access-control-allow-origin')).toBe('https://ui.example');
        expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
        expect(pre.headers.get('access-control-allow-headers')).toBe('content-type');
        const other = await gw().request(`/api/${key}/lights`, { headers: { Origin: 'https://ui.example.evil.example' } });
        expect(other.headers.get('access-control-allow-origin')).toBeNull();
      });
    },
    undefined,
    () => ({ CORS_ORIGINS: 'https://ui.example, http://10.0.0.5:8000' }),
  );

  describeOnRuntimes(
    'with CORS_ORIGINS=*',
    (gw) => {
      it('should answer * without credentials when the operator allows every origin', async () => {
        const res = await gw().request('/api/NOTAKEY000000/lights', { headers: { Origin: 'https://any.example' } });
        expect(res.status).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      });

      it('should not let CORS_ORIGINS=* open key creation to every page', async () => {
        const res = await gw().request('/api', jsonInit('POST', { devicetype: 'page' }, { Origin: 'https://evil.example', Authorization: BASIC_DEFAULT }));
        await expectDeconzError(res, 403, 1);
      });
    },
    undefined,
    () => ({ CORS_ORIGINS: '*' }),
  );
});
