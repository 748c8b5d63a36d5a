import { Hono } from 'hono';
import type { AppEnv, Services } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendTagged } from '../../lib/respond';

/** Reads a collection from the in-memory model, keyed by id (devices: an array). */
export type CollectionReader = (services: Services) => Record<string, unknown> | unknown[];

/**
 * A read-only resource module: `GET /` answers the collection with an ETag. Resource issues
 * replace a module's `list.ts` and add their own operation files next to it.
 */
export function collectionRoutes(list: CollectionReader): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', (c) => {
    const services = c.get('services');
    return sendTagged(c, currentEtag(services), () => list(services));
  });
}
