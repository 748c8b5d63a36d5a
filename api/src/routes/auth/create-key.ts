import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { basicAuth, verifyCredentials } from '../../lib/credentials';
import { configEtag } from '../config/etag';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { isLoopback } from '../../security/client-address';
import { isDefaultPassword } from '../../security/default-password';
import { isOwnPage, originMayAct } from '../../security/origins';
import { createKeySchema } from './schemas';

/** 32 upper-case hex characters (128 random bits); the original hands out 10 (40 bits). */
export function generateApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

const locked = (description?: string) => new DeconzError({ type: 101, address: '/', ...(description ? { description } : {}) });

/**
 * Unlocked (`linkbutton`) or valid gateway credentials; unlike the original, localhost gets no
 * pass. Failed logins are throttled per client (429, nothing checked while it waits), and the
 * well-known default password only works from this host.
 */
async function authorise(c: Context<AppEnv>): Promise<void> {
  const services = c.get('services');
  if (services.session.unlockedUntil > services.clock.now()) return;
  const login = basicAuth(c.req.header('Authorization'));
  if (!login) throw locked();
  const client = c.get('clientAddress') ?? 'unknown';
  const throttle = services.session.loginThrottle;
  const waitMs = throttle.waitFor(client, services.clock.now());
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    c.header('Retry-After', String(seconds));
    throw new DeconzError({ type: 1, address: '/', description: `too many failed logins, try again in ${seconds} s` }, { status: 429 });
  }
  const stored = services.store.credentials();
  if (!stored || !(await verifyCredentials(stored, login.user, login.password))) {
    throttle.failed(client, services.clock.now());
    c.get('logger').warn({ client }, 'key creation refused: wrong gateway login');
    throw locked();
  }
  throttle.succeeded(client);
  if (isDefaultPassword(login.password) && !isLoopback(c.get('clientAddress'))) {
    c.get('logger').warn({ client }, 'key creation refused: the default gateway password only works from this host until it is changed');
    throw locked('link button not pressed; the default gateway password works only from the gateway host until it is changed');
  }
}

/**
 * `POST /api`: acquire an API key (deconz-behavior.md §5). The lock is checked before the body,
 * as in deCONZ, so a locked gateway always answers 101. A web page of an origin the operator did
 * not allow (`CORS_ORIGINS`) is refused first, even while unlocked: it could choose the key itself.
 * The gateway's own web app is not another origin: it is served from this host and port.
 */
export async function createKey(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const origin = c.req.header('Origin');
  // The gateway's own web app (same host and port as this request) signs in like any client.
  if (!isOwnPage(origin, c.req.header('Host')) && !originMayAct({ origins: services.options.corsOrigins }, origin)) {
    c.get('logger').warn({ origin }, 'key creation refused: origin not allowed');
    throw new DeconzError({ type: 1, address: '/', description: 'unauthorized user; origin not allowed' });
  }
  await authorise(c);
  const input = await parseBody(c.req.raw, createKeySchema, { base: '', fixedAddress: '/' });
  const existing = input.username === undefined ? undefined : services.store.apiKey(input.username);
  const key = existing?.key ?? input.username ?? generateApiKey();
  if (!existing) {
    const now = services.clock.now();
    const userAgent = c.req.header('User-Agent')?.slice(0, 256) ?? null;
    await services.store.addApiKey({ key, name: input.devicetype, createdAt: now, lastUsedAt: now, userAgent });
    c.get('logger').info({ devicetype: input.devicetype }, 'api key created');
  }
  c.header('ETag', configEtag(services));
  return sendJson(c, [{ success: { username: key } }]);
}
