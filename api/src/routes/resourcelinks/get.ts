import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { findResourcelink } from './find';
import { renderResourcelink } from './render';

/** `GET /resourcelinks/<id>`. */
export function getResourcelink(c: Context<AppEnv>): Response {
  const link = findResourcelink(c);
  c.header('ETag', currentEtag(c.get('services')));
  return sendJson(c, renderResourcelink(link));
}
