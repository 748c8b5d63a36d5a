import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { stringifySorted } from '../../events/sorted-json';
import { JSON_CONTENT_TYPE } from '../../lib/respond';
import type { DdfBundles } from '../../resources/ddf/bundles-model';

/**
 * Encoded pages per bundle store, dropped when a bundle is added (stored bundles never change, so
 * a page's bytes only change then). A page is 64 descriptors: encoding it per request would cost
 * more than everything else the route does.
 */
const pageCache = new WeakMap<DdfBundles, { version: number; pages: Map<number, Uint8Array<ArrayBuffer>> }>();
const MAX_CACHED_PAGES = 64;

function encodedPage(ddf: DdfBundles, from: number): Uint8Array<ArrayBuffer> {
  let cache = pageCache.get(ddf);
  if (!cache || cache.version !== ddf.version()) pageCache.set(ddf, (cache = { version: ddf.version(), pages: new Map() }));
  let bytes = cache.pages.get(from);
  if (!bytes) {
    const page = ddf.page(from);
    const body: Record<string, unknown> = {};
    for (const bundle of page.items) body[bundle.hash] = { ...bundle.descriptor, file_hash: bundle.fileHash, signatures: bundle.signatures };
    if (page.next !== undefined) body.next = page.next;
    bytes = new TextEncoder().encode(stringifySorted(body));
    if (cache.pages.size < MAX_CACHED_PAGES) cache.pages.set(from, bytes);
  }
  return bytes;
}

/**
 * `GET /ddf/descriptors[?next=<n>]`: descriptors keyed by bundle hash (descriptor JSON plus
 * `file_hash`), 64 per page in upload order. While more follow, the page carries a numeric `next`
 * member inside the same object: an opaque cursor to pass back. A `next` that is not a positive
 * integer is 400 with an empty body, as in deCONZ.
 */
export function listDescriptors(c: Context<AppEnv>): Response {
  const raw = c.req.query('next');
  let from = 1;
  if (raw !== undefined) {
    if (!/^[0-9]{1,15}$/.test(raw) || Number(raw) < 1) return c.body(null, 400);
    from = Number(raw);
  }
  return c.body(encodedPage(c.get('services').ddf, from), 200, { 'Content-Type': JSON_CONTENT_TYPE });
}
