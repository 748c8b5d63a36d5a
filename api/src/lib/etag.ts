import type { Services } from '../services/types';

/**
 * Versioned ETags (deconz-behavior.md §3 allows a counter): the database's random prefix plus the
 * store revision, which grows with every committed write and survives restarts. The unlock state
 * is part of the config but not a write, so it is folded in as well.
 */
export function currentEtag(services: Services): string {
  const unlocked = services.session.unlockedUntil > services.clock.now();
  return `"${services.store.identity().etagPrefix}-${services.store.revision()}${unlocked ? 'u' : ''}"`;
}
