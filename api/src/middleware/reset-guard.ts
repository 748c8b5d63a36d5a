import { DeconzError } from '@herdgate/shared/errors';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { pathAfterKey } from './require-key';

/**
 * While `POST /config/reset` deletes the database and loads the models again (`deleteDB`), writes
 * answer 503 (951 gateway busy) instead of landing in models that are being replaced; reads are
 * served from the models as they are. It takes a moment, and the client that pressed the button
 * expects the gateway to be busy.
 */
export const resetGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'OPTIONS' || !c.get('services').session.resetting) return next();
  const path = pathAfterKey(c.req.path);
  throw new DeconzError({ type: 951, address: path }, { status: 503 });
};
