import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { hashCredentials } from '../../lib/credentials';
import { sendJson } from '../../lib/respond';

/** How long after start the password can be reset without credentials (spec: 10 minutes). */
export const RESET_WINDOW_MS = 10 * 60 * 1000;

/**
 * `DELETE /api/config/password`: back to the configured default login, but only shortly after a
 * start, which needs physical or administrative access to the gateway.
 */
export async function resetPassword(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { options, clock, store } = services;
  if (clock.now() - options.startedAt > RESET_WINDOW_MS) {
    throw new DeconzError({ type: 1, address: '/config/password' });
  }
  await store.setCredentials(await hashCredentials(options.gatewayUser, options.gatewayPassword, 'env'));
  c.get('logger').warn('gateway password reset to the configured default');
  return sendJson(c, {});
}
