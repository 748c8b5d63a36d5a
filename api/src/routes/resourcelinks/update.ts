import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { findResourcelink, notFound } from './find';
import { checkFields, UPDATE_FIELDS } from './schemas';

/**
 * `PUT|PATCH /resourcelinks/<id>`: any of name, description, classid, links, recycle; all problems
 * reported at once and nothing changed when there is one. One success entry per field, in the
 * body's order; an empty object changes nothing and answers `[]`.
 */
export async function updateResourcelink(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const link = findResourcelink(c);
  const base = `/resourcelinks/${link.id}`;
  // deCONZ reports bad JSON here at the collection, not at the resourcelink.
  const body = await readJsonObject(c.req.raw, '/resourcelinks');
  const { fields, errors } = checkFields(body, UPDATE_FIELDS);
  if (errors.length > 0) throw new DeconzError(errors);
  if (Object.keys(fields).length > 0) {
    const updated = await services.resourcelinks.update(link.id, fields);
    if (!updated) throw notFound(link.id);
    c.get('logger').info({ resourcelink: link.id, fields: Object.keys(fields) }, 'resourcelink updated');
  }
  c.header('ETag', currentEtag(services));
  return sendJson(
    c,
    Object.entries(fields).map(([key, value]) => ({ success: { [`${base}/${key}`]: value } })),
  );
}
