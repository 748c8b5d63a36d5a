import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { BodyCache } from '../../lib/body-cache';
import { sendTagged, sendTaggedBytes } from '../../lib/respond';
import { lightView } from '../../resources/lights/light-view';
import { groupIdsOf, lightingEtag, requireLight } from './lookup';
import { listLights } from './list';

/**
 * The encoded collection per gateway for its current ETag: reads between changes cost neither JSON
 * work nor re-encoding ~120 KB of text (200 lights) per request.
 */
const bodies = new WeakMap<object, BodyCache>();

/** `GET /lights`. */
export function getLights(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const etag = lightingEtag(services);
  let cache = bodies.get(services.lights);
  if (!cache) bodies.set(services.lights, (cache = new BodyCache()));
  const body = cache;
  return sendTaggedBytes(c, etag, () => body.get([etag], () => listLights(services)));
}

/** `GET /lights/<id>` (or by uniqueid), with the light's own ETag. */
export function getLight(c: Context<AppEnv>): Response {
  const entry = requireLight(c);
  return sendTagged(c, `"${entry.etag}"`, () => lightView(entry, groupIdsOf(c.get('services'), entry.row.id)));
}
