import type { Context, NotFoundHandler } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../context';
import { authenticate, pathAfterKey } from './require-key';
import { onError } from './error-handler';

/**
 * What deCONZ answers when no route matched (deconz-behavior.md §2), in its order of checks:
 * no or unknown key → 403 type 1; unknown module, or any non-GET → 404 type 4; a GET inside a
 * known module → 404 type 3. `modules` are the names mounted under `/api/<key>`.
 */
export function fallThrough(modules: ReadonlySet<string>): NotFoundHandler<AppEnv> {
  // Rendered here rather than thrown: Hono does not route every notFound throw through onError.
  return (c) => onError(decide(c, modules), c);
}

function decide(c: Context<AppEnv>, modules: ReadonlySet<string>): DeconzError {
  const method = c.req.method;
  const segments = c.req.path.split('/');
  if (segments[1] !== 'api') {
    return new DeconzError({ type: 4, address: c.req.path, params: { method, path: c.req.path } });
  }
  const key = segments[2] ?? '';
  const address = pathAfterKey(c.req.path);
  if (!key || !authenticate(c.get('services'), key, c.req.header('User-Agent'))) {
    return new DeconzError({ type: 1, address });
  }
  const module = segments[3] ?? '';
  if (method === 'GET' && modules.has(module)) {
    return new DeconzError({ type: 3, address, params: { path: address } });
  }
  return new DeconzError({ type: 4, address, params: { method, path: address } });
}
