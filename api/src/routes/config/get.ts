import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { currentEtag } from '../../lib/etag';
import { sendTagged } from '../../lib/respond';
import { authenticate } from '../../middleware/require-key';
import { fullConfig, publicConfig } from './build-config';

/**
 * `GET /api/<key>/config`: the full configuration for a known key and, as in deCONZ, the short
 * public one with 200 for any other key (clients use it for discovery before they have a key).
 */
export function getConfig(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const key = c.req.param('key') ?? '';
  const known = authenticate(services, key, c.req.header('User-Agent'));
  return sendTagged(c, currentEtag(services), () => (known ? fullConfig(services) : publicConfig(services)));
}

/** `GET /api/config`: the public configuration, no key involved. */
export function getPublicConfig(c: Context<AppEnv>): Response {
  const services = c.get('services');
  return sendTagged(c, currentEtag(services), () => publicConfig(services));
}
