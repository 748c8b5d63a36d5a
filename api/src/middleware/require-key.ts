import type { MiddlewareHandler } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv, Services } from '../context';

/** The part of a path after `/api/<key>`, as deCONZ addresses errors (`/` when nothing follows). */
export function pathAfterKey(path: string): string {
  const rest = path.split('/').slice(3).join('/');
  return `/${rest}`;
}

/** The whitelist entry for a key, refreshing its last use; undefined when the key is unknown. */
export function authenticate(services: Services, key: string, userAgent: string | undefined): boolean {
  if (!services.store.apiKey(key)) return false;
  services.store.touchApiKey(key, services.clock.now(), userAgent);
  return true;
}

/** Guards everything under `/api/<key>`: an unknown key is 403 type 1 (deconz-behavior.md §2). */
export const requireKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.param('key') ?? '';
  if (!authenticate(c.get('services'), key, c.req.header('User-Agent'))) {
    throw new DeconzError({ type: 1, address: pathAfterKey(c.req.path) });
  }
  c.set('apiKey', key);
  await next();
};
