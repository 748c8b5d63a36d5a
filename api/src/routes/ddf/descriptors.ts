import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';

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
  const page = c.get('services').ddf.page(from);
  const body: Record<string, unknown> = {};
  for (const bundle of page.items) body[bundle.hash] = { ...bundle.descriptor, file_hash: bundle.fileHash, signatures: bundle.signatures };
  if (page.next !== undefined) body.next = page.next;
  return sendJson(c, body);
}
