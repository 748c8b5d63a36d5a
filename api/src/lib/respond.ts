import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { stringifySorted } from '../events/sorted-json';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Every JSON answer goes through here: sorted keys, compact, one content type. */
export function sendJson(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(stringifySorted(body), status, { 'Content-Type': JSON_CONTENT_TYPE });
}

/**
 * A cacheable GET answer: quoted ETag, and 304 with an empty body when the client already has it
 * (`If-None-Match`, exact comparison, as deCONZ does). `build` only runs when the body is needed.
 */
export function sendTagged(c: Context, etag: string, build: () => unknown): Response {
  c.header('ETag', etag);
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  return sendJson(c, build());
}

/** `sendTagged` for a body already serialised and encoded (a `BodyCache` answer). */
export function sendTaggedBytes(c: Context, etag: string, bytes: () => Uint8Array<ArrayBuffer>): Response {
  c.header('ETag', etag);
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  return c.body(bytes(), 200, { 'Content-Type': JSON_CONTENT_TYPE });
}
