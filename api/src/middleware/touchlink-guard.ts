import { DeconzError } from '@herdgate/shared/errors';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { pathAfterKey } from './require-key';

/**
 * While a touchlink operation runs the radio is tuned away from the network (deCONZ disconnects it),
 * so requests that would send frames answer 503 (951 gateway busy) instead of timing out one by
 * one: light and group state, scene store/recall, device removal and searches. Reads and the
 * touchlink routes themselves pass.
 */
const NETWORK_WRITE = /^\/(lights|sensors|groups|devices|scenes)(\/|$)/;

export const touchlinkGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'OPTIONS' || !c.get('services').touchlink.busy()) return next();
  const path = pathAfterKey(c.req.path);
  if (!NETWORK_WRITE.test(path)) return next();
  throw new DeconzError({ type: 951, address: path }, { status: 503 });
};
