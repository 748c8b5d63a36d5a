import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { hashCredentials } from '../../lib/credentials';
import { sendJson } from '../../lib/respond';

/**
 * `DELETE /api/config/password`: back to the configured default login, but only within 10 minutes
 * of a start an operator caused (`options.passwordResetUntil`, see `security/reset-window.ts`).
 */
export async function resetPassword(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const { options, clock, store } = services;
  if (clock.now() > options.passwordResetUntil) {
    throw new DeconzError({ type: 1, address: '/config/password' });
  }
  await store.setCredentials(await hashCredentials(options.gatewayUser, options.gatewayPassword, 'env'));
  c.get('logger').warn('gateway password reset to the configured default');
  return sendJson(c, {});
}
