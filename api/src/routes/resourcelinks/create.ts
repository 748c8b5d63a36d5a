import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { checkFields, CREATE_FIELDS, missingFields } from './schemas';

/**
 * `POST /resourcelinks`: `name`, `classid` and `links` required (all missing ones reported first,
 * as deCONZ does), then every other problem at once. The owner is the calling key.
 */
export async function createResourcelink(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const body = await readJsonObject(c.req.raw, '/resourcelinks');
  const missing = missingFields(body);
  if (missing.length > 0) throw new DeconzError(missing);
  const { fields, errors } = checkFields(body, CREATE_FIELDS);
  if (errors.length > 0) throw new DeconzError(errors);
  const link = await services.resourcelinks.create({
    name: fields.name!,
    description: fields.description ?? '',
    type: 'Link',
    classid: fields.classid!,
    owner: c.get('apiKey'),
    recycle: fields.recycle ?? false,
    links: fields.links!,
  });
  c.get('logger').info({ resourcelink: link.id, links: link.links.length }, 'resourcelink created');
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: { id: link.id } }]);
}
