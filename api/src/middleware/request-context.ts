import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Services } from '../context';
import { redactPath } from '../security/redact';
import { setCorsHeaders } from './cors';

const INCOMING_ID = /^[\w.:-]{1,128}$/;

/**
 * First middleware: puts the services on the context, assigns the request id (a sane incoming
 * `X-Request-Id` is kept so ids can be followed across proxies), binds a child logger, and adds
 * the headers every answer carries, errors and 304s included.
 */
export function requestContext(services: Services, clientAddress: (c: Context<AppEnv>) => string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    const logger = services.logger.child({ reqId: requestId });
    const started = services.clock.now();
    c.set('services', services);
    c.set('requestId', requestId);
    c.set('logger', logger);
    c.set('clientAddress', clientAddress(c));
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    setCorsHeaders(c);
    if (logger.isLevelEnabled('debug')) {
      logger.debug({ method: c.req.method, path: redactPath(c.req.path), status: c.res.status, ms: services.clock.now() - started }, 'request');
    }
  };
}
