import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { Services } from '../services/types';

const INCOMING_ID = /^[\w.:-]{1,128}$/;

/**
 * First middleware: puts the services on the context, assigns the request id (a sane incoming
 * `X-Request-Id` is kept so ids can be followed across proxies), binds a child logger, and adds
 * the headers every answer carries, errors and 304s included.
 */
export function requestContext(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    const logger = services.logger.child({ reqId: requestId });
    const started = services.clock.now();
    c.set('services', services);
    c.set('requestId', requestId);
    c.set('logger', logger);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', 'ETag, X-Request-Id');
    if (logger.isLevelEnabled('debug')) {
      logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms: services.clock.now() - started }, 'request');
    }
  };
}
