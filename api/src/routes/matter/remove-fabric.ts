import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { failMatter } from './fail';

/** `DELETE /matter/fabrics/<index>`: removes one ecosystem's fabric (it loses the bridge). */
export async function removeFabric(c: Context<AppEnv>): Promise<Response> {
  const text = c.req.param('index') ?? '';
  const address = `/matter/fabrics/${text}`;
  const index = /^[1-9][0-9]{0,2}$/.test(text) ? Number(text) : 0;
  const services = c.get('services');
  if (!services.bridge.matter() || index < 1 || index > 254) throw new DeconzError({ type: 3, address, params: { path: address } });
  const outcome = await services.bridge.matterRequest('fabric/remove', { index });
  if (outcome.status === 'error') failMatter(outcome, address);
  return sendJson(c, [{ success: `${address} deleted.` }]);
}
