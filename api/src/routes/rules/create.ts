import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { validateRule } from './validate-rule';

/** `POST /rules`: every problem reported at once (400); the owner is the calling key. */
export async function createRule(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const body = await readJsonObject(c.req.raw, '/rules');
  const { changes, errors } = validateRule(body, services.automation.mirror, 'create');
  if (errors.length > 0) throw new DeconzError(errors);
  const rule = await services.automation.rules.create({
    name: changes.name!,
    owner: c.get('apiKey'),
    status: changes.status ?? 'enabled',
    periodic: changes.periodic ?? 0,
    conditions: changes.conditions!,
    actions: changes.actions!,
    createdAt: services.clock.now(),
  });
  c.get('logger').info({ rule: rule.id, name: rule.name }, 'rule created');
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: { id: rule.id } }]);
}
