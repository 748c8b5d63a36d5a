import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendTagged } from '../../lib/respond';
import { lightingEtag } from '../lights/lookup';
import { listGroups, viewGroup } from './list';
import { requireGroup } from './lookup';

/** `GET /groups`. */
export function getGroups(c: Context<AppEnv>): Response {
  const services = c.get('services');
  return sendTagged(c, lightingEtag(services), () => listGroups(services));
}

/** `GET /groups/<id>` (`0` = `All`). The ETag folds in scene changes, which the group lists. */
export function getGroup(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const entry = requireGroup(c);
  return sendTagged(c, `"${entry.etag}-${services.scenes.version}"`, () => viewGroup(services, entry));
}
