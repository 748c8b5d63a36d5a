import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { findRule } from './find';
import { validateRule } from './validate-rule';

/**
 * `PUT|PATCH /rules/<id>`: all or nothing. Unlike deCONZ, a body without `status` leaves the
 * status as it was (deconz-behavior.md lists re-enabling as a quirk not to copy).
 */
export async function updateRule(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const rule = findRule(c);
  const body = await readJsonObject(c.req.raw, `/rules/${rule.id}`);
  const { changes, errors } = validateRule(body, services.automation.mirror, { update: rule.id });
  if (errors.length > 0) throw new DeconzError(errors);
  const updated = await services.automation.rules.update(rule.id, changes);
  if (!updated) throw new DeconzError({ type: 3, address: `/rules/${rule.id}`, params: { path: `/rules/${rule.id}` } });
  c.get('logger').info({ rule: rule.id, fields: Object.keys(changes) }, 'rule updated');
  c.header('ETag', `"${updated.etag}"`);
  return sendJson(
    c,
    Object.entries(changes).map(([key, value]) => ({ success: { [`/rules/${rule.id}/${key}`]: value } })),
  );
}
