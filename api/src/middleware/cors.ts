import type { Context, Handler } from 'hono';
import type { AppEnv } from '../context';
import { allowOriginHeader } from '../security/origins';

/**
 * CORS for the origins the operator configured (`CORS_ORIGINS`) only; no page of any other origin
 * may read an answer. Credentials are never allowed (keys travel in the path, not in cookies).
 */
export function setCorsHeaders(c: Context<AppEnv>): void {
  const allowed = allowOriginHeader({ origins: c.get('services').options.corsOrigins }, c.req.header('Origin'));
  c.res.headers.append('Vary', 'Origin');
  if (allowed === undefined) return;
  c.res.headers.set('Access-Control-Allow-Origin', allowed);
  c.res.headers.set('Access-Control-Expose-Headers', 'ETag, X-Request-Id');
}

/** CORS preflight: any path, no key needed, 200 (as deCONZ answers it); allow headers only for allowed origins. */
export const preflight: Handler<AppEnv> = (c) => {
  const allowed = allowOriginHeader({ origins: c.get('services').options.corsOrigins }, c.req.header('Origin'));
  if (allowed === undefined) return c.body('', 200);
  const requested = c.req.header('Access-Control-Request-Headers');
  return c.body('', 200, {
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS, PUT, PATCH, DELETE',
    'Access-Control-Allow-Headers': requested ?? 'Authorization, Content-Type, If-None-Match, X-Request-Id',
    'Access-Control-Max-Age': '3600',
  });
};
