import type { Logger } from 'pino';
import type { Store } from '../store/types';

/** The login deCONZ and herdgate ship with; every LAN scanner knows it. */
export const DEFAULT_GATEWAY_PASSWORD = 'delight';

/**
 * Is a Basic login that just verified the well-known default? Then only a client on this host may
 * use it to create a key: anywhere else it would be a key for anyone on the network (or any web
 * page a household member opens). The link button (`unlock`) still works from anywhere.
 */
export function isDefaultPassword(password: string): boolean {
  return password === DEFAULT_GATEWAY_PASSWORD;
}

/** True while the gateway login is still the well-known default (not changed through the API). */
export function defaultPasswordInUse(store: Store, configured: string): boolean {
  return store.credentials()?.source !== 'api' && isDefaultPassword(configured);
}

/** The start log says it loudly while the default login is the stored one. */
export function warnAboutDefaultPassword(store: Store, configured: string, logger: Logger): void {
  if (!defaultPasswordInUse(store, configured)) return;
  logger.warn(
    'DEFAULT GATEWAY PASSWORD IN USE: keys can be created with it only from this host (127.0.0.1/::1) until it is changed; ' +
      'set GATEWAY_PASSWORD or change it with PUT /api/<key>/config/password. Other clients use the link button (PUT /config {"unlock": 60}).',
  );
}
