import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendTaggedBytes } from '../../lib/respond';
import { authenticate } from '../../middleware/require-key';
import { fullConfigBody, publicConfigBody } from './config-body';

/**
 * `GET /api/<key>/config`: the full configuration for a known key and, as in deCONZ, the short
 * public one with 200 for any other key (clients use it for discovery before they have a key).
 * Bodies are cached per input (`config-body.ts`): clients poll this route.
 */
export function getConfig(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const key = c.req.param('key') ?? '';
  const known = authenticate(services, key, c.req.header('User-Agent'));
  return sendTaggedBytes(c, currentEtag(services), () => (known ? fullConfigBody(services) : publicConfigBody(services)));
}

/** `GET /api/config`: the public configuration, no key involved. */
export function getPublicConfig(c: Context<AppEnv>): Response {
  const services = c.get('services');
  return sendTaggedBytes(c, currentEtag(services), () => publicConfigBody(services));
}
