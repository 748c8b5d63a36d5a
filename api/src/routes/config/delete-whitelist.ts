import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { configEtag } from './etag';
import { sendJson } from '../../lib/respond';

/**
 * `DELETE /api/<key>/config/whitelist/<key2>`. An unknown key2 is 404 type 3 as the spec lists
 * (the original answers 200 with `[]`). A key may delete itself.
 */
export async function deleteWhitelistEntry(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const target = c.req.param('key2') ?? '';
  const address = `/config/whitelist/${target}`;
  if (!(await services.store.deleteApiKey(target))) {
    throw new DeconzError({ type: 3, address, params: { path: address } });
  }
  c.get('logger').info({ name: c.req.param('key2')?.slice(0, 4) }, 'api key deleted');
  c.header('ETag', configEtag(services));
  return sendJson(c, [{ success: `${address} deleted.` }]);
}
