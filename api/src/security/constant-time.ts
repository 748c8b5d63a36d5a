/**
 * Compare two secrets in time that depends only on the length of `expected`, so a timing probe
 * learns nothing about how much of a guess was right.
 */
export function constantTimeEqual(candidate: string, expected: string): boolean {
  let diff = candidate.length === expected.length ? 0 : 1;
  for (let i = 0; i < expected.length; i++) diff |= (candidate.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return diff === 0;
}

/** The entry whose key equals `candidate`, looked for without an early exit. */
export function findSecret<T>(entries: Iterable<T>, keyOf: (entry: T) => string, candidate: string): T | undefined {
  let found: T | undefined;
  for (const entry of entries) if (constantTimeEqual(candidate, keyOf(entry)) && found === undefined) found = entry;
  return found;
}
