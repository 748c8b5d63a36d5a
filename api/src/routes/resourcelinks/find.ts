import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { ResourcelinkRecord } from '../../resources/resourcelinks/resourcelinks-model';

/** The resourcelink named by the `:id` path parameter, or 404 type 3 at `/resourcelinks/<id>`. */
export function findResourcelink(c: Context<AppEnv>): ResourcelinkRecord {
  const id = c.req.param('id') ?? '';
  const link = c.get('services').resourcelinks.get(id);
  if (!link) throw notFound(id);
  return link;
}

export function notFound(id: string): DeconzError {
  return new DeconzError({ type: 3, address: `/resourcelinks/${id}`, params: { path: `/resourcelinks/${id}` } });
}
