import type { Context } from 'hono';
import * as v from 'valibot';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { failMatter } from './fail';

const setSchema = v.strictObject({ commissioning: v.boolean('expected true or false') });

/** `PUT /matter {"commissioning": true|false}`: opens (180 s, the original passcode) or closes a commissioning window. */
export async function setMatter(c: Context<AppEnv>): Promise<Response> {
  const body = await parseBody(c.req.raw, setSchema, { base: '/matter' });
  const services = c.get('services');
  if (!services.bridge.matter()) throw new DeconzError({ type: 3, address: '/matter', params: { path: '/matter' } });
  const outcome = await services.bridge.matterRequest(body.commissioning ? 'window/open' : 'window/close', {});
  if (outcome.status === 'error') failMatter(outcome, '/matter/commissioning');
  return sendJson(c, [{ success: { '/matter/commissioning': outcome.data.window } }]);
}
