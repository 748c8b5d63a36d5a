import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { Services } from '../../services/types';
import { basicAuth, verifyCredentials } from '../../lib/credentials';
import { currentEtag } from '../../lib/etag';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { createKeySchema } from './schemas';

/** 32 upper-case hex characters (128 random bits); the original hands out 10 (40 bits). */
export function generateApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Unlocked (`linkbutton`) or valid gateway credentials; unlike the original, localhost gets no pass. */
async function mayCreateKey(services: Services, authorization: string | undefined): Promise<boolean> {
  if (services.session.unlockedUntil > services.clock.now()) return true;
  const login = basicAuth(authorization);
  const stored = services.store.credentials();
  return login !== undefined && stored !== undefined && verifyCredentials(stored, login.user, login.password);
}

/**
 * `POST /api`: acquire an API key (deconz-behavior.md §5). The lock is checked before the body,
 * as in deCONZ, so a locked gateway always answers 101.
 */
export async function createKey(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  if (!(await mayCreateKey(services, c.req.header('Authorization')))) {
    throw new DeconzError({ type: 101, address: '/' });
  }
  const input = await parseBody(c.req.raw, createKeySchema, { base: '', fixedAddress: '/' });
  const existing = input.username === undefined ? undefined : services.store.apiKey(input.username);
  const key = existing?.key ?? input.username ?? generateApiKey();
  if (!existing) {
    const now = services.clock.now();
    const userAgent = c.req.header('User-Agent')?.slice(0, 256) ?? null;
    await services.store.addApiKey({ key, name: input.devicetype, createdAt: now, lastUsedAt: now, userAgent });
    c.get('logger').info({ devicetype: input.devicetype }, 'api key created');
  }
  c.header('ETag', currentEtag(services));
  return sendJson(c, [{ success: { username: key } }]);
}
