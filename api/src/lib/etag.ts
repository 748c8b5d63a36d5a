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

/** A random tag per running gateway (per `Services`), minted on first use. */
const processTags = new WeakMap<Services, string>();

function processTag(services: Services): string {
  let tag = processTags.get(services);
  if (!tag) {
    tag = crypto.randomUUID().slice(0, 8);
    processTags.set(services, tag);
  }
  return tag;
}

/**
 * An ETag for content that is partly memory-only: the store tag (every committed write) plus the
 * change counters of in-memory models (device values, derived state). Counters restart at 0 with
 * the process, so once any has moved the process's own tag joins them: a tag handed out before a
 * restart can then never match newer content. While all are 0 the content is exactly what the
 * database holds, and the tag is the store's alone, the same before and after a restart.
 */
export function etagWithCounters(services: Services, counters: readonly number[]): string {
  const base = currentEtag(services).slice(1, -1);
  if (counters.every((count) => count === 0)) return `"${base}"`;
  return `"${base}-${processTag(services)}.${counters.join('.')}"`;
}
