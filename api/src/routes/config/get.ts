import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendTaggedBytes } from '../../lib/respond';
import { authenticate } from '../../middleware/require-key';
import { configMoment } from './build-config';
import { fullConfigBody, publicConfigBody } from './config-body';
import { configEtag } from './etag';

/**
 * `GET /api/<key>/config`: the full configuration for a known key and, as in deCONZ, the short
 * public one with 200 for any other key (clients use it for discovery before they have a key).
 * Bodies are cached per input (`config-body.ts`): clients poll this route. Both carry the config
 * ETag, which follows everything the full config shows but the clock and key use (`etag.ts`).
 */
export function getConfig(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const key = c.req.param('key') ?? '';
  const known = authenticate(services, key, c.req.header('User-Agent'));
  const moment = configMoment(services);
  return sendTaggedBytes(c, configEtag(services, moment), () => (known ? fullConfigBody(services, moment) : publicConfigBody(services, moment)));
}

/** `GET /api/config`: the public configuration, no key involved. */
export function getPublicConfig(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const moment = configMoment(services);
  return sendTaggedBytes(c, configEtag(services, moment), () => publicConfigBody(services, moment));
}
