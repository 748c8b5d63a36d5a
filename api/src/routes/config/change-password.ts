import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { decodeUserPassword, hashCredentials, verifyCredentials } from '../../lib/credentials';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { changePasswordSchema } from './schemas';

const ADDRESS = '/config/password';

function rejected(name: string, value: string, status: number): DeconzError {
  return new DeconzError({ type: 7, address: ADDRESS, params: { name, value } }, { status });
}

/**
 * `PUT|PATCH /api/<key>/config/password` with `username`, `oldhash`, `newhash` (base64 of
 * `user:password`). A wrong user or old password is 401; a malformed new one is 400.
 */
export async function changePassword(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const input = await parseBody(c.req.raw, changePasswordSchema, { base: ADDRESS, fixedAddress: ADDRESS });
  const stored = services.store.credentials();
  if (!stored || input.username !== stored.user) throw rejected('username', input.username, 401);
  const old = decodeUserPassword(input.oldhash);
  if (!old || !(await verifyCredentials(stored, old.user, old.password))) throw rejected('oldhash', input.oldhash, 401);
  const next = decodeUserPassword(input.newhash);
  if (!next || next.user !== stored.user || next.password.length === 0) throw rejected('newhash', input.newhash, 400);
  await services.store.setCredentials(await hashCredentials(stored.user, next.password, 'api'));
  c.get('logger').info('gateway password changed');
  return sendJson(c, [{ success: { [ADDRESS]: 'changed' } }]);
}
