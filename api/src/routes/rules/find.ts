import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { RuleRecord } from '../../automation';

/** The rule named by the `:id` path parameter, or 404 type 3 at `/rules/<id>`. */
export function findRule(c: Context<AppEnv>): RuleRecord {
  const id = c.req.param('id') ?? '';
  const rule = c.get('services').automation.rules.get(id);
  if (!rule) throw new DeconzError({ type: 3, address: `/rules/${id}`, params: { path: `/rules/${id}` } });
  return rule;
}
