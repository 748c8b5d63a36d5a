import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendTagged } from '../../lib/respond';
import { lightView } from '../../resources/lights/light-view';
import { groupIdsOf, lightingEtag, requireLight } from './lookup';
import { listLights } from './list';

/** `GET /lights`. */
export function getLights(c: Context<AppEnv>): Response {
  const services = c.get('services');
  return sendTagged(c, lightingEtag(services), () => listLights(services));
}

/** `GET /lights/<id>` (or by uniqueid), with the light's own ETag. */
export function getLight(c: Context<AppEnv>): Response {
  const entry = requireLight(c);
  return sendTagged(c, `"${entry.etag}"`, () => lightView(entry, groupIdsOf(c.get('services'), entry.row.id)));
}
