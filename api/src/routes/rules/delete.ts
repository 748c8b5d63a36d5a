import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { findRule } from './find';

/** `DELETE /rules/<id>`: gone at once (the id is never reused). Answer as the spec words it. */
export async function deleteRule(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const rule = findRule(c);
  await services.automation.rules.delete(rule.id);
  c.get('logger').info({ rule: rule.id }, 'rule deleted');
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: rule.id }]);
}
