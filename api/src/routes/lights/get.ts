import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { stringifySorted } from '../../events/sorted-json';
import { JSON_CONTENT_TYPE, sendTagged } from '../../lib/respond';
import { lightView } from '../../resources/lights/light-view';
import { groupIdsOf, lightingEtag, requireLight } from './lookup';
import { listLights } from './list';

/** The serialised collection per gateway for its current ETag: reads between changes cost no JSON work. */
const serialised = new WeakMap<object, { etag: string; text: string }>();

/** `GET /lights`. */
export function getLights(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const etag = lightingEtag(services);
  c.header('ETag', etag);
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  let cached = serialised.get(services.lights);
  if (cached?.etag !== etag) {
    cached = { etag, text: stringifySorted(listLights(services)) };
    serialised.set(services.lights, cached);
  }
  return c.body(cached.text, 200, { 'Content-Type': JSON_CONTENT_TYPE });
}

/** `GET /lights/<id>` (or by uniqueid), with the light's own ETag. */
export function getLight(c: Context<AppEnv>): Response {
  const entry = requireLight(c);
  return sendTagged(c, `"${entry.etag}"`, () => lightView(entry, groupIdsOf(c.get('services'), entry.row.id)));
}
