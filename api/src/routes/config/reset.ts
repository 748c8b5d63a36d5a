import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { isInternalRequest } from '../../automation/internal-requests';
import { configEtag } from './etag';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { resetSchema } from './schemas';

/**
 * `POST /config/reset` with `resetGW` and/or `deleteDB` (at least one). `resetGW` forms a new
 * network (new PAN id, extended PAN id and key on the same channel) through the bridge: every device
 * must pair again. `deleteDB` deletes every resource and every other API key in one transaction and
 * loads the models again in place (the asking key, the gateway login and the identity stay; see
 * `store/forget.ts`). The network part runs first; when it is refused nothing is deleted.
 */
export async function resetGateway(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const input = await parseBody(c.req.raw, resetSchema, { base: '/config/reset', jsonAddress: '' });
  if (input.resetGW === undefined && input.deleteDB === undefined) {
    throw new DeconzError({ type: 5, address: '/config/reset' });
  }
  if (input.deleteDB === true && isInternalRequest(c.req.raw)) {
    // The rebuild stops rules and schedules and waits for their actions: one of them cannot wait for itself.
    throw new DeconzError({ type: 901, address: '/config/reset', params: { reason: 'deleteDB cannot run from a rule or a schedule' } });
  }
  await services.gateway.reset({ network: input.resetGW === true, database: input.deleteDB === true }, c.get('apiKey'));
  c.header('ETag', configEtag(services));
  return sendJson(c, [{ success: { '/config/reset': 'success' } }]);
}
