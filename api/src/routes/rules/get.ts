import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { findRule } from './find';
import { renderRule } from './render';

/** `GET /rules/<id>` with the rule's own ETag header, as the spec shows. */
export function getRule(c: Context<AppEnv>): Response {
  const rule = findRule(c);
  c.header('ETag', `"${rule.etag}"`);
  return sendJson(c, renderRule(rule));
}
