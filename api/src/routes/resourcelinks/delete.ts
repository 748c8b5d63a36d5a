import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { findResourcelink, notFound } from './find';

/** `DELETE /resourcelinks/<id>`: gone at once (the id is never reused), answered as deCONZ words it. */
export async function deleteResourcelink(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const link = findResourcelink(c);
  if (!(await services.resourcelinks.delete(link.id))) throw notFound(link.id);
  c.get('logger').info({ resourcelink: link.id }, 'resourcelink deleted');
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: `/resourcelinks/${link.id} deleted.` }]);
}
