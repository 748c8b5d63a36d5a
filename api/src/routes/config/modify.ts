import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { configEtag } from './etag';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { modifyConfigSchema } from './schemas';

/** Parameters in the order they are checked and answered (the schema's order). */
const ORDER = Object.keys(modifyConfigSchema.entries);

/**
 * `PUT|PATCH /api/<key>/config`. Unlike the original, which applies keys one by one and stops at
 * the first bad value with the earlier ones already changed, everything is validated first and
 * then committed in one transaction by the gateway model: a 400 means nothing changed.
 */
export async function modifyConfig(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const input = await parseBody(c.req.raw, modifyConfigSchema, { base: '/config', jsonAddress: '' });
  const successes = await services.gateway.modify(input, ORDER);
  c.header('ETag', configEtag(services));
  return sendJson(
    c,
    successes.map((success) => ({ success })),
  );
}
