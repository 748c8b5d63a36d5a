import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { cachedBody } from '../../lib/body-cache';
import { sendTagged, sendTaggedBytes } from '../../lib/respond';
import { lightView } from '../../resources/lights/light-view';
import { groupIdsOf, lightingEtag, requireLight } from './lookup';
import { listLights } from './list';

/**
 * `GET /lights`: the encoded collection per gateway for its current ETag, so reads between changes
 * cost neither JSON work nor re-encoding ~120 KB of text (200 lights) per request.
 */
export function getLights(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const etag = lightingEtag(services);
  return sendTaggedBytes(c, etag, () => cachedBody(services.lights, [etag], () => listLights(services)));
}

/** `GET /lights/<id>` (or by uniqueid), with the light's own ETag. */
export function getLight(c: Context<AppEnv>): Response {
  const entry = requireLight(c);
  return sendTagged(c, `"${entry.etag}"`, () => lightView(entry, groupIdsOf(c.get('services'), entry.row.id)));
}
