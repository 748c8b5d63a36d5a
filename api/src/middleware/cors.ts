import type { Handler } from 'hono';
import type { AppEnv } from '../context';

/** CORS preflight: any path, no key needed, 200 (as deCONZ answers it). */
export const preflight: Handler<AppEnv> = (c) => {
  const requested = c.req.header('Access-Control-Request-Headers');
  return c.body('', 200, {
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS, PUT, PATCH, DELETE',
    'Access-Control-Allow-Headers': requested ?? 'Authorization, Content-Type, If-None-Match, X-Request-Id',
    'Access-Control-Max-Age': '3600',
  });
};
