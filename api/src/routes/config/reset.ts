import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { resetSchema } from './schemas';

/**
 * `POST /config/reset` with `resetGW` and/or `deleteDB` (at least one). `resetGW` forms a new
 * network (new PAN id, extended PAN id and key on the same channel) through the bridge: every device
 * must pair again. `deleteDB` is refused (901) until the gateway can clear its database and reload
 * its models in place; nothing is done when any part is refused.
 */
export async function resetGateway(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const input = await parseBody(c.req.raw, resetSchema, { base: '/config/reset', jsonAddress: '' });
  if (input.resetGW === undefined && input.deleteDB === undefined) {
    throw new DeconzError({ type: 5, address: '/config/reset' });
  }
  await services.gateway.reset({ network: input.resetGW === true, database: input.deleteDB === true });
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: { '/config/reset': 'success' } }]);
}
