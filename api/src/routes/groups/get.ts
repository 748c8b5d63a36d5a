import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { cachedBody } from '../../lib/body-cache';
import { sendTagged, sendTaggedBytes } from '../../lib/respond';
import { lightingEtag } from '../lights/lookup';
import { listGroups, viewGroup } from './list';
import { requireGroup } from './lookup';

/** `GET /groups`: the encoded collection is kept per lighting ETag (lights, groups and scenes counters). */
export function getGroups(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const etag = lightingEtag(services);
  return sendTaggedBytes(c, etag, () => cachedBody(services.groups, [etag], () => listGroups(services)));
}

/** `GET /groups/<id>` (`0` = `All`). The ETag folds in scene changes, which the group lists. */
export function getGroup(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const entry = requireGroup(c);
  return sendTagged(c, `"${entry.etag}-${services.scenes.version}"`, () => viewGroup(services, entry));
}
