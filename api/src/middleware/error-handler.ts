import type { ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DeconzError, renderResultItems } from '@herdgate/shared/errors';
import type { AppEnv } from '../context';
import { BusyError } from '../lib/busy';
import { sendJson } from '../lib/respond';
import { redactPath } from '../security/redact';
import { pathAfterKey } from './require-key';

/**
 * The single renderer of failures. Expected ones arrive as DeconzError; anything else is a bug:
 * logged with the request id and answered as deCONZ 901 (never a bare 500 or a stack trace).
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof DeconzError) {
    // The unread rest of an oversized body makes the connection unusable; tell the client so.
    if (err.status === 413) c.header('Connection', 'close');
    return sendJson(c, renderResultItems(err.items), err.status as ContentfulStatusCode);
  }
  const logger = c.get('logger') ?? c.get('services')?.logger;
  if (err instanceof BusyError) {
    logger?.warn({ reason: err.reason, method: c.req.method, path: redactPath(c.req.path) }, `${err.what} unavailable; answered busy`);
    const busy = new DeconzError({ type: 951, address: pathAfterKey(c.req.path) });
    c.header('Retry-After', '1');
    return sendJson(c, renderResultItems(busy.items), busy.status as ContentfulStatusCode);
  }
  logger?.error({ err, method: c.req.method, path: redactPath(c.req.path) }, 'unhandled error');
  const internal = new DeconzError({ type: 901, address: '/', params: { reason: "can't process request" } });
  return sendJson(c, renderResultItems(internal.items), internal.status as ContentfulStatusCode);
};
