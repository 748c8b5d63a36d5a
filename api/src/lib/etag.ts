import type { Services } from '../context';

/**
 * Versioned ETags (deconz-behavior.md §3 allows a counter): the database's random prefix plus the
 * store revision, which grows with every committed write and survives restarts. Content that also
 * shows facts outside the store adds them: `etagWithCounters`, `etagWithFacts`.
 */
export function currentEtag(services: Services): string {
  return `"${storeTag(services)}"`;
}

function storeTag(services: Services): string {
  return `${services.store.identity().etagPrefix}-${services.store.revision()}`;
}

/**
 * The store tag plus a digest of `facts`, values the content shows that live outside the store
 * (the config's radio facts, unlock window, permit-join countdown…): it changes with any of them
 * and, being derived from them, is the same again after a restart that shows the same content.
 */
export function etagWithFacts(services: Services, facts: readonly unknown[]): string {
  return `"${storeTag(services)}-f${factsDigest(facts)}"`;
}

/** A 53-bit digest of the facts as JSON (cyrb53's public-domain mixing; a tag compared for equality, no security). */
export function factsDigest(facts: readonly unknown[]): string {
  const text = JSON.stringify(facts);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
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
 * `facts` (see `etagWithFacts`) join either form.
 */
export function etagWithCounters(services: Services, counters: readonly number[], facts?: readonly unknown[]): string {
  const base = storeTag(services);
  const withFacts = facts ? `-f${factsDigest(facts)}` : '';
  if (counters.every((count) => count === 0)) return `"${base}${withFacts}"`;
  return `"${base}-${processTag(services)}.${counters.join('.')}${withFacts}"`;
}
